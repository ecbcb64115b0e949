// `memory redact`: applies the current secret rules to what is already stored. A dry run (counts and
// ids) unless --yes; the rewrite itself is lib/db/rewrite.ts, the rules lib/redact/redact.ts.
import { writeOut } from '../lib/io/stdout.js';
import type { Command } from 'commander';
import { dropOldBytes, rewriteStored, type RewriteCounts } from '../lib/db/rewrite.js';
import { redactStoredRow } from '../lib/redact/redact.js';
import { databaseBytes } from '../lib/overview/stats.js';
import { cliConfig, withDatabase } from './shared/database.js';
import { colorsFor, plural } from './shared/format.js';

interface RedactOptions {
  readonly yes?: boolean;
  readonly json?: boolean;
}

export function registerRedact(program: Command): void {
  program
    .command('redact')
    .description('redact secrets in what is already stored, with the current rules (a dry run unless --yes)')
    .option('--yes', 'really rewrite the rows, then compact the database so the old text is gone from disk')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      `
Rewrites memories (content, tags, file path, request, intent), session summaries (with their request and
last answer), the prompts table and both search indexes in place, in
batches, then runs VACUUM and truncates the WAL. A memory of a key file keeps its path and says
"content not kept: key file"; one of an .env file keeps the names, not the values. \`memory doctor\` says when there is something to redact.

Examples:
  memory redact
  memory redact --yes`,
    )
    .action((options: RedactOptions) => {
      writeOut(runRedact(options));
    });
}

function runRedact(options: RedactOptions): string {
  const config = cliConfig();
  const dryRun = options.yes !== true;
  const before = databaseBytes(config.dbPath);
  return withDatabase(config, 'write', (db) => {
    const counts = rewriteStored(db, redactStoredRow, !dryRun);
    const changed = counts.memories + counts.summaries + counts.prompts + counts.legacy;
    // Compact even when nothing changed now: a previous interrupted run may have left old pages.
    if (!dryRun) dropOldBytes(db);
    const after = databaseBytes(config.dbPath);
    if (options.json) {
      return `${JSON.stringify(
        {
          dry_run: dryRun,
          memories: counts.memories,
          session_summaries: counts.summaries,
          prompts: counts.prompts,
          legacy_rows: counts.legacy,
          rows_checked: counts.rowsChecked,
          memory_ids: counts.memoryIds,
          ...(dryRun
            ? {}
            : { bytes_before: before.bytes + before.wal_bytes, bytes_after: after.bytes + after.wal_bytes }),
        },
        null,
        2,
      )}\n`;
    }
    const c = colorsFor(process.stdout, process.env);
    const checked = `${counts.rowsChecked.toLocaleString('en')} stored ${counts.rowsChecked === 1 ? 'row' : 'rows'} checked`;
    if (changed === 0) {
      return dryRun
        ? `Nothing to redact: no stored text matches the current secret rules (${checked}).\n`
        : `Nothing to redact (${checked}); compacted the database: ${size(before)} → ${size(after)}.\n`;
    }
    const what = describe(counts);
    if (!dryRun)
      return `Redacted secrets in ${what}; compacted the database and truncated its WAL: ${size(before)} → ${size(after)}.\n`;
    const ids =
      counts.memoryIds.length > 0
        ? [
            `Memories: ${counts.memoryIds
              .slice(0, 20)
              .map((id) => `#${id}`)
              .join(' ')}${counts.memories > 20 ? ' …' : ''}`,
          ]
        : [];
    return [
      `Would redact secrets in ${what} (${checked}).`,
      ...ids,
      `Nothing was changed. Run ${c.bold('memory redact --yes')} to rewrite them in place; the database is then compacted so the old text is gone from disk.`,
      '',
    ].join('\n');
  });
}

function describe(counts: RewriteCounts): string {
  return [
    counts.memories > 0 ? plural(counts.memories, 'memory', 'memories') : '',
    counts.summaries > 0 ? plural(counts.summaries, 'session summary', 'session summaries') : '',
    counts.prompts > 0 ? plural(counts.prompts, 'prompt', 'prompts') : '',
    counts.legacy > 0 ? plural(counts.legacy, 'row of the legacy tables', 'rows of the legacy tables') : '',
  ]
    .filter(Boolean)
    .join(' and ');
}

function size(bytes: { readonly bytes: number; readonly wal_bytes: number }): string {
  const total = bytes.bytes + bytes.wal_bytes;
  return total >= 1e6 ? `${(total / 1e6).toFixed(1)} MB` : `${(total / 1e3).toFixed(0)} kB`;
}
