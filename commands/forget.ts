// `memory forget`: deletes memories someone does not want kept — by id, session, project, date or
// search match. A dry run (count and samples) unless --yes; the delete itself is in lib/forget/queries.ts.
import { writeOut } from '../lib/io/stdout.js';
import type { Command } from 'commander';
import { listTombstones } from '../lib/db/tombstones.js';
import { restoreForgotten, type Restored } from '../lib/import/restore.js';
import { relativeAge } from '../lib/text/age.js';
import { forgetNow, selectForget, type ForgetSelection, type ForgetTarget } from '../lib/forget/queries.js';
import { hasProject, NO_FILTERS } from '../lib/search/queries.js';
import { UsageError } from '../lib/errors.js';
import { cleanText } from '../lib/text/sanitize.js';
import { planSearch, TIER_LABELS } from '../lib/search/plan.js';
import { summarizeSession } from '../lib/session/summary.js';
import { loadTeamConfig } from '../lib/team/connection-string.js';
import { clip } from '../lib/text/bounded.js';
import { cliConfig, unknownProjectError, withDatabase } from './shared/database.js';
import { parseIds, parseWhen, valueOf } from './shared/flags.js';
import { colorsFor, plural, renderPlainMemory } from './shared/format.js';
import { toPublicRecord } from '../lib/memory-record.js';

interface ForgetOptions {
  readonly session?: string;
  readonly project?: string;
  readonly before?: string;
  readonly match?: string;
  readonly yes?: boolean;
  readonly json?: boolean;
  readonly listTombstones?: boolean;
  readonly undo?: string[];
}

const SAMPLES = 5;

export function registerForget(program: Command): void {
  program
    .command('forget')
    .description('delete memories you do not want kept (a dry run unless --yes)')
    .argument('[ids...]', 'memory ids, as `memory search` shows them (#12)')
    .option('--session <id>', 'every memory of one session')
    .option('--project <name>', 'every memory of a project')
    .option('--before <when>', 'memories older than a duration (30d, 12h) or a date (2026-11-01)')
    .option(
      '--match <query>',
      'memories `memory search <query>` finds with every word, and the prompts and summaries holding them',
    )
    .option('--yes', 'really delete (without it, only show what would go)')
    .option('--json', 'machine-readable output')
    .option('--list-tombstones', 'list what was forgotten (never its text): import and transcript catch-up skip these')
    .option('--undo <ids...>', "restore forgotten memories (the ids they had) from their sessions' transcripts")
    .addHelpText(
      'after',
      `
Selectors combine: \`memory forget --project my-app --before 30d\` forgets only old memories of my-app.
A session's summary goes too once the session has no memories left, and is rebuilt without the
forgotten ones when it keeps others. Each forgotten memory leaves a tombstone (its tool call's id and
a digest of its session and text, never the text): memory import and the Stop hook's transcript
catch-up never store it again. --list-tombstones shows them; --undo <id> brings a memory back from
its session's transcript, while Claude Code still keeps it (its text was never kept anywhere else).

Examples:
  memory forget 12 13
  memory forget --match "AKIA" --yes
  memory forget --session 5b1c0a52-… --yes
  memory forget --list-tombstones
  memory forget --undo 12`,
    )
    .action(async (ids: string[], options: ForgetOptions) => {
      if (options.listTombstones || options.undo) {
        writeOut(await runTombstones(ids, options));
        return;
      }
      writeOut(runForget(ids, options));
      // pg is loaded only when a team server is configured.
      if (!options.yes || !loadTeamConfig(process.env).url) return;
      const team = await (await import('./team.js')).sendTombstonesNow(cliConfig().dbPath);
      if (options.json) process.stderr.write(team);
      else writeOut(team);
    });
}

function runForget(idArgs: readonly string[], options: ForgetOptions): string {
  const selectors =
    idArgs.length +
    [options.session, options.project, options.before, options.match].filter((v) => v !== undefined).length;
  if (selectors === 0)
    throw new UsageError(
      'say what to forget: ids, --session <id>, --project <name>, --before <when> or --match <query>',
    );
  for (const [flag, value] of [
    ['--session', options.session],
    ['--project', options.project],
    ['--match', options.match],
  ] as const) {
    if (value !== undefined && value.trim() === '') throw new UsageError(`${flag} needs a value`);
  }
  const ids = idArgs.length > 0 ? valueOf(parseIds(idArgs)) : null;
  const config = cliConfig();
  const now = config.now();
  const before = options.before === undefined ? null : valueOf(parseWhen('--before', options.before, now));
  const c = colorsFor(process.stdout, process.env);
  const match = options.match === undefined ? null : planSearch(options.match);
  if (options.match !== undefined && !match) {
    // Never let an empty match fall through to "everything the other selectors cover".
    if (options.json)
      return `${JSON.stringify(report(options.yes !== true, { rows: [], summaries: [], rebuilt: [], tier: null, prompts: 0 }), null, 2)}\n`;
    return `Nothing to forget: "${clip(cleanText(options.match), 80)}" has nothing to search for.\n`;
  }
  const target: ForgetTarget = {
    filters: {
      ...NO_FILTERS,
      ids,
      before,
      sessionId: options.session?.trim() ?? null,
      project: options.project?.trim() ?? null,
    },
    match,
    query: options.match ?? null,
  };

  return withDatabase(config, 'write', (db) => {
    const dryRun = options.yes !== true;
    const selection = dryRun
      ? selectForget(db, target, now)
      : forgetNow(db, target, now, (sessionId, rows, intent) => summarizeSession(sessionId, rows, now, intent));
    const { project } = target.filters;
    if (
      selection.rows.length + selection.summaries.length + selection.prompts === 0 &&
      project !== null &&
      !hasProject(db, project)
    )
      throw unknownProjectError(db, project);
    if (options.json) return `${JSON.stringify(report(dryRun, selection), null, 2)}\n`;

    const { rows, summaries, rebuilt, prompts } = selection;
    if (rows.length === 0 && summaries.length === 0 && prompts === 0 && rebuilt.length === 0)
      return 'Nothing to forget: no memories match.\n';
    const what = listed([
      plural(rows.length, 'memory', 'memories'),
      prompts > 0 ? plural(prompts, 'prompt', 'prompts') : '',
      summaries.length > 0 ? plural(summaries.length, 'session summary', 'session summaries') : '',
    ]);
    const it = rows.length + prompts === 1 ? 'it' : 'them';
    const summariesKept = plural(rebuilt.length, 'session summary', 'session summaries');
    if (!dryRun) return `Forgot ${what}.${rebuilt.length > 0 ? ` Rebuilt ${summariesKept} without ${it}.` : ''}\n`;
    const via = selection.tier ? `, found by ${TIER_LABELS[selection.tier]}` : '';
    const samples = rows.slice(0, SAMPLES).map((row) => renderPlainMemory(toPublicRecord(row), now, c));
    const rest = rows.length > SAMPLES ? [c.dim(`… and ${rows.length - SAMPLES} more`)] : [];
    return [
      `Would forget ${what}${via}:`,
      '',
      ...(samples.length > 0 ? [samples.join('\n\n'), ...rest, ''] : []),
      ...(rebuilt.length > 0 ? [`${summariesKept} would be rebuilt without ${it}.`] : []),
      `Nothing was deleted. Run the same command with ${c.bold('--yes')} to delete ${rows.length + prompts === 1 && summaries.length === 0 ? 'it' : 'them'}.`,
      '',
    ].join('\n');
  });
}

async function runTombstones(ids: readonly string[], options: ForgetOptions): Promise<string> {
  if (ids.length > 0 || (options.listTombstones && options.undo))
    throw new UsageError('--list-tombstones and --undo <ids…> go alone');
  const config = cliConfig();
  const now = config.now();
  if (options.undo) {
    const restored = await restoreForgotten(valueOf(parseIds(options.undo)), config, process.env);
    if (options.json) return `${JSON.stringify(restored, null, 2)}\n`;
    return `${restored.map(restoredLine).join('\n')}\n`;
  }
  return withDatabase(config, 'write', (db) => {
    const tombstones = listTombstones(db);
    if (options.json) return `${JSON.stringify(tombstones, null, 2)}\n`;
    if (tombstones.length === 0) return 'No tombstones: nothing forgotten is being kept out.\n';
    const c = colorsFor(process.stdout, process.env);
    return [
      `${plural(tombstones.length, 'forgotten memory', 'forgotten memories')} kept out of import and transcript catch-up (their text is not kept):`,
      ...tombstones.map(
        (t) =>
          `  ${c.bold(t.memoryId === null ? `tombstone ${t.id}` : `#${t.memoryId}`)}  forgotten ${relativeAge(t.forgottenAt, now)}: ${t.type} by ${cleanText(t.toolName)}, ${cleanText(t.project)}, session ${cleanText(t.sessionId)}, from ${t.createdAt.slice(0, 16).replace('T', ' ')}`,
      ),
      "Restore one with memory forget --undo <#>, from its session's transcript while Claude Code keeps it.",
      '',
    ].join('\n');
  });
}

/** `a, b and c` of the parts that are not empty. */
function listed(parts: readonly string[]): string {
  const kept = parts.filter(Boolean);
  return kept.length < 2 ? (kept[0] ?? '') : `${kept.slice(0, -1).join(', ')} and ${kept[kept.length - 1] ?? ''}`;
}

function restoredLine(r: Restored): string {
  if (r.nowId !== null) return `Restored #${r.memoryId} from its session's transcript: it is #${r.nowId} now.`;
  if (!r.transcript)
    return `#${r.memoryId} cannot come back: its session's transcript is gone and its text was never kept. Its tombstone is removed, so importing that transcript from a copy would store it again.`;
  return `#${r.memoryId}: its tombstone is removed, but its session's transcript did not store it again (it is noise, too old, or not in the transcript).`;
}

function report(dryRun: boolean, selection: ForgetSelection): Record<string, unknown> {
  return {
    dry_run: dryRun,
    memories: selection.rows.length,
    prompts: selection.prompts,
    session_summaries: selection.summaries.length,
    ids: selection.rows.map((row) => row.id),
    summary_session_ids: selection.summaries,
    rebuilt_summary_session_ids: selection.rebuilt,
    tier: selection.tier,
  };
}
