// Fixtures for the install.sh and doctor tests: install.sh run in a temp HOME with stdin closed
// (from this already-built checkout, --no-build), and the hook commands read back from settings.json.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, sandbox, type RunResult, type Sandbox } from './helpers.js';

export interface InstallBox extends Sandbox {
  readonly claude: string;
  readonly settings: string;
  readonly runtime: string;
  readonly launcher: string;
}

/** A sandbox whose env also keeps npm's user config and cache (node-gyp needs them offline). */
export function installBox(extraEnv: Record<string, string> = {}): InstallBox {
  const npmEnv: Record<string, string> = {};
  for (const key of ['npm_config_userconfig', 'npm_config_cache'] as const) {
    const value = process.env[key];
    if (value) npmEnv[key] = value;
  }
  const box = sandbox({ ...npmEnv, ...extraEnv });
  const claude = join(box.home, '.claude');
  return {
    ...box,
    claude,
    settings: join(claude, 'settings.json'),
    runtime: join(claude, 'hooks', 'memory'),
    launcher: join(box.home, '.local', 'bin', 'memory'),
  };
}

/** Runs ./install.sh with stdin closed (`<&-`), as a non-interactive installer must survive. */
export function runInstall(args: readonly string[], env: Record<string, string>, script = join(ROOT, 'install.sh')): Promise<RunResult> {
  return runShell(`exec "$0" "$@" <&-`, [script, ...args], env);
}

/** `sh -c SCRIPT arg0 args…`, optionally with text on stdin. */
export function runShell(script: string, args: readonly string[], env: Record<string, string>, stdin?: string, cwd?: string): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('sh', ['-c', script, ...args], { env, cwd: cwd ?? env['HOME'] ?? ROOT, stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
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
  const settings = JSON.parse(readFileSync(settingsPath, 'utf8')) as { hooks?: Record<string, { matcher?: unknown; hooks: Record<string, unknown>[] }[]> };
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
