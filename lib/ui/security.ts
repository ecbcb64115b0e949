// Who may talk to the page's server: only a browser on this machine that opened the printed URL.
// Pure checks (Host, method, token, cookie) and the headers every response carries; no I/O.
import { randomBytes, timingSafeEqual } from 'node:crypto';

export interface Secrets {
  /** Carried once in the printed URL, exchanged for the cookie. */
  readonly token: string;
  /** The cookie's value: never printed, never in a URL. */
  readonly session: string;
}

export function newSecrets(): Secrets {
  return { token: randomBytes(32).toString('base64url'), session: randomBytes(32).toString('base64url') };
}

/** One cookie per port: cookies ignore ports, and two `memory ui` servers must not log each other out. */
export function cookieName(port: number): string {
  return `memory_ui_${port}`;
}

/** Set-Cookie for the session: not readable by scripts, never sent by another site's request. */
export function sessionCookie(port: number, secrets: Secrets): string {
  return `${cookieName(port)}=${secrets.session}; HttpOnly; SameSite=Strict; Path=/`;
}

/**
 * Only `127.0.0.1:<port>` and `localhost:<port>`: a DNS-rebinding page reaches our socket under its
 * own host name, and is refused here before anything else is looked at.
 */
export function hostAllowed(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

export function methodAllowed(method: string | undefined): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** Constant-time comparison of a presented secret with the expected one. */
export function secretMatches(presented: string | null | undefined, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The value of cookie `name` in a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

// Scripts and styles only from our own files (no inline script, no eval); data only from our API.
// uPlot sizes its canvas through element.style (CSSOM), which style-src does not restrict.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers on every response, refusals included. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};
