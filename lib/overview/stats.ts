// The numbers of `memory search --stats`, the page's project overview and the MCP `stats` tool, computed once:
// raw counts from lib/overview/queries.ts → per-day series (local calendar days), top commands, top files.
import { statSync } from 'node:fs';
import type { Db } from '../db/open.js';
import type { Filters } from '../search/queries.js';
import { memoryStats, type Count, type DayRange, type RawStats } from './queries.js';
import { commandKey } from '../capture/shell.js';

/** Days of activity `--stats` charts; the page may ask for more. */
export const CHART_DAYS = 14;

export interface DayCount {
  readonly day: string;
  readonly count: number;
  readonly errors: number;
}

export interface Stats {
  readonly total: number;
  readonly sessions: number;
  readonly summaries: number;
  readonly errors: number;
  readonly oldest: string | null;
  readonly newest: string | null;
  readonly database: { readonly path: string; readonly bytes: number; readonly wal_bytes: number };
  readonly by_type: Count[];
  readonly by_tool: Count[];
  readonly by_project: Count[];
  readonly per_day: DayCount[];
  readonly top_commands: Array<{ readonly command: string; readonly count: number }>;
  readonly top_files: Array<{ readonly file: string; readonly project_path: string; readonly count: number }>;
}

/** YYYY-MM-DD in local time. */
export function localDay(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight starting the chart's first day (today is the last). */
export function chartStart(now: Date, days = CHART_DAYS): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
}

/** Bytes on disk of the database and its WAL (0 when absent). */
export function databaseBytes(dbPath: string): { readonly bytes: number; readonly wal_bytes: number } {
  const size = (path: string): number => statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  return { bytes: size(dbPath), wal_bytes: size(`${dbPath}-wal`) };
}

/** The chart's local calendar days, oldest first, each as its range of UTC instants. */
export function chartDays(now: Date, days = CHART_DAYS): DayRange[] {
  const start = chartStart(now, days);
  return Array.from({ length: days }, (_, index) => {
    const from = new Date(start.getFullYear(), start.getMonth(), start.getDate() + index);
    const to = new Date(start.getFullYear(), start.getMonth(), start.getDate() + index + 1);
    return { day: localDay(from), from: from.toISOString(), to: to.toISOString() };
  });
}

/** Reads and shapes everything `--stats` shows, under the usual filters, charting `days` days up to `now`. */
export function computeStats(
  db: Db,
  filters: Filters,
  dbPath: string,
  now: Date,
  top: number,
  days = CHART_DAYS,
): Stats {
  const raw = memoryStats(db, filters, chartDays(now, days), top);
  return buildStats(raw, { path: dbPath, ...databaseBytes(dbPath) }, top);
}

export function buildStats(raw: RawStats, database: Stats['database'], top: number): Stats {
  const perDay = raw.perDay.map((day) => ({ day: day.name, count: day.count, errors: day.errors }));
  return {
    total: raw.total,
    sessions: raw.sessions,
    summaries: raw.summaries,
    errors: raw.errors,
    oldest: raw.oldest,
    newest: raw.newest,
    database,
    by_type: raw.byType,
    by_tool: raw.byTool,
    by_project: raw.byProject,
    per_day: perDay,
    top_commands: topCommands(raw.commandHeads, top),
    top_files: raw.topFiles.map((file) => ({ file: file.name, project_path: file.project_path, count: file.count })),
  };
}

export interface CommandCount {
  readonly command: string;
  readonly count: number;
}

/** Captured command lines → the `top` most used commands (`git commit`, `npm test`…), most used first. */
export function topCommands(commandHeads: readonly string[], top: number): CommandCount[] {
  const commands = new Map<string, number>();
  for (const head of commandHeads) {
    const key = commandKey(head);
    if (key) commands.set(key, (commands.get(key) ?? 0) + 1);
  }
  return [...commands]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, top)
    .map(([command, count]) => ({ command, count }));
}
