// `memory show <id>`: one memory in full (every line of its content, cleaned for the terminal) with
// the memories just before and after it in its session. Thin: the reads are in lib/db/lookup.ts.
import { writeOut } from '../lib/io/stdout.js';
import type { Command } from 'commander';
import { memoriesByIds, sessionNeighbours } from '../lib/db/lookup.js';
import { MemoryError, UsageError } from '../lib/errors.js';
import { toPublicRecord } from '../lib/memory-record.js';
import { cleanBlock, cleanText } from '../lib/text/sanitize.js';
import { head } from '../lib/text/bounded.js';
import { cliConfig, withDatabase } from './shared/database.js';
import { parseIds, valueOf } from './shared/flags.js';
import { colorsFor, renderMemory, renderPlainMemory, renderWhy } from './shared/format.js';

interface ShowOptions {
  readonly context?: string;
  readonly json?: boolean;
}

const CONTEXT_DEFAULT = 3;
const CONTEXT_MAX = 50;

export function registerShow(program: Command): void {
  program
    .command('show')
    .description('one memory in full, with what came just before and after it in its session')
    .argument('<id>', 'a memory id, as `memory search` shows it (#12)')
    .option(
      '--context <n>',
      `how many memories of the session to show before and after it (0–${CONTEXT_MAX}, default ${CONTEXT_DEFAULT})`,
    )
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      `
Examples:
  memory show 12
  memory show 12 --context 0
  memory show 12 --json`,
    )
    .action((id: string, options: ShowOptions) => {
      writeOut(runShow(id, options));
    });
}

function contextFrom(value: string | undefined): number {
  if (value === undefined) return CONTEXT_DEFAULT;
  const n = /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(n >= 0 && n <= CONTEXT_MAX))
    throw new UsageError(
      `--context expects a whole number from 0 to ${CONTEXT_MAX} (got "${head(cleanText(value), 40)}")`,
    );
  return n;
}

function runShow(idText: string, options: ShowOptions): string {
  const [id] = valueOf(parseIds([idText.replace(/^#/, '')])) as [number];
  const count = contextFrom(options.context);
  const config = cliConfig();
  const now = config.now();
  const c = colorsFor(process.stdout, process.env);
  return withDatabase(config, 'read', (db) => {
    const row = memoriesByIds(db, [id])[0];
    if (!row)
      throw new MemoryError(
        `no memory has id ${id} (ids come from \`memory search\`; forgotten or expired memories are gone)`,
      );
    const { before, after } = sessionNeighbours(db, row, count);
    if (options.json) {
      const records = {
        memory: toPublicRecord(row),
        before: before.map((other) => toPublicRecord(other)),
        after: after.map((other) => toPublicRecord(other)),
      };
      return `${JSON.stringify(records, null, 2)}\n`;
    }
    // Every line of the content, each cleaned of escape sequences and controls, tabs as spaces.
    const lines = cleanBlock(row.content)
      .split('\n')
      .map((line) => line.replace(/\t/g, '  ').trimEnd());
    const body = lines.join('\n    ');
    // The intent whole (it is bounded when stored), beside the content it explains.
    const memory = toPublicRecord(row);
    const parts = [
      renderMemory(memory, row.type === 'error' ? c.red(body) : body, now, c) + renderWhy(memory, [], c, 400),
    ];
    const neighbours = (rows: typeof before, label: string) =>
      rows.length === 0
        ? []
        : [
            c.dim(`${label} in session ${cleanText(row.session_id)}:`),
            ...rows.map((other) => renderPlainMemory(toPublicRecord(other), now, c)),
          ];
    return `${[...neighbours(before, 'Before it'), ...(before.length > 0 ? [c.dim('This memory:')] : []), ...parts, ...neighbours(after, 'After it')].join('\n\n')}\n`;
  });
}
