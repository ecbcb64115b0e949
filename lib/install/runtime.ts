// The runtime copy: staged next to its final place from a built checkout (its dist/runtime/: the
// bundles and better-sqlite3's addon), proven to start, then swapped in so that the old runtime stays until the new one
// is in place and comes back if anything after fails. Temp dirs never outlive the run that made them.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { cliPath } from './layout.js';

/** Prefixes of our temp dirs next to the runtime: a stage being filled, an old runtime set aside. */
const STAGE_PREFIX = '.memory-install.';
const ASIDE_PREFIX = '.memory-old.';

export class RuntimeError extends Error {
  override readonly name = 'RuntimeError';
}

/** What `npm run build` bundles for the runtime; copied whole, nothing else of the checkout is. */
const BUNDLED_RUNTIME = ['dist', 'runtime'] as const;
/** better-sqlite3, which the bundles require: a package beside them, its addon built for this Node. */
const ADDON = ['node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'] as const;

/** A runtime directory is ours when its package.json names this package. */
export function isOurRuntime(dir: string): boolean {
  try {
    return (
      (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name === 'claude-memory-hooks'
    );
  } catch {
    return false;
  }
}

/**
 * Copies the runtime out of the checkout `source` into a new stage dir inside `hooksDir` (the same
 * file system as the runtime, so the swap is a rename) and proves it starts. Removes the stage
 * again when anything fails.
 */
export function stageRuntime(source: string, hooksDir: string): string {
  const stage = mkdtempSync(join(hooksDir, `${STAGE_PREFIX}${process.pid}.`));
  try {
    const bundled = join(source, ...BUNDLED_RUNTIME);
    if (!existsSync(join(bundled, ...ADDON)))
      throw new RuntimeError(
        `${bundled} holds no bundled runtime with better-sqlite3's addon; run ./install.sh without --no-build`,
      );
    cpSync(bundled, stage, { recursive: true });
    chmodSync(cliPath(stage), 0o755);
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
  const sqlite = spawnSync(process.execPath, ['-e', `new (require('better-sqlite3'))(':memory:').close()`], {
    cwd: stage,
    encoding: 'utf8',
  });
  if (sqlite.status !== 0)
    throw new RuntimeError(
      `the runtime copy cannot load better-sqlite3 (${lastLine(sqlite.stderr)}); nothing was replaced`,
    );
  const cli = spawnSync(process.execPath, [cliPath(stage), '--help'], { cwd: stage, encoding: 'utf8' });
  if (cli.status !== 0)
    throw new RuntimeError(
      `the runtime copy of the memory CLI does not start (${lastLine(cli.stderr)}); nothing was replaced`,
    );
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
  const aside = existsSync(runtime)
    ? join(dirname(runtime), `${ASIDE_PREFIX}${process.pid}.${randomBytes(4).toString('hex')}`)
    : null;
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
