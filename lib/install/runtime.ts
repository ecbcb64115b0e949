// The runtime copy: staged next to its final place from a built checkout (dist + production
// node_modules), proven to start, then swapped in so that the old runtime stays until the new one
// is in place and comes back if anything after fails. Temp dirs never outlive the run that made them.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { cliPath } from './layout.js';

/** Prefixes of our temp dirs next to the runtime: a stage being filled, an old runtime set aside. */
const STAGE_PREFIX = '.memory-install.';
const ASIDE_PREFIX = '.memory-old.';

export class RuntimeError extends Error {
  override readonly name = 'RuntimeError';
}

/** The built checkout's shipped parts: what the runtime copies from `dist/`. */
const DIST_PARTS = ['hooks', 'lib', 'commands', 'web'] as const;

/** A runtime directory is ours when its package.json names this package. */
export function isOurRuntime(dir: string): boolean {
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name === 'claude-memory-hooks';
  } catch {
    return false;
  }
}

/**
 * The production packages of a package-lock.json (v2/v3 `packages`), as `node_modules/…` paths,
 * sorted, without those nested inside another listed package (copying the parent copies them).
 */
export function productionPackages(lockText: string): string[] {
  const lock = JSON.parse(lockText) as { packages?: Record<string, { dev?: boolean; devOptional?: boolean }> };
  const paths = Object.entries(lock.packages ?? {})
    .filter(([path, meta]) => path.startsWith('node_modules/') && meta.dev !== true && meta.devOptional !== true)
    .map(([path]) => path)
    .sort();
  return paths.filter((path) => !paths.some((parent) => path.startsWith(`${parent}/node_modules/`)));
}

/** Of better-sqlite3's build only the compiled addon is needed at run time (its sources are 10 MB). */
function keepInRuntime(packageDir: string, path: string): boolean {
  if (!packageDir.endsWith('/better-sqlite3')) return true;
  const inside = relative(packageDir, path).split(sep);
  if (inside[0] === 'deps' || inside[0] === 'src') return false;
  if (inside[0] !== 'build' || inside.length === 1) return true;
  return inside[1] === 'Release' && (inside.length === 2 || inside[2] === 'better_sqlite3.node');
}

/**
 * Copies the runtime out of the checkout `source` into a new stage dir inside `hooksDir` (the same
 * file system as the runtime, so the swap is a rename) and proves it starts. Removes the stage
 * again when anything fails.
 */
export function stageRuntime(source: string, hooksDir: string): string {
  const stage = mkdtempSync(join(hooksDir, `${STAGE_PREFIX}${process.pid}.`));
  try {
    for (const part of DIST_PARTS) cpSync(join(source, 'dist', part), join(stage, 'dist', part), { recursive: true });
    for (const file of ['package.json', 'package-lock.json']) cpSync(join(source, file), join(stage, file));
    for (const path of productionPackages(readFileSync(join(source, 'package-lock.json'), 'utf8'))) {
      const from = join(source, path);
      if (!existsSync(from)) throw new RuntimeError(`node_modules in ${source} is incomplete (${path} is missing); run ./install.sh without --no-build`);
      cpSync(from, join(stage, path), { recursive: true, filter: (src) => keepInRuntime(from, src) });
    }
    const addon = join(stage, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
    if (!existsSync(addon)) throw new RuntimeError(`better-sqlite3 has no compiled addon in ${source}/node_modules; run ./install.sh without --no-build`);
    chmodSync(cliPath(stage), 0o755);
    chmodSync(join(stage, 'dist', 'commands', '_slash.js'), 0o755);
    chmodSync(stage, 0o755);
    verifyRuntime(stage);
    return stage;
  } catch (error) {
    rmSync(stage, { recursive: true, force: true });
    throw error;
  }
}

/** Proves a copy works on its own before it replaces anything: the addon loads, the CLI starts. */
function verifyRuntime(stage: string): void {
  const sqlite = spawnSync(process.execPath, ['-e', 'new (require("better-sqlite3"))(":memory:").close()'], { cwd: stage, encoding: 'utf8' });
  if (sqlite.status !== 0) throw new RuntimeError(`the runtime copy cannot load better-sqlite3 (${lastLine(sqlite.stderr)}); nothing was replaced`);
  const cli = spawnSync(process.execPath, [cliPath(stage), '--help'], { cwd: stage, encoding: 'utf8' });
  if (cli.status !== 0) throw new RuntimeError(`the runtime copy of the memory CLI does not start (${lastLine(cli.stderr)}); nothing was replaced`);
}

export interface RuntimeSwap {
  /** Puts the old runtime (or no runtime) back. */
  undo(): void;
  /** Deletes the old runtime for good. */
  finish(): void;
}

/**
 * Puts `stage` in place of `runtime`. The old runtime is renamed aside first and renamed back when
 * the second rename fails, so there is always a complete runtime or the one that was there.
 */
export function swapRuntime(stage: string, runtime: string): RuntimeSwap {
  const aside = existsSync(runtime) ? join(dirname(runtime), `${ASIDE_PREFIX}${process.pid}.${randomBytes(4).toString('hex')}`) : null;
  if (aside) renameSync(runtime, aside);
  try {
    renameSync(stage, runtime);
  } catch (error) {
    if (aside) renameSync(aside, runtime);
    throw error;
  }
  return {
    undo() {
      rmSync(runtime, { recursive: true, force: true });
      if (aside) renameSync(aside, runtime);
    },
    finish() {
      if (aside) rmSync(aside, { recursive: true, force: true });
    },
  };
}

/**
 * Clears what an interrupted earlier run (killed mid-install) left next to the runtime. Runs under
 * the install lock, so no other run is using them: a runtime set aside comes back when there is
 * none in place, every other leftover goes.
 */
export function sweepLeftovers(hooksDir: string, runtime: string): string[] {
  if (!existsSync(hooksDir)) return [];
  const swept: string[] = [];
  for (const name of readdirSync(hooksDir)) {
    if (!name.startsWith(STAGE_PREFIX) && !name.startsWith(ASIDE_PREFIX)) continue;
    const path = join(hooksDir, name);
    if (name.startsWith(ASIDE_PREFIX) && !existsSync(runtime) && lstatSync(path).isDirectory()) {
      renameSync(path, runtime);
      continue;
    }
    rmSync(path, { recursive: true, force: true });
    swept.push(path);
  }
  return swept;
}

/** Disk use of a directory tree in KB (as `du -sk` counts it: allocated blocks). */
export function sizeKb(dir: string): number {
  let blocks = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    blocks += lstatSync(join(entry.parentPath, entry.name)).blocks;
  }
  return Math.round((blocks + lstatSync(dir).blocks) / 2);
}

function lastLine(text: string | null): string {
  return (text ?? '').trim().split('\n').at(-1) ?? '';
}
