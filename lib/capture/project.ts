// Project identity, the same for every hook and for imports: CLAUDE_PROJECT_DIR if set, else the
// git top-level above `cwd`, else `cwd`. Walks the file system for `.git`; never spawns git.
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Project } from '../memory.js';
import { baseName, type Env } from '../paths.js';

export type { Project };

export function resolveProject(env: Env, cwd: string): Project {
  const declared = env['CLAUDE_PROJECT_DIR'];
  if (declared) return projectAt(declared);
  if (!cwd) return projectAt('unknown');
  return projectAt(gitTopLevel(cwd) ?? cwd);
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
    if (exists(`${dir === '/' ? '' : dir}/.git`)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
  return null;
}

function exists(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false; // EACCES and friends: treat as absent
  }
}

function stripTrailingSeparators(path: string): string {
  return path.length > 1 ? path.replace(/(?<=.)[\\/]+$/, '') : path;
}
