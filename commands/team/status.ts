// `memory team status`: the server (without its password), this host, what is shared here and not
// pushed yet, and the role's projects on the server with their review counts and rules.
import type { Command } from 'commander';
import { writeOut } from '../../lib/io/stdout.js';
import { ensureTeamTables, hostId, pushCursors, teamProjects, unpushedCount } from '../../lib/team/local-queries.js';
import { queuedTombstones } from '../../lib/team/tombstone-queries.js';
import { serverId, serverLocale, serverSchemaVersion } from '../../lib/team/server-queries.js';
import { COUNT_CAP, projectsOverview } from '../../lib/team/server-review-queries.js';
import { cleanText } from '../../lib/text/sanitize.js';
import { displayUrl, type TeamConfig } from '../../lib/team/connection-string.js';
import { TeamError, withTeamServer } from '../../lib/team/connect.js';
import { isUtf8Locale, localeProblem } from '../../lib/team/locale.js';
import { plural } from '../shared/format.js';
import { run, withLocalSync } from './shared.js';

export function registerStatus(team: Command): void {
  team
    .command('status')
    .description('the server (without its password), your projects there, and what is shared and waiting here')
    .option('--json', 'machine-readable output')
    .action((options: { json?: boolean }) => run(async (config) => status(config, options.json === true)));
}

async function status(config: TeamConfig, json: boolean): Promise<string> {
  // The server first: what is not pushed yet is counted for it (another server gets everything again).
  const asked = config.url
    ? await withTeamServer(config, async (client) => {
        const locale = await serverLocale(client);
        const version = await serverSchemaVersion(client);
        const projects = version ? await projectsOverview(client, version) : [];
        return { locale, version, projects, id: version ? await serverId(client) : null };
      }).then(
        (remote) => ({ remote, error: null }),
        (error: unknown) => ({ remote: null, error }),
      )
    : { remote: null, error: null };
  const local = withLocalSync((db) => {
    ensureTeamTables(db);
    const server = asked.remote?.id ?? null;
    return {
      hostId: hostId(db),
      projects: teamProjects(db).map((p) => ({
        ...p,
        unpushed: unpushedCount(db, p.project, pushCursors(db, p, server)),
      })),
      tombstonesQueued: queuedTombstones(db).length,
    };
  });
  const where = config.url ? displayUrl(config.url) : null;
  const head = {
    server: where,
    configured_by: config.urlSource,
    host_name: config.hostName,
    host_id: local?.hostId ?? null,
    pii_filter: config.pii,
    shared: (local?.projects ?? []).filter((p) => p.shared),
    tombstones_queued: local?.tombstonesQueued ?? 0,
  };
  const lines = [
    `server: ${where ?? 'not configured (set CLAUDE_MEMORY_TEAM_URL)'}${config.urlSource ? ` (from ${config.urlSource})` : ''}`,
    `this host: ${cleanText(config.hostName)}${local ? ` (${local.hostId})` : ''}`,
    `PII filter: ${config.pii.length > 0 ? config.pii.join(', ') : 'off'}${config.piiPatterns.length > 0 ? ` + ${plural(config.piiPatterns.length, 'pattern')}` : ''}`,
    `shared here: ${head.shared.length === 0 ? 'nothing' : head.shared.map((p) => `${cleanText(p.project)} (${plural(p.unpushed.memories, 'memory', 'memories')} and ${plural(p.unpushed.summaries, 'summary', 'summaries')} not pushed yet)`).join(', ')}`,
  ];
  if (head.tombstones_queued > 0) lines.push(`tombstones waiting to be sent: ${head.tombstones_queued}`);
  const remote = asked.remote;
  if (!remote) {
    const out = json ? `${JSON.stringify(head, null, 2)}\n` : `${lines.join('\n')}\n`;
    if (asked.error === null) return out;
    writeOut(out);
    throw asked.error;
  }
  const problem = localeProblem(remote.locale);
  lines.push(
    `connected as ${remote.locale.user}: PostgreSQL ${remote.locale.serverVersion}, database ${remote.locale.database}, ${remote.locale.encoding}, ctype ${remote.locale.ctype}${isUtf8Locale(remote.locale) ? '' : ' (not UTF-8!)'}`,
    `team schema: ${remote.version ? `v${remote.version}` : 'none yet (`memory team init`)'}`,
    ...remote.projects.map(
      (p) =>
        `  ${cleanText(p.name)}: ${p.role ?? 'administrator'}; ${counted(p.approved)} approved, ${counted(p.pending)} pending; auto-approve ${p.auto_approve ? 'on' : 'off'}; TTL ${p.ttl_days}d (errors ${p.error_ttl_days}d)`,
    ),
  );
  if (remote.version && remote.projects.length === 0) lines.push('  you belong to no project on this server yet');
  const out = json
    ? `${JSON.stringify({ ...head, user: remote.locale.user, locale: remote.locale, schema_version: remote.version, projects: remote.projects }, null, 2)}\n`
    : `${lines.join('\n')}\n`;
  if (problem) {
    writeOut(out);
    throw new TeamError(problem);
  }
  return out;
}

/** A count of status, "100000+" past the cap it stops at. */
function counted(n: number): string {
  return n > COUNT_CAP ? `${COUNT_CAP}+` : String(n);
}
