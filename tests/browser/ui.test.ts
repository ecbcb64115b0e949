/// <reference lib="dom" />
// `memory ui` in a real browser: Debian's Chromium driven by playwright-core, over a database the
// real hooks filled. Each view loads, search opens a session, sessions expand, lists page, the chart
// shows the right numbers, hostile memories stay text, and strangers are refused. Screenshots of
// each view go to test-artifacts/ui/ (gitignored).
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCli } from '../cli-helpers.js';
import { ROOT } from '../helpers.js';
import {
  fillThroughHooks,
  HOSTILE_COMMAND,
  HOSTILE_FILE,
  rawRequest,
  startUi,
  suiteSandbox,
  UI_NOW,
  type RunningUi,
  type Seeded,
} from '../ui-helpers.js';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
// The flags this machine's probe found necessary: no sandbox as root, and no background network
// traffic (the network is closed and Chromium would retry its lookups many times).
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const ARTIFACTS = join(ROOT, 'test-artifacts', 'ui');

let box: ReturnType<typeof suiteSandbox>;
let seeded: Seeded;
let ui: RunningUi;
let browser: Browser;
let context: BrowserContext;
/** Whatever a page reported that a clean page never does: script errors, CSP violations, dialogs. */
const incidents: string[] = [];

// Limits against hangs, not speed targets: filling the database spawns ~40 hook processes, and at a
// load average of 40 that and Chromium's start outlast vitest's 60 s default.
const HANG_LIMIT = 180_000;

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (as .ci/run does), or set CHROMIUM_PATH`);
  mkdirSync(ARTIFACTS, { recursive: true });
  box = suiteSandbox();
  seeded = await fillThroughHooks(box);
  ui = await startUi(box);
  // playwright-core starts each launch with a fresh, temporary user-data-dir of its own.
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, env: { ...process.env, TZ: 'UTC' } });
  context = await browser.newContext({ viewport: { width: 1200, height: 900 }, timezoneId: 'UTC', locale: 'en-US' });
  // Signed in once through the printed address, as the user does; every page then shares the cookie.
  const page = await context.newPage();
  await page.goto(ui.url);
  await page.close();
}, HANG_LIMIT);

afterAll(async () => {
  await browser?.close();
  await ui?.stop();
  box?.remove();
}, HANG_LIMIT);

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => incidents.push(`pageerror: ${error.message}`));
  page.on('dialog', (dialog) => {
    incidents.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') incidents.push(`console: ${message.text()}`);
  });
  await page.goto(`${ui.origin}${path}`);
  await ready(page, path.split('?')[0] === '/' ? '/' : (path.split('?')[0] as string));
  return page;
}

/** Waits until the view for `path` finished drawing. */
async function ready(page: Page, path: string): Promise<void> {
  await page.locator(`main[data-ready="${path}"] .view[aria-busy="false"]`).waitFor();
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

describe('memory ui in Chromium', { timeout: HANG_LIMIT }, () => {
  it('signs in through the printed address and lands on a clean URL', async () => {
    const page = await context.newPage();
    await page.goto(ui.url);
    expect(page.url()).toBe(`${ui.origin}/`);
    const cookies = await context.cookies(ui.origin);
    expect(cookies).toEqual([
      expect.objectContaining({ name: `memory_ui_${ui.port}`, httpOnly: true, sameSite: 'Strict' }),
    ]);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    await page.close();
  });

  it('shows the timeline newest first, grouped by day, and pages back and forth', async () => {
    const page = await open('/timeline');
    const sessions = page.locator('.session');
    expect(await sessions.evaluateAll((items) => items.map((item) => item.getAttribute('data-session-id')))).toEqual(
      seeded.newest.slice(0, 25),
    );
    expect(await page.locator('.day h2').first().textContent()).toBe('Tue, Mar 10, 2026');
    await expect.poll(() => page.locator('.session-head .errors').first().textContent()).toBe('1 error');
    await shot(page, 'timeline');

    await page.locator('a[rel="next"]').first().click();
    await ready(page, '/timeline');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(await sessions.evaluateAll((items) => items.map((item) => item.getAttribute('data-session-id')))).toEqual(
      seeded.newest.slice(25),
    );
    await page.goBack();
    await ready(page, '/timeline');
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(await sessions.first().getAttribute('data-session-id')).toBe('sess-auth');
    await page.close();
  });

  it('expands a session to its summary and memories in order, errors marked; back closes it', async () => {
    const page = await open('/timeline');
    await page.locator('[data-session="sess-auth"]').click();
    const body = page.locator('.session[data-session-id="sess-auth"] .session-body[data-loaded]');
    await body.waitFor();
    expect(new URL(page.url()).searchParams.get('session')).toBe('sess-auth');
    expect(await body.locator('.summary-text').textContent()).toMatch(/^Edited 1 file: src\/auth\.ts\n/);
    expect(await body.locator('.memory').evaluateAll((items) => items.map((item) => item.className))).toEqual([
      'memory type-file_edit',
      'memory type-command',
      'memory type-error',
      'memory type-file_edit',
      'memory type-command',
    ]);
    expect(await body.locator('.memory.type-error .content').textContent()).toContain(
      'FAIL tests/auth.test.ts > refresh rotates the token',
    );
    await shot(page, 'timeline-session');
    await page.goBack();
    await ready(page, '/timeline');
    expect(await page.locator('[data-session="sess-auth"]').getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });

  it('searches with filters, marks the matches and opens a result in its session', async () => {
    const page = await open('/search');
    await page.locator('input[name="q"]').fill('refresh');
    await page.locator('select[name="type"]').selectOption('error');
    await page.keyboard.press('Enter');
    await ready(page, '/search');
    expect(new URL(page.url()).search).toBe('?q=refresh&type=error');
    const hits = page.locator('.hit');
    expect(await hits.count()).toBe(1);
    expect(await hits.locator('mark').allTextContents()).toEqual(['refresh']);
    expect(await page.locator('.facts').textContent()).toBe('1 on this page · matched by words (unicode61)');
    await shot(page, 'search');

    await hits.locator('a.open-session').click();
    await ready(page, '/timeline');
    const target = page.locator('.session[data-session-id="sess-auth"] .memory.target');
    await target.waitFor();
    expect(await target.locator('.content').textContent()).toContain('refresh rotates the token');
    expect(new URL(page.url()).searchParams.get('session')).toBe('sess-auth');
    await page.goBack();
    await ready(page, '/search');
    expect(await page.locator('input[name="q"]').inputValue()).toBe('refresh');
    await page.close();
  });

  it('says which agent did it, for any agent but Claude Code', async () => {
    const page = await open('/search?q=release');
    const hit = page.locator('.hit');
    expect(await hit.count()).toBe(1);
    expect(await hit.locator('.meta .agent').textContent()).toBe('codex');
    await page.goto(`${ui.origin}/timeline?session=sess-codex`);
    await ready(page, '/timeline');
    const codex = page.locator('.session[data-session-id="sess-codex"] .session-body[data-loaded] .memory');
    await codex.first().waitFor();
    expect(await codex.locator('.agent').allTextContents()).toEqual(['codex']);
    await page.goto(`${ui.origin}/timeline?session=sess-auth`);
    await ready(page, '/timeline');
    const claude = page.locator('.session[data-session-id="sess-auth"] .session-body[data-loaded] .memory');
    await claude.first().waitFor();
    expect(await claude.count()).toBe(5);
    expect(await claude.locator('.agent').count()).toBe(0);
    await page.close();
  });

  it('filters by project from the header, and the link carries it', async () => {
    const page = await open('/timeline');
    await page.locator('select#project').selectOption('api');
    await ready(page, '/timeline');
    expect(new URL(page.url()).searchParams.get('project')).toBe('api');
    expect(
      await page.locator('.session').evaluateAll((items) => items.map((item) => item.getAttribute('data-session-id'))),
    ).toEqual(['sess-api']);
    await page.close();
  });

  it('draws the overview with the numbers memory search --stats prints', async () => {
    const cli = await memoryCli(box, ['search', '--stats', '--json'], { CLAUDE_MEMORY_NOW: UI_NOW, TZ: 'UTC' });
    const stats = JSON.parse(cli.stdout) as {
      total: number;
      errors: number;
      per_day: Array<{ day: string; count: number; errors: number }>;
      top_commands: Array<{ command: string; count: number }>;
    };
    const page = await open('/overview');
    expect(await page.locator('[data-stat="total"] .value').textContent()).toBe(String(stats.total));
    expect(await page.locator('[data-stat="errors"] .value').textContent()).toBe(String(stats.errors));
    expect(await page.locator('[data-stat="error-rate"] .value').textContent()).toBe(
      `${((stats.errors / stats.total) * 100).toFixed(1)}%`,
    );
    const table = await page
      .locator('table.per-day tbody tr')
      .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent)));
    expect(table).toEqual(stats.per_day.map((day) => [day.day, String(day.count), String(day.errors)]));
    const today = stats.per_day.at(-1) as { day: string; count: number; errors: number };
    expect(today).toEqual({ day: '2026-03-10', count: 5, errors: 1 });
    // The chart itself: the cursor over the last bar puts that day's numbers in the legend.
    for (const [chart, value] of [
      ['#chart-activity', today.count],
      ['#chart-errors', today.errors],
    ] as const) {
      const plot = page.locator(`${chart} .u-over`);
      const box = await plot.boundingBox();
      if (!box) throw new Error(`${chart} has no plot area`);
      await page.mouse.move(box.x + box.width - 3, box.y + box.height / 2);
      const legend = page.locator(`${chart} .u-legend .u-value`);
      await expect.poll(() => legend.allTextContents()).toEqual(['2026-03-10', String(value)]);
    }
    expect(await page.locator('.top-commands li .name').allTextContents()).toEqual(
      stats.top_commands.map((item) => item.command),
    );
    await shot(page, 'overview');
    await page.close();
  });

  it('renders a stored <img onerror> and </script> as text and runs none of it', async () => {
    const page = await open('/timeline?session=sess-hostile');
    const body = page.locator('.session[data-session-id="sess-hostile"] .session-body[data-loaded]');
    await body.waitFor();
    expect(await body.locator('.memory.type-command .content').textContent()).toContain(HOSTILE_COMMAND);
    expect(await body.locator('.memory .file').first().textContent()).toBe(HOSTILE_FILE);
    const search = await open(`/search?q=${encodeURIComponent('onerror')}`);
    expect(await search.locator('.hit').count()).toBeGreaterThan(0);
    expect(await search.locator('.hit mark').first().textContent()).toBe('onerror');
    for (const view of [page, search]) {
      expect(await view.locator('main img, main script').count()).toBe(0);
      expect(await view.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    }
    await shot(page, 'hostile');
    expect(incidents).toEqual([]);
    await page.close();
    await search.close();
  });

  it('works from the keyboard', async () => {
    const page = await open('/timeline');
    await page.keyboard.press('j');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-session'))).toBe('sess-auth');
    await page.keyboard.press('j');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-session'))).toBe('sess-hostile');
    await page.keyboard.press('Enter');
    await page.locator('.session[data-session-id="sess-hostile"] .session-body[data-loaded]').waitFor();
    await page.keyboard.press(']');
    await ready(page, '/timeline');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.keyboard.press('/');
    await ready(page, '/search');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('q');
    await page.keyboard.type('rotates');
    await page.keyboard.press('Enter');
    await ready(page, '/search');
    // Inflections meet: the commit saying `rotate` (in its command, which weighs more than output) and the
    // failure saying `rotates`, each followed by what came with it; the page shows every hit the engine gave.
    const engineHits = await page.evaluate(
      async () => ((await (await fetch('/api/search?q=rotates')).json()) as { hits: unknown[] }).hits.length,
    );
    expect(engineHits).toBeGreaterThanOrEqual(4);
    expect(await page.locator('.hit').count()).toBe(engineHits);
    expect(await page.locator('.hit').first().textContent()).toContain('rotate refresh tokens');
    expect(await page.locator('.hit').allTextContents()).toContainEqual(
      expect.stringContaining('refresh rotates the token'),
    );
    await page.keyboard.press('Escape');
    await page.keyboard.press('o');
    await ready(page, '/overview');
    await page.close();
  });

  it('refuses a browser without the token, and a foreign Host', async () => {
    const stranger = await browser.newContext();
    const page = await stranger.newPage();
    const response = await page.goto(`${ui.origin}/timeline`);
    expect(response?.status()).toBe(403);
    expect(await page.locator('body').textContent()).toContain('open the address `memory ui` printed');
    const api = await page.goto(`${ui.origin}/api/overview`);
    expect(api?.status()).toBe(403);
    await stranger.close();
    const cookie = (await context.cookies(ui.origin)).map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await rawRequest(ui.port, '/api/overview', { cookie })).status).toBe(200);
    expect((await rawRequest(ui.port, '/api/overview', { cookie, host: `rebind.example:${ui.port}` })).status).toBe(
      403,
    );
  });
});
