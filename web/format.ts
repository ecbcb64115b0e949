// Dates, durations and counts as the page shows them, in the browser's (the machine's) time zone.

const pad = (n: number): string => String(n).padStart(2, '0');

/** YYYY-MM-DD in local time: the same day keys `memory search --stats` uses. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function dayHeading(iso: string): string {
  return new Date(iso).toLocaleDateString('en', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });
}

export function clock(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function dateTime(iso: string): string {
  return `${localDay(new Date(iso))} ${clock(iso)}`;
}

/** A memory's file relative to its project when inside it, as the CLI shows it. */
export function shownFile(record: {
  readonly file_path: string | null;
  readonly project_path: string | null;
}): string | null {
  if (record.file_path === null) return null;
  const root =
    record.project_path === null
      ? null
      : record.project_path.endsWith('/')
        ? record.project_path
        : `${record.project_path}/`;
  return root !== null && record.file_path.startsWith(root) ? record.file_path.slice(root.length) : record.file_path;
}

export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? word : many}`;
}

export function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

/** An error a later clean run of the same command fixed, as the CLI says it: `fixed 2026-11-20 10:04 by #42`. */
export function fixedText(record: {
  readonly type: string;
  readonly resolved_by: number | null;
  readonly resolved_at: string | null;
}): string | null {
  if (record.type !== 'error' || record.resolved_by === null) return null;
  return `fixed ${record.resolved_at === null ? '' : `${dateTime(record.resolved_at)} `}by #${record.resolved_by}`;
}

/** Which agent made a memory, for any but Claude Code (most memories are its, and stay unmarked). */
export function agentText(record: { readonly agent: string | null }): string | null {
  return record.agent !== null && record.agent !== 'claude-code' ? record.agent : null;
}
