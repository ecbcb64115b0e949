// The one place that knows where Claude Code and this package keep their files.
// Pure path arithmetic: never touches the file system.
import { dirname, join, resolve } from 'node:path';
import { os } from './lazy-builtins.js';

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * The system's temporary directory, as node:os's tmpdir() gives it, without loading node:os (~0.6 ms
 * of every hook and search that looks for a spool): on POSIX it is $TMPDIR, $TMP, $TEMP or /tmp,
 * without a trailing slash. Read from process.env, as tmpdir() reads it.
 */
export function systemTempDir(): string {
  if (process.platform === 'win32') return os().tmpdir();
  const dir = process.env['TMPDIR'] || process.env['TMP'] || process.env['TEMP'] || '/tmp';
  return dir.length > 1 && dir.endsWith('/') ? dir.slice(0, -1) : dir;
}

export function homeDir(env: Env): string {
  return env['HOME'] || env['USERPROFILE'] || os().homedir();
}

/** `$CLAUDE_CONFIG_DIR` if set (Claude Code honours it too), else `~/.claude`. */
export function claudeDir(env: Env): string {
  return env['CLAUDE_CONFIG_DIR'] || join(homeDir(env), '.claude');
}

export function defaultDbPath(env: Env): string {
  return join(claudeDir(env), 'memory.db');
}

/** Marker whose mtime throttles the daily cleanup; lives next to the database it guards. */
export function cleanupMarkerPath(dbPath: string): string {
  return join(dirname(dbPath), `${baseName(dbPath)}.last-cleanup`);
}

/** Present while the database is known to be damaged: capture defers instead of writing into it. */
export function repairNotePath(dbPath: string): string {
  return `${dbPath}.needs-repair`;
}

/** Basename that understands both `/` and `\` (Windows clients send backslash paths). */
export function baseName(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  return trimmed.slice(cut + 1) || trimmed;
}

/** When the user was last told that no SQLite driver works in their Node (the file's mtime). */
export function driverNoticePath(dbPath: string): string {
  return `${dbPath}.driver-notice`;
}

/** Where ./install.sh puts its runtime (lib/install/layout.ts's runtimeDir, resolved the same way). */
export function installedRuntimeDir(env: Env, cwd = process.cwd()): string {
  return join(resolve(cwd, claudeDir(env)), 'hooks', 'memory');
}
