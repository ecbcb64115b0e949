// Project identity, the same for every hook and for imports: CLAUDE_PROJECT_DIR if set, else the
// git top-level above `cwd`, else `cwd`. A linked worktree (`git worktree add`) is its repository's
// main checkout, as git's common directory says; a submodule stays its own project. Walks the file
// system for `.git` and reads the small files git keeps there; never spawns git.
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { Project } from '../memory.js';
import { baseName, type Env } from '../paths.js';

export type { Project };

export function resolveProject(env: Env, cwd: string): Project {
  const declared = env['CLAUDE_PROJECT_DIR'];
  if (declared) return checkoutAt(stripTrailingSeparators(declared));
  if (!cwd) return projectAt('unknown');
  const top = gitTopLevel(cwd);
  return top === null ? projectAt(cwd) : checkoutAt(top);
}

export function projectAt(path: string): Project {
  const clean = stripTrailingSeparators(path);
  return { name: baseName(clean) || clean, path: clean };
}

/** The nearest ancestor holding `.git` (a directory, or a file in worktrees and submodules). */
export function gitTopLevel(start: string): string | null {
  if (!start.startsWith('/')) return null; // Windows-style or relative: not walkable here
  let dir = stripTrailingSeparators(start) || '/';
  for (let depth = 0; depth < 64; depth++) {
    if (gitEntry(dir) !== null) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
  return null;
}

/**
 * A checkout's project: itself, unless its `.git` is a file naming a linked worktree's git dir
 * (`gitdir: <repo>/.git/worktrees/<name>`, which holds a `commondir` file). Then the repository's
 * main checkout, the folder holding the common git dir, with the worktree kept beside it. A
 * submodule's `.git` file names `<super>/.git/modules/<name>`, which has no `commondir`: its own.
 */
function checkoutAt(top: string): Project {
  const own = projectAt(top);
  if (gitEntry(top) !== 'file') return own;
  const gitDir = pointer(`${top}/.git`, /^gitdir:\s*(.+)$/m);
  if (gitDir === null) return own;
  const absoluteGitDir = isAbsolute(gitDir) ? gitDir : resolve(top, gitDir);
  const common = pointer(`${absoluteGitDir}/commondir`, /^(.+)$/m);
  if (common === null) return own;
  const commonDir = stripTrailingSeparators(isAbsolute(common) ? common : resolve(absoluteGitDir, common));
  // A bare repository's worktrees have no main checkout: the repository (`app.git` → `app`) stands for it.
  const main = baseName(commonDir) === '.git' ? dirname(commonDir) : commonDir.replace(/\.git$/, '');
  if (!main || main === top) return own;
  return { ...projectAt(main), worktree: own.path };
}

function gitEntry(dir: string): 'dir' | 'file' | null {
  try {
    const stat = statSync(`${dir === '/' ? '' : dir}/.git`, { throwIfNoEntry: false });
    return stat === undefined ? null : stat.isDirectory() ? 'dir' : 'file';
  } catch {
    return null; // EACCES and friends: treat as absent
  }
}

/** The first match's group in a small text file git writes, or null. */
function pointer(path: string, pattern: RegExp): string | null {
  try {
    const text = readFileSync(path, 'utf8').slice(0, 4096);
    return pattern.exec(text)?.[1]?.trim() || null;
  } catch {
    return null;
  }
}

function stripTrailingSeparators(path: string): string {
  return path.length > 1 ? path.replace(/(?<=.)[\\/]+$/, '') : path;
}
