// Fixtures for the install and doctor tests: install.sh run in a temp HOME with stdin closed (from
// this already-built checkout, --no-build), the installer and uninstaller called in-process, one install shared by
// the tests that only read it, and the hook commands read back from settings.json.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { install } from '../lib/install/install.js';
import type { Reporter } from '../lib/install/steps.js';
import { uninstall } from '../lib/install/uninstall.js';
import { fakeClaudeBin } from './fake-claude.js';
import { ROOT, sandbox, tempDir, type RunResult, type Sandbox } from './helpers.js';
import type { InstallAgent } from '../lib/install/agents.js';

export interface InstallBox extends Sandbox {
  readonly claude: string;
  readonly settings: string;
  readonly runtime: string;
  readonly launcher: string;
}

/** A sandbox whose env also keeps npm's user config and cache (node-gyp needs them offline). */
export function installBox(extraEnv: Record<string, string> = {}): InstallBox {
  const box = sandbox({ ...npmEnv(), ...extraEnv });
  return withInstallPaths(extraEnv['PATH'] === undefined ? { ...box, env: withFakeClaude(box.env, box.home) } : box);
}

/** A fake `claude` first on PATH (see fake-claude.ts): the installer registers the MCP server through it. */
function withFakeClaude(env: Record<string, string>, home: string): Record<string, string> {
  return { ...env, PATH: `${fakeClaudeBin(join(home, 'fake-bin'))}:${env['PATH'] ?? ''}` };
}

function npmEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ['npm_config_userconfig', 'npm_config_cache'] as const) {
    const value = process.env[key];
    if (value) env[key] = value;
  }
  return env;
}

function withInstallPaths(box: Sandbox): InstallBox {
  const claude = join(box.home, '.claude');
  return {
    ...box,
    claude,
    settings: join(claude, 'settings.json'),
    runtime: join(claude, 'hooks', 'memory'),
    launcher: join(box.home, '.local', 'bin', 'memory'),
  };
}

export interface SharedInstall {
  readonly box: InstallBox;
  /** What ./install.sh printed. */
  readonly stdout: string;
}

/**
 * One real `./install.sh --no-build` into a fresh temp HOME for the whole file, for tests that only
 * read the installation. Tests that write a database point CLAUDE_MEMORY_DB elsewhere (withOwnDb).
 */
export function useSharedInstall(): () => SharedInstall {
  let shared: SharedInstall | undefined;
  let home = '';
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'cmh-shared-'));
    const project = join(home, 'work', 'my-app');
    mkdirSync(join(project, '.git'), { recursive: true });
    mkdirSync(join(project, 'src'), { recursive: true });
    const dbPath = join(home, '.claude', 'memory.db');
    const env = withFakeClaude(
      {
        PATH: process.env['PATH'] ?? '/usr/bin:/bin',
        HOME: home,
        CLAUDE_MEMORY_DB: dbPath,
        NO_COLOR: '1',
        ...npmEnv(),
      },
      home,
    );
    const box = withInstallPaths({ home, dbPath, project, env });
    const result = await runInstall(['--no-build'], env);
    if (result.code !== 0) throw new Error(`shared install failed: ${result.stderr}`);
    shared = { box, stdout: result.stdout };
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));
  return () => {
    if (!shared) throw new Error('the shared install is not ready');
    return shared;
  };
}

/** The same installation with a database of the test's own (cleaned up with the test). */
export function withOwnDb(box: InstallBox): InstallBox {
  const dbPath = join(tempDir('cmh-db-'), 'memory.db');
  return { ...box, dbPath, env: { ...box.env, CLAUDE_MEMORY_DB: dbPath } };
}

/** Lines the in-process installer printed, as install.sh would show them. */
export function collectingReporter(lines: string[] = []): Reporter & { readonly lines: string[] } {
  return {
    lines,
    step: (text) => lines.push(`✓ ${text}`),
    info: (text) => lines.push(text),
    warn: (text) => lines.push(`! ${text}`),
  };
}

/** Installs into the box in this process, from this built checkout; returns the printed lines. */
export function installInProcess(
  box: InstallBox,
  choices: { commandName?: string; binDir?: string; agents?: readonly InstallAgent[] } = {},
): string[] {
  const report = collectingReporter();
  install(
    ROOT,
    {
      commandName: choices.commandName ?? 'mem',
      ...(choices.binDir === undefined ? {} : { binDir: choices.binDir }),
      ...(choices.agents === undefined ? {} : { agents: choices.agents }),
    },
    { env: box.env, report },
  );
  return report.lines;
}

/** `./install.sh --uninstall [--purge]` in this process (what _install.js runs after the script's bootstrap); returns the printed lines. */
export function uninstallInProcess(box: InstallBox, choices: { purge?: boolean } = {}): string[] {
  const report = collectingReporter();
  uninstall({ purge: choices.purge ?? false }, { env: box.env, report });
  return report.lines;
}

/** Runs ./install.sh with stdin closed (`<&-`), as a non-interactive installer must survive. */
export function runInstall(
  args: readonly string[],
  env: Record<string, string>,
  script = join(ROOT, 'install.sh'),
): Promise<RunResult> {
  return runShell(`exec "$0" "$@" <&-`, [script, ...args], env);
}

/** `sh -c SCRIPT arg0 args…`, optionally with text on stdin. */
export function runShell(
  script: string,
  args: readonly string[],
  env: Record<string, string>,
  stdin?: string,
  cwd?: string,
): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('sh', ['-c', script, ...args], {
      env,
      cwd: cwd ?? env['HOME'] ?? ROOT,
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolvePromise({ code, signal, stdout, stderr });
    });
    if (stdin !== undefined) {
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(stdin);
    }
  });
}

export interface HookEntry {
  readonly event: string;
  readonly matcher: unknown;
  readonly handler: Record<string, unknown>;
}

/** Every handler in settings.json whose command points into `runtime`. */
export function ourEntries(settingsPath: string, runtime: string): HookEntry[] {
  const settings = JSON.parse(readFileSync(settingsPath, 'utf8')) as {
    hooks?: Record<string, { matcher?: unknown; hooks: Record<string, unknown>[] }[]>;
  };
  const entries: HookEntry[] = [];
  for (const [event, groups] of Object.entries(settings.hooks ?? {})) {
    for (const group of groups) {
      for (const handler of group.hooks) {
        if (String(handler['command']).includes(runtime)) entries.push({ event, matcher: group.matcher, handler });
      }
    }
  }
  return entries;
}

export function commandFor(entries: readonly HookEntry[], event: string): string {
  const entry = entries.find((candidate) => candidate.event === event);
  if (!entry) throw new Error(`no ${event} entry`);
  return String(entry.handler['command']);
}
