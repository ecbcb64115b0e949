// Ages in words for what the model reads ("today", "3 days ago", "2 weeks ago"). Pure.

const DAY_MS = 24 * 60 * 60 * 1000;

export function relativeAge(iso: string, now: Date): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 'at an unknown time';
  const hours = Math.floor((now.getTime() - time) / (60 * 60 * 1000));
  if (hours < 1) return 'less than an hour ago';
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return 'yesterday';
  if (days < 14) return `${days} days ago`;
  if (days < 60) return `${Math.floor(days / 7)} weeks ago`;
  if (days < 730) return `${Math.floor(days / 30)} months ago`;
  return `${Math.floor(days / 365)} years ago`;
}

/** The ISO time `days` before `now`. */
export function daysBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}
