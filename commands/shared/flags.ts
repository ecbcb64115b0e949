// CLI flag values → typed values: durations and dates, limits, types, ids, near-miss flags, and the
// filters `search` and `forget` share. A bad value is a UsageError whose message says what to type.
import { NO_FILTERS, type Filters } from '../../lib/search/queries.js';
import { UsageError } from '../../lib/errors.js';
import { resolveProject } from '../../lib/capture/project.js';
import { parseType, parseWhen, type Parsed } from '../../lib/search/filters.js';
import { head } from '../../lib/text/bounded.js';
import { AGENTS, isAgentName, type AgentName } from '../../lib/memory.js';

export { parseType, parseWhen, type Parsed };

export const LIMIT_MAX = 10_000;

export function parseLimit(value: string): Parsed<number> {
  const n = /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(n >= 1 && n <= LIMIT_MAX))
    return { ok: false, error: `--limit expects a whole number from 1 to ${LIMIT_MAX} (got "${head(value, 40)}")` };
  return { ok: true, value: n };
}

export function parseIds(values: readonly string[]): Parsed<number[]> {
  const ids: number[] = [];
  for (const value of values) {
    const n = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
    if (!(n >= 1))
      return {
        ok: false,
        error: `memory ids are whole numbers as shown by \`memory search\` (got "${head(value, 40)}")`,
      };
    ids.push(n);
  }
  return { ok: true, value: [...new Set(ids)] };
}

/**
 * The known flag a word like `--limt` was probably meant to be (edit distance ≤ 2), or null.
 * Unknown options are searched for as text (a query may look like a flag); a near-miss of a real
 * flag is far more likely a typo than a search.
 */
export function flagTypo(word: string, flags: readonly string[]): string | null {
  const match = /^--([a-z][a-z-]*)(?:=.*)?$/.exec(word);
  if (!match) return null;
  const name = match[1] as string;
  let best: string | null = null;
  let bestDistance = 3;
  for (const flag of flags) {
    const distance = editDistance(name, flag);
    if (distance > 0 && distance < bestDistance) {
      best = flag;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Up to `max` of `names` nearest to `wanted`: those that hold it or that it holds first (`app` →
 * `my-app`), then by edit distance, ignoring case.
 */
export function nearestNames(wanted: string, names: readonly string[], max = 3): string[] {
  const key = wanted.toLowerCase();
  const rank = (name: string): number => {
    const other = name.toLowerCase();
    return (other.includes(key) || key.includes(other) ? 0 : 1000) + editDistance(key, other);
  };
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).slice(0, max);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] as number;
}

export interface FilterOptions {
  readonly project?: string;
  readonly here?: boolean;
  readonly type?: string;
  readonly since?: string;
  readonly limit?: string;
  readonly json?: boolean;
  readonly agent?: string;
}

export function valueOf<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new UsageError(parsed.error);
  return parsed.value;
}

export function filtersFrom(options: FilterOptions, now: Date): Filters {
  if (options.here && options.project !== undefined) {
    throw new UsageError('use either --project <name> or --here, not both');
  }
  const project = options.project === undefined ? null : options.project.trim();
  if (project === '') throw new UsageError('--project expects a project name (see `memory search --stats`)');
  return {
    ...NO_FILTERS,
    project,
    projectPath: options.here ? resolveProject(process.env, process.cwd()).path : null,
    type: options.type === undefined ? null : valueOf(parseType(options.type)),
    since: options.since === undefined ? null : valueOf(parseWhen('--since', options.since, now)),
    agent: options.agent === undefined ? null : parseAgent(options.agent),
  };
}

export function limitFrom(options: FilterOptions, fallback: number): number {
  return options.limit === undefined ? fallback : valueOf(parseLimit(options.limit));
}

/** How people type the agents (`claude` for Claude Code), in the order help lists them. */
export const AGENT_FLAG_NAMES: Readonly<Record<string, AgentName>> = {
  claude: 'claude-code',
  codex: 'codex',
  gemini: 'gemini',
  cursor: 'cursor',
  opencode: 'opencode',
};

/**
 * `--agent codex` → the stored agent name; `claude-code` is taken as well as `claude`. A name that
 * is none of `allowed` is a UsageError naming the nearest one.
 */
export function parseAgent(value: string, allowed: readonly AgentName[] = AGENTS): AgentName {
  const typed = value.trim().toLowerCase();
  const agent = AGENT_FLAG_NAMES[typed] ?? (isAgentName(typed) ? typed : null);
  if (agent && allowed.includes(agent)) return agent;
  const names = Object.keys(AGENT_FLAG_NAMES).filter((name) => allowed.includes(AGENT_FLAG_NAMES[name] as AgentName));
  const [nearest] = nearestNames(typed, names, 1);
  throw new UsageError(
    `--agent expects one of ${names.join(', ')} (got "${head(value, 40)}"${nearest ? `; did you mean ${nearest}?` : ''})`,
  );
}
