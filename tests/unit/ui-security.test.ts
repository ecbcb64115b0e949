// Who the page's server lets in: Host, method, token and cookie checks, one case per line.
import { describe, expect, it } from 'vitest';
import {
  cookieName,
  cookieValue,
  hostAllowed,
  methodAllowed,
  newSecrets,
  secretMatches,
  sessionCookie,
} from '../../lib/ui/security.js';

describe('hostAllowed', () => {
  it.each([
    ['127.0.0.1:8080', true],
    ['localhost:8080', true],
    ['127.0.0.1:8081', false],
    ['127.0.0.1', false],
    ['localhost', false],
    ['LOCALHOST:8080', false],
    ['evil.example:8080', false],
    ['127.0.0.1.evil.example:8080', false],
    ['[::1]:8080', false],
    ['0.0.0.0:8080', false],
    ['', false],
    [undefined, false],
  ])('Host %s → %s', (host, allowed) => {
    expect(hostAllowed(host, 8080)).toBe(allowed);
  });
});

describe('methodAllowed', () => {
  it.each([
    ['GET', true],
    ['HEAD', true],
    ['POST', false],
    ['OPTIONS', false],
    ['get', false],
    [undefined, false],
  ])('%s → %s', (method, allowed) => {
    expect(methodAllowed(method)).toBe(allowed);
  });
});

describe('secrets', () => {
  it('makes a fresh 256-bit token and a different session value each time', () => {
    const a = newSecrets();
    const b = newSecrets();
    expect(a.token).toMatch(/^[\w-]{43}$/);
    expect(a.session).toMatch(/^[\w-]{43}$/);
    expect(new Set([a.token, a.session, b.token, b.session]).size).toBe(4);
  });

  it.each([
    ['the same secret', 'abc', 'abc', true],
    ['another secret of the same length', 'abd', 'abc', false],
    ['a prefix', 'ab', 'abc', false],
    ['nothing', null, 'abc', false],
    ['an empty string', '', 'abc', false],
  ])('matches %s → %s', (_name, presented, expected, matches) => {
    expect(secretMatches(presented, expected)).toBe(matches);
  });

  it('sets an HttpOnly, SameSite=Strict cookie named for the port', () => {
    const secrets = { token: 't', session: 's3cret' };
    expect(sessionCookie(4321, secrets)).toBe('memory_ui_4321=s3cret; HttpOnly; SameSite=Strict; Path=/');
  });
});

describe('cookieValue', () => {
  it.each([
    ['memory_ui_1=abc', 'abc'],
    ['a=1; memory_ui_1=abc; b=2', 'abc'],
    ['memory_ui_10=abc', null],
    ['xmemory_ui_1=abc', null],
    ['memory_ui_1', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, value) => {
    expect(cookieValue(header, cookieName(1))).toBe(value);
  });
});
