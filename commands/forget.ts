// `memory forget`: deletes memories someone does not want kept — by id, session, project, date or
// search match. A dry run (count and samples) unless --yes; the delete itself is in lib/db/forget.ts.
import type { Command } from 'commander';
import { listTombstones, removeTombstones } from '../lib/db/tombstones.js';
import { relativeAge } from '../lib/text/age.js';
import { forgetNow, selectForget, type ForgetSelection, type ForgetTarget } from '../lib/db/forget.js';
import { NO_FILTERS } from '../lib/db/search.js';
import { UsageError } from '../lib/errors.js';
import { cleanText } from '../lib/text/sanitize.js';
import { planSearch, TIER_LABELS } from '../lib/search/plan.js';
import { summarizeSession } from '../lib/session/summary.js';
import { loadTeamConfig } from '../lib/team/config.js';
import { clip } from '../lib/text.js';
import { cliConfig, withDatabase } from './_database.js';
import { parseIds, parseWhen, valueOf } from './_flags.js';
import { colorsFor, plural, renderPlainMemory } from './_format.js';

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
    .option('--undo <tombstone-ids...>', 'remove tombstones, so the next memory import may bring those memories back')
    .addHelpText(
      'after',
      `
Selectors combine: \`memory forget --project my-app --before 30d\` forgets only old memories of my-app.
A session's summary goes too once the session has no memories left, and is rebuilt without the
forgotten ones when it keeps others. Each forgotten memory leaves a tombstone (its tool call's id and
a digest of its session and text, never the text): memory import and the Stop hook's transcript
catch-up never store it again. --list-tombstones shows them, --undo <id> removes one.

Examples:
  memory forget 12 13
  memory forget --match "AKIA" --yes
  memory forget --session 5b1c0a52-… --yes
  memory forget --list-tombstones
  memory forget --undo 4`,
    )
    .action(async (ids: string[], options: ForgetOptions) => {
      if (options.listTombstones || options.undo) {
        process.stdout.write(runTombstones(ids, options));
        return;
      }
      process.stdout.write(runForget(ids, options));
      // pg is loaded only when a team server is configured.
      if (!options.yes || !loadTeamConfig(process.env).url) return;
      const team = await (await import('./team.js')).sendTombstonesNow(cliConfig().dbPath);
      (options.json ? process.stderr : process.stdout).write(team);
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

  return withDatabase(config, (db) => {
    const dryRun = options.yes !== true;
    const selection = dryRun
      ? selectForget(db, target, now)
      : forgetNow(db, target, now, (sessionId, rows, intent) => summarizeSession(sessionId, rows, now, intent));
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
    const samples = rows.slice(0, SAMPLES).map((row) => renderPlainMemory(row, now, c));
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

function runTombstones(ids: readonly string[], options: ForgetOptions): string {
  if (ids.length > 0 || (options.listTombstones && options.undo))
    throw new UsageError('--list-tombstones and --undo <tombstone-ids…> go alone');
  const config = cliConfig();
  const now = config.now();
  if (options.undo) {
    const wanted = valueOf(parseIds(options.undo));
    return withDatabase(config, (db) => {
      const removed = removeTombstones(db, wanted);
      const missing = wanted.filter((id) => !removed.includes(id));
      if (options.json) return `${JSON.stringify({ removed, missing }, null, 2)}\n`;
      const lines = [];
      if (removed.length > 0)
        lines.push(
          `Removed ${plural(removed.length, 'tombstone', 'tombstones')}: the next memory import (or the Stop hook's catch-up of that session) may store ${removed.length === 1 ? 'that memory' : 'those memories'} again, if the transcript still holds ${removed.length === 1 ? 'it' : 'them'}.`,
        );
      if (missing.length > 0) lines.push(`No tombstone ${missing.map((id) => `#${id}`).join(', ')}.`);
      return `${lines.join('\n')}\n`;
    });
  }
  return withDatabase(config, (db) => {
    const tombstones = listTombstones(db);
    if (options.json) return `${JSON.stringify(tombstones, null, 2)}\n`;
    if (tombstones.length === 0) return 'No tombstones: nothing forgotten is being kept out.\n';
    const c = colorsFor(process.stdout, process.env);
    return [
      `${plural(tombstones.length, 'forgotten memory', 'forgotten memories')} kept out of import and transcript catch-up (their text is not kept):`,
      ...tombstones.map(
        (t) =>
          `  ${c.bold(`#${t.id}`)}  forgotten ${relativeAge(t.forgottenAt, now)}: ${t.type} by ${cleanText(t.toolName)}, ${cleanText(t.project)}, session ${cleanText(t.sessionId)}, from ${t.createdAt.slice(0, 16).replace('T', ' ')}${t.memoryId === null ? '' : ` (was #${t.memoryId})`}`,
      ),
      'Undo one with memory forget --undo <#>: the next memory import may then store it again.',
      '',
    ].join('\n');
  });
}

/** `a, b and c` of the parts that are not empty. */
function listed(parts: readonly string[]): string {
  const kept = parts.filter(Boolean);
  return kept.length < 2 ? (kept[0] ?? '') : `${kept.slice(0, -1).join(', ')} and ${kept[kept.length - 1] ?? ''}`;
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
