// Terminal rendering of memories and session summaries: colour decisions, relative times, highlighted
// snippets. Every stored string passes through cleanText/markedSegments first, so nothing captured
// (ANSI escapes in a command's output, say) can drive the terminal.
import type pc from 'picocolors';
import { DEFAULT_AGENT, type SummaryRecord } from '../../lib/memory.js';
import type { MemoryRecord } from '../../lib/memory-record.js';
import { cleanText, displayPath } from '../../lib/text/sanitize.js';
import { likeSnippet, markedSegments } from '../../lib/search/snippet.js';
import { localDay } from '../../lib/overview/stats.js';
import { clip } from '../../lib/text/bounded.js';

export type Colors = ReturnType<typeof pc.createColors>;

export { displayPath };

/** `--color`: as ripgrep's, `auto` decides from the terminal and the environment. */
export const COLOR_CHOICES = ['auto', 'always', 'never'] as const;
export type ColorChoice = (typeof COLOR_CHOICES)[number];

/**
 * `always` and `never` decide; `auto`: colour only on a TTY, never with NO_COLOR, and FORCE_COLOR
 * turns it on for pipes. Decided here because picocolors' own detection also switches colour on
 * whenever CI is set.
 */
export function colorsFor(
  stream: { readonly isTTY?: boolean },
  env: NodeJS.ProcessEnv,
  choice: ColorChoice = 'auto',
): Colors {
  const set = (name: string): boolean => (env[name] ?? '') !== '';
  const forced = set('FORCE_COLOR') && env['FORCE_COLOR'] !== '0';
  const enabled = choice === 'always' || (choice === 'auto' && !set('NO_COLOR') && (forced || stream.isTTY === true));
  if (!enabled) return PLAIN;
  // Required here, not imported above: picocolors reads process.stdout as it loads, which loads
  // Node's stream modules in every plain search; only colour needs it (BENCHMARKS.md, speed devices).
  return (require('picocolors') as typeof pc).createColors(true);
}

const identity = (text: string | number | null | undefined): string => String(text);
/** picocolors' palette with colour off, made without loading picocolors. */
const PLAIN = new Proxy({} as Colors, {
  get: (_target, name) => (name === 'isColorSupported' ? false : identity),
});

/** `just now`, `5m ago`, `3h ago`, `2d ago`, `3w ago`, then the date. */
export function relativeTime(iso: string, now: Date): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return cleanText(iso);
  const seconds = Math.max(0, Math.round((now.getTime() - time) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.round(hours / 24);
  if (days < 14) return `${days}d ago`;
  if (days < 56) return `${Math.round(days / 7)}w ago`;
  return localDay(new Date(time));
}

export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** Wrapped in double quotes once: a query that already holds one is shown as typed. */
export function quoted(text: string): string {
  return text.includes('"') ? text : `"${text}"`;
}

export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count} ${count === 1 ? word : many}`;
}

/**
 * Highlighted snippet: hits in bold yellow when colour is on; without colour the text as stored, no
 * markers, so a pipe (`| grep`, a script, the slash command) reads what the memory holds.
 */
export function renderSnippet(marked: string, c: Colors): string {
  return markedSegments(marked)
    .map((segment) => (segment.hit && c.isColorSupported ? c.bold(c.yellow(segment.text)) : segment.text))
    .join('');
}

/**
 * Two lines per memory: who/when/where, then the (highlighted) content. A team memory is marked as
 * the server's (`team #id`) with who wrote it where.
 */
export function renderMemory(memory: MemoryRecord, body: string, now: Date, c: Colors): string {
  const team = memory.origin === 'team';
  const head = [
    c.dim(`${team ? 'team ' : ''}#${memory.id}`),
    c.yellow(relativeTime(memory.created_at, now)),
    c.cyan(cleanText(memory.project)),
    agentMark(memory.agent ?? undefined, c),
    c.magenta(`${cleanText(memory.tool)}/${cleanText(memory.type)}`),
    memory.file_path ? c.green(shownPath(memory.file_path, memory.project_path)) : '',
    resolutionMark(memory, now, c),
    team ? c.blue(`by ${cleanText(memory.author ?? '')}@${cleanText(memory.host ?? '')}`) : '',
  ]
    .filter(Boolean)
    .join('  ');
  return `${head}\n    ${body}`;
}

/** A team memory's path is already relative to its project (project_path null). */
function shownPath(file: string, projectPath: string | null): string {
  return projectPath === null ? cleanText(file) : displayPath(file, projectPath);
}

/** Which agent did it, for any agent but Claude Code (most memories, left unmarked). */
export function agentMark(agent: string | undefined, c: Colors): string {
  return agent && agent !== DEFAULT_AGENT ? c.blue(cleanText(agent)) : '';
}

/** The memory's intent as a `why:` line under it (search words marked), or '' when it has none. */
export function renderWhy(memory: MemoryRecord, terms: readonly string[], c: Colors, width = 160): string {
  if (!memory.intent) return '';
  return `\n    ${c.dim('why:')} ${renderSnippet(likeSnippet(memory.intent, terms, width), c)}`;
}

/** An error a later run of the same command fixed: `fixed 2h ago by #42`. */
export function resolutionMark(memory: MemoryRecord, now: Date, c: Colors): string {
  if (memory.type !== 'error' || memory.resolved_by === null) return '';
  const when = memory.resolved_at ? `${relativeTime(memory.resolved_at, now)} ` : '';
  return c.green(`fixed ${when}by #${memory.resolved_by}`);
}

/** A memory with its content cut to one line (recent, forget samples). */
export function renderPlainMemory(memory: MemoryRecord, now: Date, c: Colors): string {
  const line = clip(cleanText(memory.content), 200);
  return renderMemory(memory, memory.type === 'error' ? c.red(line) : line, now, c);
}

export function renderSummary(row: SummaryRecord, now: Date, c: Colors): string {
  const facts = [
    plural(row.memory_count, 'memory', 'memories'),
    row.error_count > 0 ? c.red(plural(row.error_count, 'error')) : '',
    duration(row.duration_sec),
  ]
    .filter(Boolean)
    .join(', ');
  const head = [
    c.yellow(relativeTime(row.ended_at, now)),
    c.cyan(cleanText(row.project)),
    agentMark(row.agent, c),
    c.dim(cleanText(row.session_id)),
    facts,
  ]
    .filter(Boolean)
    .join('  ');
  const lines = row.summary
    .split('\n')
    .map((line) => cleanText(line))
    .filter(Boolean);
  return [head, ...lines.map((line) => `    ${clip(line, 300)}`)].join('\n');
}
