// `memory team push`, and the tombstones \`memory forget\` sends at once when a server is configured.
import type { Command } from 'commander';
import { writeOut } from '../../lib/io/stdout.js';
import { openDb } from '../../lib/db/open.js';
import { ensureTeamTables, teamProjects } from '../../lib/team/local-queries.js';
import { queuedTombstones } from '../../lib/team/tombstone-queries.js';
import { cleanText } from '../../lib/text/sanitize.js';
import { loadTeamConfig } from '../../lib/team/connection-string.js';
import { TeamError, withTeamServer } from '../../lib/team/connect.js';
import { assertServerReady, push, senderFor, sendTombstones } from '../../lib/team/push.js';
import { plural } from '../shared/format.js';
import { run, withLocal } from './shared.js';

export function registerPush(team: Command): void {
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
          const report = await withTeamServer(config, (client, where, another) =>
            push(db, client, config, where, { all: options.all === true }, another),
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
