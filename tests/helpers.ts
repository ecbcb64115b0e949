// Test fixtures: self-cleaning temp dirs, the built hooks and CLI spawned with JSON on stdin
// (as Claude Code runs them), and direct reads of the resulting SQLite file.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, onTestFinished } from 'vitest';

export const ROOT = resolve(import.meta.dirname, '..');
export const DIST = join(ROOT, 'dist');
/** The bundled runtime `npm run build` makes and the installer copies: what Claude Code really runs. */
export const RUNTIME = join(DIST, 'runtime');

export function tempDir(prefix = 'cmh-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface Sandbox {
  readonly home: string;
  readonly dbPath: string;
  /** A git project directory (it holds a `.git` folder). */
  readonly project: string;
  readonly env: Record<string, string>;
}

/** A fake HOME with a git project in it; the env every spawned process gets. */
export function sandbox(extraEnv: Record<string, string> = {}): Sandbox {
  return sandboxIn(tempDir(), extraEnv);
}

/**
 * One sandbox for the whole file, filled once by `fill` in a beforeAll, for tests that only read it
 * (a test that writes makes its own). Removed after the file's tests.
 */
export function useSharedSandbox(fill: (box: Sandbox) => Promise<void> | void): () => Sandbox {
  let shared: Sandbox | undefined;
  beforeAll(async () => {
    const box = sandboxIn(mkdtempSync(join(tmpdir(), 'cmh-shared-')));
    shared = box;
    await fill(box);
  });
  afterAll(() => {
    if (shared) rmSync(shared.home, { recursive: true, force: true });
  });
  return () => {
    if (!shared) throw new Error('the shared sandbox is not ready');
    return shared;
  };
}

function sandboxIn(home: string, extraEnv: Record<string, string> = {}): Sandbox {
  const project = join(home, 'work', 'my-app');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(join(project, 'src'), { recursive: true });
  const dbPath = join(home, '.claude', 'memory.db');
  // The spool's fallback folder lives under TMPDIR: a test whose database folder refuses writes must
  // not leave events in the machine's /tmp (every later stored event there would hash its way past them).
  const tmp = join(home, 'tmp');
  mkdirSync(tmp, { mode: 0o700 });
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: home,
    TMPDIR: tmp,
    CLAUDE_MEMORY_DB: dbPath,
    NO_COLOR: '1',
    // Recall drops a block later than 1 s from the hook's start; on a loaded machine a process start alone
    // can take that, and these tests are about what recall prints (its deadline has a test of its own).
    CLAUDE_MEMORY_RECALL_DEADLINE_MS: '9000',
    ...extraEnv,
  };
  return { home, dbPath, project, env };
}

export interface RunResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  readonly env: Record<string, string>;
  /** Raw stdin; objects are JSON-encoded. `null` leaves stdin open (never closed). */
  readonly stdin?: unknown;
  readonly cwd?: string;
  readonly killAfterMs?: number;
}

export function runNode(script: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: options.env,
      cwd: options.cwd ?? ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 45_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolvePromise({ code, signal, stdout, stderr });
    });
    child.stdin.on('error', () => undefined); // the process may exit before reading everything
    if (options.stdin === null) return; // leave stdin open
    const text =
      options.stdin === undefined
        ? ''
        : typeof options.stdin === 'string'
          ? options.stdin
          : JSON.stringify(options.stdin);
    child.stdin.end(text);
  });
}

export type HookName = 'session-start' | 'post-tool-use' | 'stop' | 'user-prompt-submit';

export function runHook(name: HookName, stdin: unknown, options: Omit<RunOptions, 'stdin'>): Promise<RunResult> {
  return runNode(join(RUNTIME, 'dist', 'hooks', `${name}.js`), [], { ...options, stdin });
}

export interface HookEvent {
  readonly hook: 'post-tool-use' | 'stop' | 'user-prompt-submit';
  readonly payload: unknown;
  /** Added to the process's env for this event only (e.g. CLAUDE_MEMORY_NOW). */
  readonly env?: Record<string, string>;
  /** The hook's command line: the agent's name for Codex or Gemini CLI (`['codex']`). */
  readonly args?: readonly string[];
}

/**
 * Many events through the hooks' handlers in one Node process (tests/fixtures/hooks-in-one-process.mjs),
 * in order: for a test that fills a database and is not about the hook process. Each failing event
 * leaves its `[memory-hook]` line on stderr, so a caller expects stderr to be empty.
 */
export function runHooksInOneProcess(
  events: readonly HookEvent[],
  options: Omit<RunOptions, 'stdin'>,
): Promise<RunResult> {
  return runNode(join(ROOT, 'tests', 'fixtures', 'hooks-in-one-process.mjs'), [], { ...options, stdin: events });
}

export function runCli(args: readonly string[], options: RunOptions): Promise<RunResult> {
  return runNode(join(RUNTIME, 'dist', 'commands', 'cli.js'), args, options);
}

/** Opens the test database read-only for assertions; closed when the test ends. */
export function openForRead(dbPath: string): Database.Database {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  onTestFinished(() => {
    db.close();
  });
  return db;
}

export interface MemoryRecord {
  id: number;
  session_id: string;
  tool_name: string;
  type: string;
  project: string;
  project_path: string;
  file_path: string | null;
  content: string;
  tags: string;
  importance: number;
  created_at: string;
  tool_use_id: string | null;
  agent_id: string | null;
  exit_code: number | null;
  source: string;
}

export function allMemories(dbPath: string): MemoryRecord[] {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT * FROM memories ORDER BY id').all() as MemoryRecord[];
  } finally {
    db.close();
  }
}

let counter = 0;
/** A unique tool_use_id, shaped like Claude Code's. */
export function toolUseId(): string {
  counter += 1;
  return `toolu_01Test${process.pid}x${counter.toString().padStart(6, '0')}`;
}

/** PostToolUse payload as a 2.1.x client sends it; `overrides` replace top-level fields. */
export function postToolUse(
  box: Sandbox,
  toolName: string,
  toolInput: Record<string, unknown>,
  toolResponse: unknown,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    session_id: 'sess-1111',
    transcript_path: join(box.home, '.claude', 'projects', '-work-my-app', 'sess-1111.jsonl'),
    cwd: box.project,
    permission_mode: 'default',
    hook_event_name: 'PostToolUse',
    tool_name: toolName,
    tool_input: toolInput,
    tool_response: toolResponse,
    tool_use_id: toolUseId(),
    ...overrides,
  };
}

/** PostToolUseFailure payload: `error` instead of `tool_response`. */
export function postToolUseFailure(
  box: Sandbox,
  toolName: string,
  toolInput: Record<string, unknown>,
  error: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const { tool_response: _unused, ...rest } = postToolUse(box, toolName, toolInput, undefined, overrides);
  return { ...rest, hook_event_name: 'PostToolUseFailure', error, is_interrupt: false, ...overrides };
}

export function bashResponse(stdout = '', stderr = '', extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { stdout, stderr, interrupted: false, isImage: false, ...extra };
}

/**
 * Which of Node's own modules a process loaded: a preload, through NODE_OPTIONS as a user could set
 * it, writes process.moduleLoadList at exit. Spread `env` into the process's environment, then ask
 * `loaded()` for names like `NativeModule net`.
 */
export function moduleProbe(dir: string): { readonly env: Record<string, string>; loaded(): string[] } {
  const preload = join(dir, 'modules-probe.cjs');
  const report = join(dir, 'modules-loaded');
  writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(report)}, process.moduleLoadList.join('\\n')));\n`,
  );
  return { env: { NODE_OPTIONS: `--require ${preload}` }, loaded: () => readFileSync(report, 'utf8').split('\n') };
}

/**
 * What a post-tool-use hook says when the database stayed locked past its deadline: the event is kept in
 * the spool for the next hook. On a machine too busy for the deadline (a matter of speed, which the bench
 * measures, not a test) a burst of hooks may say it; the next hook stores what was kept.
 */
export const KEPT_FOR_LATER =
  '[memory-hook] post-tool-use: the database is locked by another process (SQLITE_BUSY: database is locked); the event is kept and will be stored later\n';

/** The runs of a burst that neither stored their event nor kept it with KEPT_FOR_LATER: none is allowed. */
export function neitherStoredNorKept(results: readonly RunResult[]): RunResult[] {
  return results.filter((result) => result.code !== 0 || (result.stderr !== '' && result.stderr !== KEPT_FOR_LATER));
}
