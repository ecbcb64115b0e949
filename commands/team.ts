// `memory team …`: share chosen projects with teammates on a PostgreSQL server behind an approval
// gate. Thin: the local bookkeeping is lib/team/local-queries.ts, the server SQL lib/team/server-queries.ts,
// the push lib/team/push.ts. The connection string is only ever shown without its password.
import { writeOut } from '../lib/io/stdout.js';
import type { Command } from 'commander';
import { openDb, type Db } from '../lib/db/open.js';
import {
  ensureTeamTables,
  hostId,
  projectExists,
  queuedTombstones,
  queueProjectRetraction,
  FIRST_PUSH,
  hasPushed,
  isAnotherServer,
  pushCursors,
  setShared,
  teamProject,
  teamProjects,
  unpushedCount,
  type PushCursors,
} from '../lib/team/local-queries.js';
import {
  addMember,
  migrateServer,
  removeMember,
  roleExists,
  serverLocale,
  serverId,
  serverSchemaVersion,
  SERVER_SCHEMA_VERSION,
  setProjectRules,
} from '../lib/team/server-queries.js';
import {
  expireOld,
  pendingForReview,
  projectsOverview,
  review,
  type ReviewSelection,
} from '../lib/team/server-review-queries.js';
import { indexOldRows } from '../lib/team/server-search-queries.js';
import { MissingDatabaseError, UsageError } from '../lib/errors.js';
import { resolveProject } from '../lib/capture/project.js';
import { cleanText } from '../lib/text/sanitize.js';
import { displayUrl, loadTeamConfig, type TeamConfig } from '../lib/team/connection-string.js';
import { TeamError, withTeamServer } from '../lib/team/connect.js';
import { isUtf8Locale, localeProblem } from '../lib/team/locale.js';
import { askServerId, assertServerReady, push, senderFor, sendTombstones } from '../lib/team/push.js';
import { clip } from '../lib/text/bounded.js';
import { cliConfig } from './shared/database.js';
import { parseLimit, valueOf } from './shared/flags.js';
import { colorsFor, plural, relativeTime } from './shared/format.js';

export function registerTeam(program: Command): void {
  const team = program
    .command('team')
    .description('share chosen projects with teammates on a PostgreSQL server, behind an approval gate')
    .addHelpText(
      'after',
      `
The server is a PostgreSQL connection string in CLAUDE_MEMORY_TEAM_URL, or "team": {"url": "…"} in
~/.claude/memory.json. Nothing is shared until you \`memory team share <project>\`; pushed memories wait
for a maintainer's approval before teammates see them.`,
    );

  team
    .command('init')
    .description('create or upgrade the team schema on the server (run by its administrator; safe to repeat)')
    .action(() =>
      run(async (config) =>
        withTeamServer(config, async (client, where) => {
          const locale = await serverLocale(client);
          const problem = localeProblem(locale);
          if (problem) throw new TeamError(problem);
          const { from, to } = await migrateServer(client);
          if (from > to || from > SERVER_SCHEMA_VERSION)
            throw new TeamError(
              `team schema v${from} on ${where} is newer than this version (v${SERVER_SCHEMA_VERSION})`,
            );
          const indexed = await indexOldRows(client);
          const what =
            from === to
              ? `already at schema v${to}`
              : from === 0
                ? `schema v${to} created`
                : `schema upgraded v${from} → v${to}`;
          return (
            `Team server ${where}: ${what} (database ${locale.database}, ${locale.encoding}, ctype ${locale.ctype}).\n` +
            (indexed > 0 ? `Indexed ${plural(indexed, 'memory', 'memories')} pushed before for search.\n` : '') +
            (from === 0
              ? 'Next: create a login role per teammate, then `memory team member add <role> <project> [--maintainer]`.\n'
              : '')
          );
        }),
      ),
    );

  team
    .command('share')
    .description('share a project (default: the current one): `memory team push` will send its memories')
    .argument('[project]', 'project name as `memory search --stats` shows it')
    .option('--from-now', "send only what is captured from now on, not the project's history")
    .action((project: string | undefined, options: { fromNow?: boolean }) =>
      run(async (config) =>
        withLocal(true, async (db) => {
          const name = projectName(project);
          const now = cliConfig().now().toISOString();
          ensureTeamTables(db);
          setShared(db, name, true, now, options.fromNow === true);
          const known = projectExists(db, name)
            ? ''
            : ` (no memories of "${cleanText(name)}" yet: check the name with \`memory search --stats\`)`;
          return `Shared ${cleanText(name)}${known}. ${nextPushOf(db, name, await askServerId(config))}\n`;
        }),
      ),
    );

  team
    .command('unshare')
    .description('stop sharing a project: nothing more of it leaves this machine')
    .argument('[project]', 'project name (default: the current one)')
    .option('--retract', 'also remove what this machine already pushed of it from the server (at the next push)')
    .action((project: string | undefined, options: { retract?: boolean }) =>
      run(async () =>
        withLocal(false, (db) => {
          const name = projectName(project);
          ensureTeamTables(db);
          const now = cliConfig().now().toISOString();
          setShared(db, name, false, now);
          const retracted = options.retract ? queueProjectRetraction(db, name, now) : 0;
          const more = options.retract
            ? ` ${plural(retracted, 'tombstone')} queued: the next \`memory team push\` removes what was pushed.`
            : ' What was already pushed stays on the server (--retract removes it).';
          return `Unshared ${cleanText(name)}: nothing more of it is pushed.${more}\n`;
        }),
      ),
    );

  team
    .command('push')
    .description("send the shared projects' new memories and session summaries, and queued tombstones")
    .option('--all', 'offer everything again (after a server restore); the server skips what it has')
    .option('--json', 'machine-readable output')
    .action((options: { all?: boolean; json?: boolean }) =>
      run(async (config) =>
        withLocal(false, async (db) => {
          ensureTeamTables(db);
          if (!teamProjects(db).some((p) => p.shared) && queuedTombstones(db).length === 0) {
            return options.json
              ? `${JSON.stringify({ projects: [], tombstones_sent: 0 })}\n`
              : 'Nothing to push: no project is shared (`memory team share <project>`).\n';
          }
          const report = await withTeamServer(config, (client, where) =>
            push(db, client, config, where, { all: options.all === true }),
          );
          const failed = report.projects.filter((p) => p.error !== null);
          const out = options.json ? `${JSON.stringify(report, null, 2)}\n` : renderPush(report);
          if (failed.length > 0) {
            writeOut(out);
            throw new TeamError(failed.map((p) => p.error).join('; '));
          }
          return out;
        }),
      ),
    );

  team
    .command('review')
    .description('list pushed memories waiting for your approval (maintainers)')
    .option('--project <name>', 'only this project')
    .option('--limit <n>', 'how many (default 50)')
    .option('--json', 'machine-readable output')
    .action((options: { project?: string; limit?: string; json?: boolean }) =>
      run(async (config) =>
        withTeamServer(config, async (client, where) => {
          await assertServerReady(client, where);
          const limit = options.limit === undefined ? 50 : valueOf(parseLimit(options.limit));
          const { items, total } = await pendingForReview(client, options.project ?? null, limit);
          if (options.json) return `${JSON.stringify(items, null, 2)}\n`;
          if (items.length === 0) return 'Nothing waits for your review.\n';
          const c = colorsFor(process.stdout, process.env);
          const now = cliConfig().now();
          const lines = items.map((item) => {
            const id = item.kind === 'memory' ? `#${item.id}` : item.id;
            const head = [
              c.dim(id),
              c.yellow(relativeTime(item.created_at, now)),
              c.cyan(cleanText(item.project)),
              `${cleanText(item.author)}@${cleanText(item.host_name)}`,
              c.magenta(cleanText(item.type)),
              item.file_path ? c.green(cleanText(item.file_path)) : '',
            ]
              .filter(Boolean)
              .join('  ');
            return `${head}\n    ${clip(cleanText(item.content), 300)}`;
          });
          return (
            `${plural(total, 'item')} waiting for review${total > items.length ? ` (showing ${items.length} of ${total}: --limit shows more)` : ''}:\n\n${lines.join('\n\n')}\n\n` +
            `Approve with \`memory team approve <ids…>\` (or --all --project <name>); reject with \`memory team reject <ids…> --reason "…"\`.\n`
          );
        }),
      ),
    );

  for (const verb of ['approve', 'reject'] as const) {
    team
      .command(verb)
      .description(
        verb === 'approve'
          ? 'let the team see pushed memories (maintainers)'
          : 'keep pushed memories from the team, with a reason (maintainers)',
      )
      .argument('[ids...]', 'ids from `memory team review`: 12 for a memory, s3 for a session summary')
      .option('--all', 'every pending item you may review (with --project: of that project)')
      .option('--project <name>', 'with --all: only this project')
      .option('--reason <text>', verb === 'approve' ? 'why (kept with the review)' : 'why (required)')
      .action((ids: string[], options: { all?: boolean; project?: string; reason?: string }) =>
        run(async (config) => {
          const selection = reviewSelection(ids, options);
          const reason = options.reason?.trim() || null;
          if (verb === 'reject' && !reason)
            throw new UsageError('memory team reject needs --reason "…" (the author sees why)');
          return withTeamServer(config, async (client, where) => {
            await assertServerReady(client, where);
            // --all goes in batches, each committed on its own: on a terminal, a running count on stderr.
            const tty = process.stderr.isTTY === true;
            const changed = await review(
              client,
              selection,
              verb === 'approve' ? 'approved' : 'rejected',
              reason,
              (n) => {
                if (tty)
                  process.stderr.write(`\r${verb === 'approve' ? 'approved' : 'rejected'} ${n.toLocaleString('en')}…`);
              },
            );
            if (tty && selection.allPending && changed > 0) process.stderr.write('\n');
            const asked = selection.allPending ? null : selection.memoryIds.length + selection.summaryIds.length;
            const skipped =
              asked !== null && changed < asked
                ? ` (${asked - changed} not found, already ${verb}d, or not yours to review)`
                : '';
            return `${verb === 'approve' ? 'Approved' : 'Rejected'} ${plural(changed, 'item')}${skipped}.\n`;
          });
        }),
      );
  }

  team
    .command('auto-approve')
    .description('approve every push of a project as it arrives, or stop doing so (maintainers)')
    .argument('<project>', 'project name')
    .argument('<on|off>', 'on or off')
    .action((project: string, state: string) =>
      run(async (config) => {
        if (!/^(on|off)$/.test(state))
          throw new UsageError(`auto-approve expects on or off (got "${clip(state, 20)}")`);
        return withTeamServer(config, async (client, where) => {
          await assertServerReady(client, where);
          if (!(await setProjectRules(client, project, { autoApprove: state === 'on' }))) throw notMaintainer(project);
          return `Auto-approve is ${state} for ${cleanText(project)}.\n`;
        });
      }),
    );

  team
    .command('ttl')
    .description("how long a project's memories stay on the server (maintainers; default 180 days, errors 365)")
    .argument('<project>', 'project name')
    .option('--days <n>', 'days to keep memories and session summaries')
    .option('--error-days <n>', 'days to keep errors (at least --days)')
    .action((project: string, options: { days?: string; errorDays?: string }) =>
      run(async (config) => {
        const days = options.days === undefined ? undefined : dayCount('--days', options.days);
        const errorDays = options.errorDays === undefined ? undefined : dayCount('--error-days', options.errorDays);
        if (days === undefined && errorDays === undefined)
          throw new UsageError('give --days <n> and/or --error-days <n>');
        return withTeamServer(config, async (client, where) => {
          await assertServerReady(client, where);
          const current = (await projectsOverview(client)).find((p) => p.name === project);
          // A member sees the project but may not change it; the administrator sees it with no role.
          if (!current || current.role === 'member') throw notMaintainer(project);
          const [keep, keepErrors] = [days ?? current.ttl_days, errorDays ?? current.error_ttl_days];
          if (keepErrors < keep)
            throw new UsageError(
              `errors are kept at least as long as other memories: --error-days would be ${keepErrors}, --days ${keep}`,
            );
          if (!(await setProjectRules(client, project, { ttlDays: keep, errorTtlDays: keepErrors })))
            throw notMaintainer(project);
          return `${cleanText(project)} keeps memories ${keep} days and errors ${keepErrors} days.\n`;
        });
      }),
    );

  team
    .command('expire')
    .description("delete what is older than its project's TTL (run daily from cron; maintainers and the administrator)")
    .action(() =>
      run(async (config) =>
        withTeamServer(config, async (client, where) => {
          await assertServerReady(client, where);
          const { memories, summaries } = await expireOld(client, cliConfig().now());
          return `Expired ${plural(memories, 'memory', 'memories')} and ${plural(summaries, 'session summary', 'session summaries')}.\n`;
        }),
      ),
    );

  const member = team.command('member').description('who belongs to which project (the administrator)');
  member
    .command('add')
    .description('add a PostgreSQL role to a project (creating the project), as member or maintainer')
    .argument('<role>', 'an existing login role')
    .argument('<project>', 'project name')
    .option('--maintainer', "may review, approve and set the project's rules")
    .action((role: string, project: string, options: { maintainer?: boolean }) =>
      run(async (config) =>
        withTeamServer(config, async (client, where) => {
          await assertServerReady(client, where);
          if (!(await roleExists(client, role)))
            throw new TeamError(
              `no role "${role}" on ${where}: create it first (CREATE ROLE ${role} LOGIN PASSWORD '…')`,
            );
          const as = options.maintainer ? 'maintainer' : 'member';
          await addMember(client, role, project, as);
          return `${role} is a ${as} of ${cleanText(project)}.\n`;
        }),
      ),
    );
  member
    .command('remove')
    .description('remove a role from a project')
    .argument('<role>', 'the role')
    .argument('<project>', 'project name')
    .action((role: string, project: string) =>
      run(async (config) =>
        withTeamServer(config, async (client, where) => {
          await assertServerReady(client, where);
          if (!(await removeMember(client, role, project)))
            throw new TeamError(`${role} is not a member of ${cleanText(project)} (or you may not change its members)`);
          return `${role} no longer belongs to ${cleanText(project)}.\n`;
        }),
      ),
    );

  team
    .command('status')
    .description('the server (without its password), your projects there, and what is shared and waiting here')
    .option('--json', 'machine-readable output')
    .action((options: { json?: boolean }) => run(async (config) => status(config, options.json === true)));
}

/** Runs one team action: prints config warnings, then its output. Errors go to cli.ts. */
async function run(action: (config: TeamConfig) => Promise<string>): Promise<void> {
  cliConfig(); // the local settings, read once, their warnings said before any output
  writeOut(await action(loadTeamConfig(process.env)));
}

/** Opens the local database for the duration of `work` (created only when `create`). */
async function withLocal<T>(create: boolean, work: (db: Db) => T | Promise<T>): Promise<T> {
  const dbPath = cliConfig().dbPath;
  const db = openDb(dbPath, { create });
  if (!db) throw new MissingDatabaseError(dbPath);
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

function projectName(given: string | undefined): string {
  const name = given?.trim() ?? resolveProject(process.env, process.cwd()).name;
  if (name === '') throw new UsageError('give a project name (see `memory search --stats`)');
  return name;
}

function reviewSelection(ids: readonly string[], options: { all?: boolean; project?: string }): ReviewSelection {
  if (options.all && ids.length > 0) throw new UsageError('give ids or --all, not both');
  if (!options.all && ids.length === 0) throw new UsageError('give ids from `memory team review`, or --all');
  if (options.project !== undefined && !options.all) throw new UsageError('--project goes with --all');
  const memoryIds: number[] = [];
  const summaryIds: number[] = [];
  for (const id of ids) {
    const match = /^(s|#)?(\d{1,15})$/i.exec(id.trim());
    if (!match)
      throw new UsageError(`review ids look like 12 (a memory) or s3 (a session summary) (got "${clip(id, 30)}")`);
    (match[1]?.toLowerCase() === 's' ? summaryIds : memoryIds).push(Number(match[2]));
  }
  return { memoryIds, summaryIds, allPending: options.all === true, project: options.project?.trim() ?? null };
}

function dayCount(flag: string, value: string): number {
  const n = /^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(n >= 1 && n <= 36500))
    throw new UsageError(`${flag} expects a whole number of days from 1 to 36500 (got "${clip(value, 20)}")`);
  return n;
}

function notMaintainer(project: string): TeamError {
  return new TeamError(`you do not maintain a project "${cleanText(project)}" on the team server`);
}

/** What `memory team push` will send of `project`, counted for the configured server by push's own cursors. */
function nextPushOf(db: Db, project: string, server: { readonly id: string } | { readonly why: string }): string {
  const counts = (from: PushCursors): string => {
    const n = unpushedCount(db, project, from);
    return `${plural(n.memories, 'memory', 'memories')} and ${plural(n.summaries, 'session summary', 'session summaries')}`;
  };
  const cursors = teamProject(db, project);
  if ('id' in server && isAnotherServer(db, server.id))
    return `\`memory team push\` sends ${counts(FIRST_PUSH)} so far, for review: this machine has not pushed to this team server before, so everything shared is offered again.`;
  if ('why' in server && hasPushed(db))
    return `\`memory team push\` sends ${counts(cursors)} so far to the team server this machine pushed to last, or ${counts(FIRST_PUSH)} to another one, for review (${server.why}).`;
  return `\`memory team push\` sends ${counts(pushCursors(db, cursors, null))} so far, for review.`;
}

function renderPush(report: Awaited<ReturnType<typeof push>>): string {
  const lines: string[] = [];
  if (report.newServer)
    lines.push('This is a different team server than last time: everything shared was offered again.');
  if (report.tombstonesSent > 0)
    lines.push(
      `Sent ${plural(report.tombstonesSent, 'tombstone')} (${plural(report.rowsForgotten, 'row')} removed from the server).`,
    );
  for (const p of report.projects) {
    if (p.error) continue;
    const already = p.memoriesSent - p.memoriesInserted;
    lines.push(
      `${cleanText(p.project)}: ${plural(p.memoriesInserted, 'new memory', 'new memories')}` +
        `${already > 0 ? ` (${already} already on the server)` : ''}, ` +
        `${plural(p.summariesInserted, 'new session summary', 'new session summaries')}` +
        `${p.summariesUpdated > 0 ? `, ${p.summariesUpdated} updated` : ''}.`,
    );
  }
  if (
    report.projects.some((p) => !p.error && (p.memoriesInserted > 0 || p.summariesInserted + p.summariesUpdated > 0))
  ) {
    lines.push("New items wait for a maintainer's approval unless the project auto-approves.");
  }
  return `${lines.join('\n')}\n`;
}

async function status(config: TeamConfig, json: boolean): Promise<string> {
  // The server first: what is not pushed yet is counted for it (another server gets everything again).
  const asked = config.url
    ? await withTeamServer(config, async (client) => {
        const locale = await serverLocale(client);
        const version = await serverSchemaVersion(client);
        const projects = version ? await projectsOverview(client) : [];
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
        `  ${cleanText(p.name)}: ${p.role ?? 'administrator'}; ${p.approved} approved, ${p.pending} pending; auto-approve ${p.auto_approve ? 'on' : 'off'}; TTL ${p.ttl_days}d (errors ${p.error_ttl_days}d)`,
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

function withLocalSync<T>(work: (db: Db) => T): T | null {
  const db = openDb(cliConfig().dbPath, { create: false });
  if (!db) return null;
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** Used by `memory forget`: sends the tombstones it queued now, when a server is configured. */
export async function sendTombstonesNow(dbPath: string): Promise<string> {
  const config = loadTeamConfig(process.env);
  if (!config.url) return '';
  const db = openDb(dbPath, { create: false });
  if (!db) return '';
  try {
    if (queuedTombstones(db).length === 0) return '';
    const [sent] = await withTeamServer(config, async (client, where) => {
      await assertServerReady(client, where);
      return sendTombstones(db, client, senderFor(db, config));
    });
    return `Removed ${plural(sent, 'forgotten item')} from the team server too.\n`;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return `The team server was not reached (${why}); the next \`memory team push\` removes the forgotten items there.\n`;
  } finally {
    db.close();
  }
}
