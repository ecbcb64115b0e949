// The team server's connection string, made printable (never the password) and scrubbable out of
// error messages. The team settings themselves come from lib/config/config.ts, like every other setting.
export { loadTeamConfig, type TeamConfig } from '../config/config.js';

/** The connection string without its password (user, host, port and database stay). */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    for (const key of [...parsed.searchParams.keys()]) {
      if (/pass/i.test(key)) parsed.searchParams.set(key, '***');
    }
    return parsed.toString();
  } catch {
    // Not a URL (a libpq key=value string): keep only what is clearly not secret.
    return url.replace(/password\s*=\s*('[^']*'|\S+)/gi, 'password=***');
  }
}

/** Every way the password may appear in a message, for scrubbing errors that quote the URL. */
export function secretsOf(url: string): string[] {
  const found: string[] = [];
  try {
    const parsed = new URL(url);
    if (parsed.password) found.push(parsed.password, decodeURIComponent(parsed.password));
    for (const [key, value] of parsed.searchParams) if (/pass/i.test(key) && value) found.push(value);
  } catch {
    for (const match of url.matchAll(/password\s*=\s*'?([^'\s]+)/gi)) found.push(match[1] as string);
  }
  return [...new Set(found.filter((secret) => secret.length > 0))];
}
