// `memory ui` spawned as a user runs it, over a database the real hooks filled: who gets in (token,
// cookie, Host, method), the headers on every answer, read-only serving, and the API's numbers
// against `memory search --stats` on the same database.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDocSample, normalise, terminal } from '../doc-samples.js';
import { memoryCli } from '../cli-helpers.js';
import { sandbox, tempDir } from '../helpers.js';
import { expectHits, expectRecords } from '../record-schema.js';
import {
  fillThroughHooks,
  login,
  rawRequest,
  startUi,
  suiteSandbox,
  UI_NOW,
  type RunningUi,
  type Seeded,
} from '../ui-helpers.js';

let box: ReturnType<typeof suiteSandbox>;
let seeded: Seeded;
let ui: RunningUi;
let cookie: string;
let dbHashBefore: string;

const hash = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

beforeAll(async () => {
  box = suiteSandbox();
  seeded = await fillThroughHooks(box);
  dbHashBefore = hash(box.dbPath);
  ui = await startUi(box);
  cookie = await login(ui);
  // A limit against hangs: ~40 hook processes fill the database, slow on a loaded machine.
}, 180_000);

afterAll(async () => {
  await ui?.stop();
  box?.remove();
});

const api = async <T>(path: string): Promise<T> => {
  const response = await rawRequest(ui.port, path, { cookie });
  expect(response.status, `${path}: ${response.body}`).toBe(200);
  return JSON.parse(response.body) as T;
};

describe('memory ui: who gets in', () => {
  it('prints an address on 127.0.0.1 with a token', () => {
    expect(ui.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{43}$/);
    // The port and the token are new on every start; the sandbox's HOME is shown as a user's.
    const shown = normalise(ui.printed, [
      [/token=[\w-]{43}/, 'token=<token>'],
      [new RegExp(`:${ui.port}\\b`, 'g'), ':<port>'],
      [box.home, '/home/you'],
    ]);
    expectDocSample('ui', terminal([['memory ui', { code: 0, signal: null, stdout: shown, stderr: '' }]]));
  });

  it('exchanges the token for an HttpOnly, SameSite=Strict cookie and a redirect to the clean address', async () => {
    const url = new URL(ui.url);
    const response = await rawRequest(ui.port, `/search?q=auth&token=${url.searchParams.get('token') ?? ''}`);
    expect(response.status).toBe(303);
    expect(response.headers['location']).toBe('/search?q=auth');
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^memory_ui_${ui.port}=[\\w-]{43}; HttpOnly; SameSite=Strict; Path=/$`));
    expect(setCookie).not.toContain(url.searchParams.get('token') ?? '');
  });

  it.each([
    ['no cookie', '/', undefined],
    ['no cookie, API', '/api/timeline', undefined],
    ['no cookie, asset', '/assets/main.js', undefined],
    ['a made-up cookie', '/api/overview', 'memory_ui_1=abc'],
  ])('refuses a request with %s (403)', async (_name, path, badCookie) => {
    const response = await rawRequest(ui.port, path, badCookie === undefined ? {} : { cookie: badCookie });
    expect(response.status).toBe(403);
    expect(response.body).not.toContain('memories');
  });

  it('refuses a wrong token without setting a cookie', async () => {
    const response = await rawRequest(ui.port, '/?token=not-the-token');
    expect(response.status).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each(['evil.example', 'evil.example:PORT', '127.0.0.1', 'localhost', '127.0.0.1:1', '0.0.0.0:PORT', '[::1]:PORT'])(
    'refuses Host %s even with the cookie (DNS rebinding)',
    async (host) => {
      const response = await rawRequest(ui.port, '/api/timeline', {
        cookie,
        host: host.replace('PORT', String(ui.port)),
      });
      expect(response.status).toBe(403);
      expect(response.body).toContain('answers only to');
    },
  );

  it('accepts localhost:<port> as well as 127.0.0.1:<port>', async () => {
    expect((await rawRequest(ui.port, '/api/projects', { cookie, host: `localhost:${ui.port}` })).status).toBe(200);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])(
    'answers %s with 405: the page is read-only',
    async (method) => {
      const response = await rawRequest(ui.port, '/api/timeline', { cookie, method });
      expect(response.status).toBe(405);
      expect(response.headers['allow']).toBe('GET, HEAD');
    },
  );

  it('puts CSP, nosniff and no-referrer on every answer, refusals included', async () => {
    for (const response of [
      await rawRequest(ui.port, '/'),
      await rawRequest(ui.port, '/', { cookie }),
      await rawRequest(ui.port, '/api/timeline', { cookie }),
      await rawRequest(ui.port, '/assets/main.js', { cookie }),
      await rawRequest(ui.port, '/nowhere', { cookie }),
    ]) {
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('serves a shell without inline script, and assets from the package', async () => {
    const shell = await rawRequest(ui.port, '/timeline', { cookie });
    expect(shell.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(shell.body).toContain('<script type="module" src="/assets/main.js"></script>');
    expect(shell.body.match(/<script/g)).toHaveLength(1);
    expect(shell.body).not.toMatch(/https?:\/\//);
    const script = await rawRequest(ui.port, '/assets/main.js', { cookie });
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body.length).toBeGreaterThan(10_000);
    expect(script.body).not.toMatch(/(?:src|href)=["']https?:/);
    expect((await rawRequest(ui.port, '/assets/../package.json', { cookie })).status).toBe(404);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await rawRequest(ui.port, '/api/timeline', { cookie, method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(Number(response.headers['content-length'])).toBeGreaterThan(0);
    expect(response.body).toBe('');
  });
});

describe('memory ui: the API', () => {
  it('pages the timeline, newest activity first, and finds the page of a session', async () => {
    const first = await api<{ page: number; pages: number; total: number; sessions: Array<{ session_id: string }> }>(
      '/api/timeline',
    );
    expect(first).toMatchObject({ page: 1, pages: 2, total: seeded.newest.length });
    expect(first.sessions.map((s) => s.session_id)).toEqual(seeded.newest.slice(0, 25));
    const second = await api<typeof first>('/api/timeline?page=2');
    expect(second.sessions.map((s) => s.session_id)).toEqual(seeded.newest.slice(25));
    const oldest = seeded.newest.at(-1) as string;
    expect((await api<typeof first>(`/api/timeline?session=${oldest}`)).page).toBe(2);
    const api2 = await api<typeof first>('/api/timeline?project=api');
    expect(api2.sessions.map((s) => s.session_id)).toEqual(['sess-api']);
  });

  it('returns a session in order with its summary', async () => {
    const session = await api<{
      summary: { text: string } | null;
      memories: Array<{ type: string; content: string; file_path: string | null; project_path: string | null }>;
    }>('/api/session?id=sess-auth');
    expect(session.summary?.text.split('\n')[0]).toBe('Edited 1 file: src/auth.ts');
    expect(session.memories.map((m) => m.type)).toEqual(['file_edit', 'command', 'error', 'file_edit', 'command']);
    const [first] = session.memories;
    expect(relative(first?.project_path ?? '', first?.file_path ?? '')).toBe('src/auth.ts');
    expectRecords(session.memories);
  });

  it('searches with the CLI engine: same hits, same tier', async () => {
    const cli = await memoryCli(box, ['search', 'refresh', '--json'], { TZ: 'UTC' });
    const expected = JSON.parse(cli.stdout) as Array<{ id: number; tier: string }>;
    const page = await api<{
      tier: string;
      hits: Array<{ id: number; snippet: Array<{ text: string; hit: boolean }>; why: unknown }>;
    }>('/api/search?q=refresh');
    // One hit type: the page's hits are the CLI's, with the marked text beside them.
    expect(page.hits.map(({ snippet: _snippet, why: _why, ...hit }) => hit)).toEqual(expected);
    expectHits(page.hits.map(({ snippet: _snippet, why: _why, ...hit }) => hit));
    expect(page.tier).toBe(expected[0]?.tier);
    expect(page.hits[0]?.snippet.filter((part) => part.hit).map((part) => part.text.toLowerCase())).toContain(
      'refresh',
    );
  });

  it('rejects a bad filter the way the CLI does', async () => {
    const response = await rawRequest(ui.port, '/api/search?q=x&type=bogus', { cookie });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      error: 'type expects one of observation, file_edit, command, error (got "bogus")',
    });
  });

  it('gives the overview the numbers memory search --stats prints', async () => {
    const cli = await memoryCli(box, ['search', '--stats', '--json'], { CLAUDE_MEMORY_NOW: UI_NOW, TZ: 'UTC' });
    const stats = JSON.parse(cli.stdout) as Record<string, unknown>;
    const overview = await api<Record<string, unknown>>('/api/overview');
    for (const key of [
      'total',
      'sessions',
      'summaries',
      'errors',
      'oldest',
      'newest',
      'by_type',
      'by_tool',
      'per_day',
      'top_commands',
    ]) {
      expect(overview[key], key).toEqual(stats[key]);
    }
    expect(overview['error_rate']).toBe((stats['errors'] as number) / (stats['total'] as number));
    expect((overview['top_files'] as Array<{ file: string }>)[0]?.file).toBe('src/auth.ts');
  });

  it('leaves the database file exactly as it was', async () => {
    await api('/api/overview?days=90');
    expect(hash(box.dbPath)).toBe(dbHashBefore);
  });
});

describe('memory ui: starting and stopping', () => {
  it('stops on Ctrl-C with exit 0', async () => {
    const other = await startUi(box);
    expect(await other.stop()).toBe(0);
  });

  it('--open hands the printed address to the platform opener', async () => {
    const bin = join(tempDir(), 'bin');
    mkdirSync(bin);
    // A stand-in xdg-open on PATH: it records what it was asked to open.
    writeFileSync(join(bin, 'xdg-open'), '#!/bin/sh\nprintf %s "$1" > "$(dirname "$0")/opened"\n', { mode: 0o755 });
    const opened = await startUi(box, ['--open'], { PATH: `${bin}:${process.env['PATH'] ?? ''}` });
    try {
      await expect
        .poll(() => (existsSync(join(bin, 'opened')) ? readFileSync(join(bin, 'opened'), 'utf8') : ''), {
          timeout: 15_000,
        })
        .toBe(opened.url);
    } finally {
      await opened.stop();
    }
  });

  it('never creates a database', async () => {
    const empty = sandbox();
    const result = await memoryCli(empty, ['ui']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `memory: no memory database at ${empty.dbPath} yet (it is created by the first captured tool call)\n`,
    );
    expect(existsSync(empty.dbPath)).toBe(false);
  });

  it.each([
    ['--port', 'x'],
    ['--port', '70000'],
  ])('rejects %s %s', async (flag, value) => {
    const result = await memoryCli(box, ['ui', flag, value]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`memory: --port expects a number from 0 to 65535 (got "${value}")\n`);
  });

  it('says so when the port is taken', async () => {
    const result = await memoryCli(box, ['ui', '--port', String(ui.port)]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`memory: port ${ui.port} is already in use; try --port 0 for a free one\n`);
  });
});
