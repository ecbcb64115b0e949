// Installs one release of a real agent client from the npm registry into a cache and gives the path of
// an executable that runs it. A cached release is never downloaded again; with the registry out of reach
// the newest cached one is used, and with none cached the caller is told so (exit code 3) to skip.
//
//   node dist/tests/e2e/harness/install.js claude|codex|gemini|opencode [VERSION|latest]   → prints the path
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type Client = 'claude' | 'codex' | 'gemini' | 'opencode';
export const CLIENTS: readonly Client[] = ['claude', 'codex', 'gemini', 'opencode'];

export const PACKAGES: Readonly<Record<Client, string>> = {
  claude: '@anthropic-ai/claude-code',
  codex: '@openai/codex',
  gemini: '@google/gemini-cli',
  opencode: 'opencode-ai',
};

/** The registry could not be reached and no release is cached: a test should skip, saying this. */
export class RegistryUnreachable extends Error {}

export function cacheRoot(): string {
  return (
    process.env['CLAUDE_MEMORY_E2E_CACHE'] ||
    join(process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'claude-memory-hooks', 'e2e')
  );
}

const EXACT = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

function npm(args: readonly string[], cwd?: string): { ok: boolean; out: string } {
  const run = spawnSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 600_000 });
  return { ok: run.status === 0, out: `${run.stdout ?? ''}${run.stderr ?? ''}` };
}

/** `latest`, `next`, a range… as an exact version, from the registry. Null when it cannot be reached. */
function resolveVersion(client: Client, wanted: string): string | null {
  if (EXACT.test(wanted)) return wanted;
  // Few retries and a short timeout: out of reach, the newest cached release will do.
  const view = npm([
    'view',
    `${PACKAGES[client]}@${wanted}`,
    'version',
    '--json',
    '--fetch-retries=1',
    '--fetch-timeout=20000',
  ]);
  if (!view.ok) return null;
  const parsed = JSON.parse(view.out.trim() || 'null') as unknown;
  const version = Array.isArray(parsed) ? parsed.at(-1) : parsed;
  return typeof version === 'string' && EXACT.test(version) ? version : null;
}

function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[.-]/).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const [p, q] = [x[i], y[i]];
    if (p === q) continue;
    if (p === undefined) return 1; // 1.0.0 after 1.0.0-rc
    if (q === undefined) return -1;
    if (typeof p === 'number' && typeof q === 'number') return p - q;
    return String(p) < String(q) ? -1 : 1;
  }
  return 0;
}

function cached(client: Client): string[] {
  const dir = join(cacheRoot(), client);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => EXACT.test(name) && existsSync(join(dir, name, client)))
    .sort(compareVersions);
}

const PLATFORM: Readonly<Record<string, { npm: string; triple: string }>> = {
  'linux-x64': { npm: 'linux-x64', triple: 'x86_64-unknown-linux-musl' },
  'linux-arm64': { npm: 'linux-arm64', triple: 'aarch64-unknown-linux-musl' },
  'darwin-arm64': { npm: 'darwin-arm64', triple: 'aarch64-apple-darwin' },
  'darwin-x64': { npm: 'darwin-x64', triple: 'x86_64-apple-darwin' },
};

/** Writes `stage/<client>`: a link to the native binary, or a launcher for a JavaScript build. */
function linkExecutable(client: Client, stage: string): void {
  const platform = PLATFORM[`${process.platform}-${process.arch}`];
  const modules = join(stage, 'node_modules');
  const launcher = (script: string) => {
    // The Node that installed it: the client does not follow whichever `node` a test puts on PATH.
    writeFileSync(join(stage, client), `#!/bin/sh\nexec "${process.execPath}" "$(dirname "$0")/${script}" "$@"\n`);
    chmodSync(join(stage, client), 0o755);
  };
  const native = (candidates: string[]) => {
    const found = candidates.find((c) => existsSync(join(stage, c)));
    if (!found) throw new Error(`${PACKAGES[client]} has no native binary for ${process.platform}-${process.arch}`);
    chmodSync(join(stage, found), 0o755);
    symlinkSync(found, join(stage, client));
  };
  const pkg = join(modules, ...PACKAGES[client].split('/'));
  if (client === 'claude') {
    // Up to 2.1.112 a cli.js; later releases a native binary in an optional per-platform package.
    if (existsSync(join(pkg, 'cli.js'))) return launcher(`node_modules/${PACKAGES.claude}/cli.js`);
    return native(platform ? [`node_modules/@anthropic-ai/claude-code-${platform.npm}/claude`] : []);
  }
  if (client === 'codex') {
    const p = platform ?? { npm: '?', triple: '?' };
    return native([
      `node_modules/@openai/codex-${p.npm}/vendor/${p.triple}/bin/codex`,
      `node_modules/@openai/codex-${p.npm}/vendor/${p.triple}/codex/codex`,
      `node_modules/@openai/codex/vendor/${p.triple}/codex/codex`,
    ]);
  }
  if (client === 'opencode') {
    // A Bun-compiled binary in a per-platform optional package (the baseline build for CPUs without AVX2).
    const p = platform?.npm ?? '?';
    return native([`node_modules/opencode-${p}/bin/opencode`, `node_modules/opencode-${p}-baseline/bin/opencode`]);
  }
  const bundle = ['bundle/gemini.js', 'dist/index.js'].find((f) => existsSync(join(pkg, f)));
  if (!bundle) throw new Error(`${PACKAGES.gemini} has no bundle/gemini.js`);
  const engines = (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { engines?: { node?: string } })
    .engines;
  const needs = Number(/(\d+)/.exec(engines?.node ?? '')?.[1] ?? 0);
  if (Number(process.versions.node.split('.')[0]) < needs)
    throw new Error(`Gemini CLI needs Node ${needs} or newer; this is ${process.version}`);
  launcher(`node_modules/${PACKAGES.gemini}/${bundle}`);
}

function runs(exe: string, version: string): boolean {
  const run = spawnSync(exe, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  return run.status === 0 && run.stdout.includes(version);
}

/** The path of an executable running `client` at `wanted` (an exact version, `latest`, a dist-tag). */
export function installClient(client: Client, wanted = 'latest'): { exe: string; version: string; note: string } {
  const resolved = resolveVersion(client, wanted);
  if (resolved === null) {
    const newest = cached(client).at(-1);
    if (newest === undefined)
      throw new RegistryUnreachable(
        `the npm registry is out of reach and no ${PACKAGES[client]} is cached in ${cacheRoot()}`,
      );
    return {
      exe: join(cacheRoot(), client, newest, client),
      version: newest,
      note: `registry out of reach: cached ${newest}`,
    };
  }
  const dir = join(cacheRoot(), client, resolved);
  const exe = join(dir, client);
  if (existsSync(exe) && runs(exe, resolved)) return { exe, version: resolved, note: 'cached' };
  mkdirSync(join(cacheRoot(), client), { recursive: true });
  const stage = mkdtempSync(join(cacheRoot(), client, `.install-${resolved}-`));
  try {
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify({ name: `e2e-${client}`, private: true })}\n`);
    // No install scripts (the native builds come as optional dependencies; nothing needs building).
    const add = npm(
      [
        'install',
        '--no-save',
        '--no-package-lock',
        '--ignore-scripts',
        '--include=optional',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `${PACKAGES[client]}@${resolved}`,
      ],
      stage,
    );
    if (!add.ok)
      throw new Error(
        `npm install ${PACKAGES[client]}@${resolved} failed:\n${add.out.trim().split('\n').slice(-10).join('\n')}`,
      );
    linkExecutable(client, stage);
    if (!runs(join(stage, client), resolved)) throw new Error(`the installed ${client} ${resolved} does not run`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(stage, dir);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
  return { exe, version: resolved, note: 'installed' };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [client, version = 'latest'] = process.argv.slice(2);
  if (!CLIENTS.includes(client as Client)) {
    process.stderr.write('usage: install.js claude|codex|gemini|opencode [VERSION|latest]\n');
    process.exit(2);
  }
  try {
    const done = installClient(client as Client, version);
    process.stderr.write(`${PACKAGES[client as Client]} ${done.version} (${done.note}): ${done.exe}\n`);
    process.stdout.write(`${done.exe}\n`);
  } catch (error) {
    process.stderr.write(`install.js: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(error instanceof RegistryUnreachable ? 3 : 1);
  }
}
