// Fixtures for the `memory ui` tests: a database filled through the hooks' handlers (two projects, errors,
// summaries, a hostile memory, enough sessions for two timeline pages), the real CLI serving it, and
// raw HTTP requests whose Host and Cookie headers the test chooses.
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bashResponse,
  RUNTIME,
  postToolUse,
  postToolUseFailure,
  ROOT,
  runHooksInOneProcess,
  type HookEvent,
  type Sandbox,
} from './helpers.js';

/** The clock of every hook run and of the server: "today" is 2026-03-10 (UTC everywhere). */
export const UI_NOW = '2026-03-10T12:00:00.000Z';

export const HOSTILE_COMMAND = `git commit -m '<img src=x onerror="window.__pwned=1"> </script><script>window.__pwned=2</script>'`;
export const HOSTILE_FILE = 'src/<img src=x onerror=window.__pwned=3>.ts';
export const FILLER_SESSIONS = 26;

/**
 * A sandbox shaped like helpers.sandbox() for a whole suite (made in beforeAll, where per-test cleanup
 * cannot be registered): `remove` deletes it in afterAll.
 */
export function suiteSandbox(): Sandbox & { remove(): void } {
  const home = mkdtempSync(join(tmpdir(), 'cmh-ui-'));
  const project = join(home, 'work', 'my-app');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(join(project, 'src'), { recursive: true });
  const dbPath = join(home, '.claude', 'memory.db');
  const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, CLAUDE_MEMORY_DB: dbPath, NO_COLOR: '1' };
  return { home, dbPath, project, env, remove: () => rmSync(home, { recursive: true, force: true }) };
}

export interface Seeded {
  readonly apiProject: string;
  /** Session ids from newest to oldest activity. */
  readonly newest: readonly string[];
}

type Step = readonly [time: string, payload: Record<string, unknown>];

/**
 * Runs every step through the post-tool-use hook's handler, then Stop's for each session, all in one
 * process (helpers.runHooksInOneProcess): these tests are about the page, and 41 hook processes cost
 * ~3 s of CPU per file. Steps run in order (the hooks used to run six at a time, in no fixed order).
 */
export async function fillThroughHooks(box: Sandbox): Promise<Seeded> {
  const apiProject = join(box.home, 'work', 'api');
  mkdirSync(join(apiProject, '.git'), { recursive: true });
  const src = (name: string) => join(box.project, 'src', name);
  const in_ = (session: string, cwd = box.project) => ({ session_id: session, cwd });
  const steps: Step[] = [
    [
      '2026-03-10T10:00:00Z',
      postToolUse(
        box,
        'Edit',
        { file_path: src('auth.ts'), old_string: 'const ttl = 0', new_string: 'const ttl = refreshRotation(3600)' },
        {},
        in_('sess-auth'),
      ),
    ],
    ['2026-03-10T10:01:00Z', postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse('ok'), in_('sess-auth'))],
    [
      '2026-03-10T10:02:00Z',
      postToolUseFailure(
        box,
        'Bash',
        { command: 'npx vitest run tests/auth.test.ts' },
        'Exit code 1\nFAIL tests/auth.test.ts > refresh rotates the token',
        in_('sess-auth'),
      ),
    ],
    [
      '2026-03-10T10:03:00Z',
      postToolUse(
        box,
        'Edit',
        { file_path: src('auth.ts'), old_string: 'refreshRotation(3600)', new_string: 'refreshRotation(7200)' },
        {},
        in_('sess-auth'),
      ),
    ],
    [
      '2026-03-10T10:05:00Z',
      postToolUse(
        box,
        'Bash',
        { command: 'git commit -m "fix: rotate refresh tokens"' },
        bashResponse(),
        in_('sess-auth'),
      ),
    ],
    [
      '2026-03-09T15:00:00Z',
      postToolUse(box, 'Bash', { command: HOSTILE_COMMAND }, bashResponse(), in_('sess-hostile')),
    ],
    [
      '2026-03-09T15:01:00Z',
      postToolUse(
        box,
        'Write',
        { file_path: join(box.project, HOSTILE_FILE), content: '</script><script>window.__pwned=4</script>\n' },
        { type: 'create' },
        in_('sess-hostile'),
      ),
    ],
    [
      '2026-03-08T09:00:00Z',
      postToolUse(
        box,
        'Edit',
        { file_path: join(apiProject, 'server.go'), old_string: 'a', new_string: 'rate limiter middleware' },
        {},
        in_('sess-api', apiProject),
      ),
    ],
    [
      '2026-03-08T09:02:00Z',
      postToolUseFailure(
        box,
        'Bash',
        { command: 'go test ./...' },
        'Exit code 1\n--- FAIL: TestLimiter (0.00s)',
        in_('sess-api', apiProject),
      ),
    ],
  ];
  for (let n = 0; n < FILLER_SESSIONS; n++) {
    const day = String(1 + Math.floor(n / 4)).padStart(2, '0');
    const minute = String(n).padStart(2, '0');
    steps.push([
      `2026-03-${day}T08:${minute}:00Z`,
      postToolUse(box, 'Bash', { command: `make step-${minute}` }, bashResponse(), in_(`sess-fill-${minute}`)),
    ]);
  }
  const events: HookEvent[] = steps.map(([time, payload]) => ({ hook: 'post-tool-use', payload, env: at(time) }));
  // One session by Codex CLI (its own payload shape, the agent named on the hook's command line).
  events.push({
    hook: 'post-tool-use',
    args: ['codex'],
    env: at('2026-03-09T12:00:00Z'),
    payload: {
      session_id: 'sess-codex',
      cwd: box.project,
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'make release' },
      tool_response: 'release built\n',
      tool_use_id: 'call_codex_release',
    },
  });
  const stops: Step[] = [
    [
      '2026-03-10T10:06:00Z',
      {
        session_id: 'sess-auth',
        transcript_path: '/t.jsonl',
        cwd: box.project,
        hook_event_name: 'Stop',
        stop_hook_active: false,
      },
    ],
    [
      '2026-03-09T15:02:00Z',
      {
        session_id: 'sess-hostile',
        transcript_path: '/t.jsonl',
        cwd: box.project,
        hook_event_name: 'Stop',
        stop_hook_active: false,
      },
    ],
    [
      '2026-03-08T09:03:00Z',
      {
        session_id: 'sess-api',
        transcript_path: '/t.jsonl',
        cwd: apiProject,
        hook_event_name: 'Stop',
        stop_hook_active: false,
      },
    ],
  ];
  events.push(...stops.map(([time, payload]): HookEvent => ({ hook: 'stop', payload, env: at(time) })));
  events.push({
    hook: 'stop',
    args: ['codex'],
    env: at('2026-03-09T12:01:00Z'),
    payload: { session_id: 'sess-codex', cwd: box.project, hook_event_name: 'Stop', last_assistant_message: 'Built.' },
  });
  const result = await runHooksInOneProcess(events, { env: { ...box.env, TZ: 'UTC' } });
  if (result.code !== 0 || result.stderr !== '' || result.stdout !== '')
    throw new Error(`the hooks failed (${result.code}): ${result.stderr}${result.stdout}`);
  const fillers = Array.from(
    { length: FILLER_SESSIONS },
    (_, n) => `sess-fill-${String(n).padStart(2, '0')}`,
  ).reverse();
  return { apiProject, newest: ['sess-auth', 'sess-hostile', 'sess-codex', 'sess-api', ...fillers] };
}

const at = (now: string) => ({ CLAUDE_MEMORY_NOW: now });

export interface RunningUi {
  /** The printed address, token included. */
  readonly url: string;
  /** Everything it printed before it resolved (the address and what it serves). */
  readonly printed: string;
  readonly origin: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Ctrl-C; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** `memory ui` from the runtime, started as a user would; resolves once it printed its address. */
export function startUi(
  box: Sandbox,
  args: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<RunningUi> {
  const child = spawn(process.execPath, [join(RUNTIME, 'dist', 'commands', 'cli.js'), 'ui', ...args], {
    cwd: ROOT,
    env: { ...box.env, CLAUDE_MEMORY_NOW: UI_NOW, TZ: 'UTC', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`memory ui printed no address: ${stdout}${stderr}`)), 20_000);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = /^memory ui: (http:\/\/127\.0\.0\.1:(\d+)\/\?token=[\w-]+)\n/.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      const url = match[1] as string;
      const port = Number(match[2]);
      resolve({
        url,
        printed: stdout,
        port,
        origin: `http://127.0.0.1:${port}`,
        child,
        stop: () => {
          if (child.exitCode === null) child.kill('SIGINT');
          return exited;
        },
      });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`memory ui exited (${code}) before printing its address: ${stderr}`));
    });
  });
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One HTTP request to 127.0.0.1:port with exactly the Host, Cookie and method given. */
export function rawRequest(
  port: number,
  path: string,
  options: { host?: string; cookie?: string; method?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Host: options.host ?? `127.0.0.1:${port}` };
    if (options.cookie) headers['Cookie'] = options.cookie;
    const req = httpRequest({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Exchanges the printed token for the session cookie, as a browser does; returns `name=value`. */
export async function login(ui: RunningUi): Promise<string> {
  const response = await rawRequest(ui.port, new URL(ui.url).pathname + new URL(ui.url).search);
  const cookie = String(response.headers['set-cookie'] ?? '');
  return cookie.split(';')[0] as string;
}
