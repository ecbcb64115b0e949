// Filter values as people type them (`7d`, `2026-11-01`, `error`) → typed values, for the CLI's flags
// and the page's URL parameters alike. Pure; a bad value is a message saying what to type instead.
import { MEMORY_TYPES, type MemoryType } from '../memory.js';
import { head } from '../text/bounded.js';

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

const DURATION = /^(\d{1,6})\s*(m|min|h|d|w|y)$/i;
const UNIT_MS: Readonly<Record<string, number>> = {
  m: 60_000,
  min: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  y: 365 * 86_400_000,
};

/** `7d`, `12h`, `30m`, `2w`, `1y`, or a date (`2026-11-01`, local midnight) or ISO time → an ISO UTC instant. */
export function parseWhen(flag: string, value: string, now: Date): Parsed<string> {
  const text = value.trim();
  const fail = {
    ok: false,
    error: `${flag} expects a duration like 7d or 12h, or a date like 2026-11-01 (got "${head(text, 40)}")`,
  } as const;
  const duration = DURATION.exec(text);
  if (duration) {
    const ms = Number(duration[1]) * (UNIT_MS[(duration[2] as string).toLowerCase()] as number);
    return { ok: true, value: new Date(now.getTime() - ms).toISOString() };
  }
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const local = new Date(year, month - 1, date);
    // Rejects 2026-02-30 and friends, which Date would roll into March.
    if (local.getFullYear() !== year || local.getMonth() !== month - 1 || local.getDate() !== date) return fail;
    return { ok: true, value: local.toISOString() };
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) {
    const time = Date.parse(text);
    if (!Number.isNaN(time)) return { ok: true, value: new Date(time).toISOString() };
  }
  return fail;
}

export function parseType(value: string): Parsed<MemoryType> {
  const found = MEMORY_TYPES.find((type) => type === value.trim());
  if (!found)
    return { ok: false, error: `--type expects one of ${MEMORY_TYPES.join(', ')} (got "${head(value, 40)}")` };
  return { ok: true, value: found };
}
