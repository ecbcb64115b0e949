// `memory search`: tiered full-text search, and the --recent, --stats and --summaries views, each with
// the same filters and a --json form. Thin: validation in _flags.ts, SQL in lib/search/queries.ts and stats.ts.
import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { bestMatches, type BestMatch } from '../lib/search/best-match-queries.js';
import { hasProject, projectNames, recentMemories, sessionSummaries, type Filters } from '../lib/search/queries.js';
import { projectSpan } from '../lib/db/counts.js';
import type { Db } from '../lib/db/open.js';
import { indexPending } from '../lib/db/search-index.js';
import { UsageError } from '../lib/errors.js';
import { toPublicRecord } from '../lib/memory-record.js';
import { cleanText } from '../lib/text/sanitize.js';
import { resolveProject } from '../lib/capture/project.js';
import { searchTerms, TIER_LABELS, type Tier } from '../lib/search/plan.js';
import { searchHit } from '../lib/search/hit.js';
import { BRIDGE_LABELS } from '../lib/language/bridges.js';
import type { BestResult } from '../lib/search/best-match-queries.js';
import { holdsAny, likeSnippet, shownWord } from '../lib/search/snippet.js';
import { computeStats } from '../lib/overview/stats.js';
import { clip } from '../lib/text/bounded.js';
import { cliConfig, unknownProjectError, waitingEvents, withDatabase } from './shared/database.js';
import { filtersFrom, flagTypo, limitFrom, nearestNames, type FilterOptions } from './shared/flags.js';
import {
  COLOR_CHOICES,
  colorsFor,
  plural,
  quoted,
  renderMemory,
  renderPlainMemory,
  renderSnippet,
  renderSummary,
  renderWhy,
  type ColorChoice,
  type Colors,
} from './shared/format.js';
import { stdoutTerminal, writeOut } from '../lib/io/stdout.js';
import { renderStats } from './shared/stats.js';

interface SearchOptions extends FilterOptions {
  readonly recent?: boolean;
  readonly stats?: boolean;
  readonly summaries?: boolean;
  readonly reindex?: boolean;
  readonly explain?: boolean;
  readonly color?: ColorChoice;
}

export function registerSearch(program: Command): void {
  program
    .command('search')
    .description('search past sessions: best match first (rows with every word, then most of the rare ones)')
    .argument('[query...]', 'words to find (rows with every word first; quotes and operators are searched as text)')
    .option('--recent', 'the latest memories (20 unless --limit)')
    .option('--stats', 'totals, activity per day, top commands and files')
    .option('--summaries', 'session summaries, newest first; with words, the summaries holding every one')
    .option('--reindex', 'finish indexing memories stored before the search index existed (after an upgrade)')
    .option('--project <name>', 'only this project (default: all projects)')
    .option('--here', 'only the project of the current directory')
    .option('--type <type>', 'observation, file_edit, command or error')
    .option('--agent <name>', 'only what this agent did: claude, codex, gemini, cursor or opencode')
    .option('--since <when>', 'newer than a duration (7d, 12h, 30m, 2w) or a date (2026-11-01)')
    .option('--limit <n>', 'how many rows (default 20; 10 for --summaries and for --stats top lists)')
    .option('--json', 'machine-readable output')
    .option('--explain', 'how each word was looked up (index, memories holding it, its Korean ↔ English bridge)')
    .addOption(
      program
        .createOption(
          '--color <when>',
          'highlight matches in colour: auto (a terminal without NO_COLOR), always, never',
        )
        .choices(COLOR_CHOICES)
        .default('auto'),
    )
    .option('--team', 'also search the team server (`memory team`), results marked with their origin')
    // A query may look like a flag (`--force`): unknown long options are searched for, not rejected
    // (a near-miss of ours and any short flag are, in rejectFlagTypos).
    .allowUnknownOption()
    .addHelpText(
      'after',
      `
Examples:
  memory search JWT 인증
  memory search handler --here --since 7d
  memory search --recent --type error
  memory search --recent --agent codex
  memory search --stats --project my-app
  memory search --summaries --limit 5 --json
  memory search --summaries empty name
  memory search --team 인증`,
    )
    .action(async (query: string[], options: SearchOptions & { team?: boolean }, command: Command) => {
      rejectFlagTypos(query, command);
      if (options.team) return (await import('./shared/team-search.js')).runTeamSearch(query, options);
      writeOut(runSearch(query, options));
    });
}

/** `memory search words…` without flags: the same search, reached without commander (see cli.ts). */
export function searchWords(query: readonly string[]): string {
  return runSearch(query, {});
}

/**
 * `--limt 5` is a typo and `-n 3` another tool's flag, not searches; `memory search -- --limt` or
 * `-- -n` searches for them on purpose.
 */
function rejectFlagTypos(query: readonly string[], command: Command): void {
  if (process.argv.includes('--')) return;
  const flags = command.options.map((option) => option.long?.replace(/^--/, '') ?? '').filter(Boolean);
  for (const word of query) {
    const meant = flagTypo(word, flags);
    if (meant)
      throw new UsageError(
        `unknown option ${word.split('=')[0]} (did you mean --${meant}? to search for it, put -- before it)`,
      );
    // None of our flags is short (commander handles -h and -V before this): `-n`, `-n3`, `-xvf`.
    if (/^-[A-Za-z]/.test(word))
      throw new UsageError(
        `unknown option ${clip(cleanText(word), 40)} (see memory search --help; to search for it, put -- before it)`,
      );
  }
}

function runSearch(query: readonly string[], options: SearchOptions): string {
  const modes = (['recent', 'stats', 'summaries', 'reindex'] as const).filter((mode) => options[mode]);
  if (modes.length > 1) throw new UsageError(`choose one of --${modes.join(', --')}`);
  const [mode] = modes;
  if (mode && mode !== 'summaries' && query.length > 0)
    throw new UsageError(`--${mode} takes no search words (got "${clip(query.join(' '), 40)}")`);
  if (!mode && query.length === 0)
    throw new UsageError('give words to search for, or one of --recent, --stats, --summaries, --reindex');

  const config = cliConfig();
  const now = config.now();
  const filters = filtersFrom(options, now);
  const limit = limitFrom(options, mode === 'stats' || mode === 'summaries' ? 10 : 20);
  const c = colorsFor(stdoutTerminal, process.env, options.color);
  const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

  // A brand-new install has no database until the first captured call: that is an empty report, not an error.
  if (mode === 'stats' && !existsSync(config.dbPath)) {
    if (options.json)
      return json({ total: 0, sessions: 0, summaries: 0, errors: 0, database: { path: config.dbPath, exists: false } });
    return `No memories yet: ${config.dbPath} is created by the first edit, command or error a session records.\n`;
  }
  // --reindex builds the search indexes; every other mode only reads, and leaves what waits to the hooks.
  const output = withDatabase(
    config,
    mode === 'reindex' ? 'write' : 'read',
    (db) => {
      if (mode !== 'reindex') {
        const unknown = unknownProject(db, filters, options.json === true || mode === 'stats');
        if (unknown !== null) return unknown;
      }
      if (mode === 'reindex') {
        const indexed = indexPending(db, Number.MAX_SAFE_INTEGER);
        return options.json
          ? json({ indexed })
          : `${indexed === 0 ? 'Every memory was already in the search index.' : `Indexed ${plural(indexed, 'memory', 'memories')}; every memory is in the search index.`}\n`;
      }
      if (mode === 'stats') {
        const stats = computeStats(db, filters, config.dbPath, now, limit);
        return options.json ? json(stats) : `${renderStats(stats, now, c)}\n`;
      }
      if (mode === 'summaries') {
        const words = searchTerms(query.join(' '));
        const rows = sessionSummaries(db, filters, limit, words);
        if (options.json) return json(rows);
        if (rows.length === 0)
          return words.length > 0
            ? `No session summary holds ${quoted(clip(cleanText(query.join(' ')), 80))}.\n`
            : 'No session summaries yet (they are written when a session ends).\n';
        return `${rows.map((row) => renderSummary(row, now, c)).join('\n\n')}\n`;
      }
      if (mode === 'recent') {
        const rows = recentMemories(db, filters, limit);
        if (options.json) return json(rows.map((row) => toPublicRecord(row)));
        if (rows.length === 0) return 'No memories yet for these filters.\n';
        return `${rows.map((row) => renderPlainMemory(toPublicRecord(row), now, c)).join('\n\n')}\n`;
      }

      // After an upgrade, memories not yet indexed are scanned until a hook or doctor indexes them.
      const text = query.join(' ');
      const shown = clip(cleanText(text), 80);
      const here = resolveProject(process.env, process.cwd()).path;
      // Only the terminal's header counts every match; --json lists the page.
      const found = bestMatches(db, text, filters, { limit, here, count: !options.json });
      if (found.words.length === 0)
        return options.json ? json([]) : `Nothing to search for in ${quoted(shown)}: try words or parts of words.\n`;
      const hits = found.matches;
      if (options.json) return json(hits.map((hit) => searchHit(toPublicRecord(hit.row), found.tier, hit)));
      const explained = options.explain ? `${explainWords(found)}\n` : '';
      if (hits.length === 0) return `${explained}No memories match ${quoted(shown)}.\n`;
      const english = new Map(
        found.lookups.map((word) => [word.text, word.bridge?.korean ?? word.bridge?.english ?? []]),
      );
      // A full page may be one of many: the header counts them all.
      const total = found.total ?? hits.length;
      const counted = `${found.atLeast ? 'at least ' : ''}${plural(total, 'memory', 'memories')}`;
      const header = `${c.bold(counted)} ${total === 1 && !found.atLeast ? 'matches' : 'match'} ${quoted(shown)} ${c.dim(`· best match first · ${TIER_LABELS[found.tier]}`)}`;
      const more = found.more
        ? `\n${c.dim(`Showing the first ${hits.length} of ${found.atLeast ? 'at least ' : ''}${total}; use --limit for more.`)}`
        : '';
      const body = hits
        .map((hit) => renderHit(hit, found.tier, now, c, english, options.explain === true))
        .join('\n\n');
      return `${explained}${header}\n\n${body}\n${more}${more ? '\n' : ''}`;
    },
    { oneShot: mode !== 'reindex' },
  );
  const waiting = options.json || mode === 'reindex' ? 0 : waitingEvents(config);
  if (waiting > 0)
    process.stderr.write(
      `memory: ${plural(waiting, 'captured event waits', 'captured events wait')} to be stored (the next hook or memory doctor --repair stores them).\n`,
    );
  return output;
}

/** `--explain`: one line per query word, saying how it was looked up and through which bridge. */
function explainWords(found: BestResult): string {
  const lines = found.lookups.map((word) => {
    const parts = [`${plural(word.df, 'memory', 'memories')} (${TIER_LABELS[word.tier]})`];
    if (word.stop) parts.push('a function word: weighs nothing beside the others');
    const bridge = word.bridge;
    if (bridge) {
      const what = bridge.korean
        ? `English of ${bridge.korean.join(', ')}`
        : `${BRIDGE_LABELS[bridge.table]} ${bridge.english.join(', ')}`;
      parts.push(
        `bridge: ${cleanText(bridge.via)} = ${what}, ${plural(word.bridgeDf, 'more memory', 'more memories')} (each weighs less than the word itself)`,
      );
    }
    return `  ${cleanText(word.text)}: ${parts.join('; ')}`;
  });
  return `Words:\n${lines.join('\n')}\n`;
}

/** One found memory: its two lines, with why it is here when that is not plain from its text. */
function renderHit(
  found: BestMatch,
  tier: Tier,
  now: Date,
  c: Colors,
  english: ReadonlyMap<string, readonly string[]>,
  explain: boolean,
): string {
  const hit = searchHit(toPublicRecord(found.row), tier, found);
  const bridged = hit.bridged ?? [];
  // A word found through its bridge is marked where its English stands.
  const terms = hit.matched.flatMap((word) =>
    bridged.includes(word) ? [...(english.get(word) ?? [])] : [shownWord(word)],
  );
  const text =
    renderMemory(hit, renderSnippet(likeSnippet(hit.content, terms), c), now, c) + renderWhy(hit, hit.matched, c);
  const via = (word: string): string =>
    bridged.includes(word)
      ? `${cleanText(word)} (as ${(english.get(word) ?? []).join('/')})`
      : (hit.summarised ?? []).includes(word)
        ? `${cleanText(shownWord(word))} (in its session's summary)`
        : cleanText(shownWord(word));
  const own = `${hit.content}\n${hit.file_path ?? ''}\n${hit.tags.join(',')}`;
  const request = hit.request ?? '';
  // Found through the prompt it served (its request is searched too), not through its own text.
  const byRequest = terms.length > 0 && !holdsAny(own, terms) && holdsAny(request, terms);
  const notes = [
    hit.fixes === undefined ? '' : `the next step after error #${hit.fixes}`,
    (found.allMatched && (!explain || bridged.length === 0)) || hit.matched.length === 0 || byRequest
      ? ''
      : `matched: ${hit.matched.map(via).join(', ')}`,
  ]
    .filter(Boolean)
    .join(' · ');
  const head = notes ? text.replace('\n', `  ${c.dim(notes)}\n`) : text;
  if (!byRequest) return head;
  const shown = renderSnippet(likeSnippet(request, terms, 80), c);
  return `${head}\n    ${c.dim('matched the request:')} ${quoted(shown)}`;
}

/**
 * A --project no memory belongs to is a name mistyped: say so and offer the nearest names (exit 1).
 * --here in a folder with no memories is a normal first day: say so, with the projects there are.
 * Null when the project asked for has memories, or when the output is data (`--json`, `--stats`).
 */
function unknownProject(db: Db, filters: Filters, countsOnly: boolean): string | null {
  if (filters.project !== null && !hasProject(db, filters.project)) throw unknownProjectError(db, filters.project);
  if (filters.projectPath !== null && projectSpan(db, filters.projectPath).memories === 0) {
    if (countsOnly) return null; // --json and --stats: empty lists and zero counts say it already
    const here = resolveProject(process.env, process.cwd());
    const nearest = nearestNames(here.name, projectNames(db));
    return (
      `No memories from this folder's project yet (${cleanText(here.name)}, ${cleanText(here.path)})` +
      (nearest.length > 0 ? `; projects with memories: ${nearest.map((name) => cleanText(name)).join(', ')}` : '') +
      '.\n'
    );
  }
  return null;
}
