// `memory search --stats`: the atuin-style text view of lib/overview/stats.ts's numbers, with a bar chart of
// activity per day.
import type { Count } from '../../lib/overview/queries.js';
import { cleanText } from '../../lib/text/sanitize.js';
import { CHART_DAYS, localDay, type Stats } from '../../lib/overview/stats.js';
import { clip } from '../../lib/text/bounded.js';
import { displayPath, plural, relativeTime, type Colors } from './format.js';

const BAR_WIDTH = 32;
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A horizontal bar in eighths of a block, `value / max` of the full width. */
export function bar(value: number, max: number, width = BAR_WIDTH): string {
  if (value <= 0 || max <= 0) return '';
  const eighths = Math.max(1, Math.round((value / max) * width * 8));
  return '█'.repeat(Math.floor(eighths / 8)) + (EIGHTHS[eighths % 8] ?? '');
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function renderStats(stats: Stats, now: Date, c: Colors): string {
  const label = (text: string): string => c.bold(text.padEnd(13));
  const counts = (list: readonly Count[]): string =>
    list
      .slice(0, 8)
      .map((item) => `${cleanText(item.name)} ${c.bold(String(item.count))}`)
      .join(c.dim(' · ')) || c.dim('none');
  const when = (iso: string | null): string =>
    iso ? `${localDay(new Date(iso))} (${relativeTime(iso, now)})` : c.dim('—');
  const lines = [
    `${label('Memories')}${c.bold(String(stats.total))}  ${c.dim(`in ${plural(stats.sessions, 'session')}, ${stats.summaries} summarised`)}`,
    `${label('Errors')}${stats.errors > 0 ? c.red(String(stats.errors)) : '0'}`,
    `${label('Oldest')}${when(stats.oldest)}`,
    `${label('Newest')}${when(stats.newest)}`,
    `${label('Database')}${formatBytes(stats.database.bytes)} + ${formatBytes(stats.database.wal_bytes)} WAL  ${c.dim(stats.database.path)}`,
    '',
    `${label('By type')}${counts(stats.by_type)}`,
    `${label('By tool')}${counts(stats.by_tool)}`,
    `${label('By project')}${counts(stats.by_project)}`,
    '',
    c.bold(`Last ${CHART_DAYS} days`),
  ];
  const max = Math.max(0, ...stats.per_day.map((day) => day.count));
  for (const { day, count } of stats.per_day) {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const weekday = WEEKDAYS[new Date(year, month - 1, date).getDay()] ?? '';
    lines.push(`  ${day.slice(5)} ${weekday}  ${c.cyan(bar(count, max).padEnd(BAR_WIDTH))} ${count}`);
  }
  lines.push('', c.bold('Top commands'));
  if (stats.top_commands.length === 0) lines.push(`  ${c.dim('none')}`);
  for (const { command, count } of stats.top_commands)
    lines.push(`  ${String(count).padStart(5)}  ${clip(cleanText(command), 80)}`);
  lines.push('', c.bold('Top files'));
  if (stats.top_files.length === 0) lines.push(`  ${c.dim('none')}`);
  for (const { file, project_path: projectPath, count } of stats.top_files) {
    lines.push(`  ${String(count).padStart(5)}  ${clip(displayPath(file, projectPath), 100)}`);
  }
  return lines.join('\n');
}
