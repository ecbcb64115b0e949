// `memory team review`, `approve` and `reject`: what waits for a maintainer (a page and its total),
// and the review itself, by ids or --all in batches with a running count on a terminal.
import type { Command } from 'commander';
import { pendingForReview, review, type ReviewSelection } from '../../lib/team/server-review-queries.js';
import { UsageError } from '../../lib/errors.js';
import { cleanText } from '../../lib/text/sanitize.js';
import { withTeamServer } from '../../lib/team/connect.js';
import { assertServerReady } from '../../lib/team/push.js';
import { clip } from '../../lib/text/bounded.js';
import { cliConfig } from '../shared/database.js';
import { parseLimit, valueOf } from '../shared/flags.js';
import { colorsFor, plural, relativeTime } from '../shared/format.js';
import { run } from './shared.js';

export function registerReview(team: Command): void {
  team
    .command('review')
    .description('list pushed memories waiting for your approval (maintainers)')
    .option('--project <name>', 'only this project')
    .option('--limit <n>', 'how many (default 50)')
    .option('--json', 'machine-readable output')
    .action((options: { project?: string; limit?: string; json?: boolean }) =>
      run(async (config) =>
        withTeamServer(config, async (client, where) => {
          await assertServerReady(client, where, 'reviewing');
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
            await assertServerReady(client, where, 'reviewing');
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
