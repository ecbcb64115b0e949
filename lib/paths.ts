// The one place that knows where Claude Code, Codex CLI, Gemini CLI, Cursor, OpenCode and this package keep their files.
// Pure path arithmetic: never touches the file system.
import { dirname, join, resolve } from 'node:path';
import { homedir, tmpdir } from 'node:os';

export type Env = Readonly<Record<string, string | undefined>>;

/** The system's temporary directory. */
export function systemTempDir(): string {
  return tmpdir();
}

export function homeDir(env: Env): string {
  return env['HOME'] || env['USERPROFILE'] || homedir();
}

/** `$CLAUDE_CONFIG_DIR` if set (Claude Code honours it too), else `~/.claude`. */
export function claudeDir(env: Env): string {
  return env['CLAUDE_CONFIG_DIR'] || join(homeDir(env), '.claude');
}

/** Codex CLI's home: `$CODEX_HOME` (default ~/.codex); its rollouts are under `sessions/`. */
export function codexHome(env: Env): string {
  return env['CODEX_HOME'] || join(homeDir(env), '.codex');
}

/** Gemini CLI's folder: `$GEMINI_CLI_HOME/.gemini` (default ~/.gemini); its chats are under `tmp/<project>/chats/`. */
export function geminiHome(env: Env): string {
  return join(env['GEMINI_CLI_HOME'] || homeDir(env), '.gemini');
}

/** Cursor's user folder, `~/.cursor`: its user hooks are `hooks.json` there. */
export function cursorHome(env: Env): string {
  return join(homeDir(env), '.cursor');
}

/** OpenCode's config folder, `$XDG_CONFIG_HOME/opencode` (default ~/.config/opencode); plugins in `plugins/`. */
export function opencodeConfigDir(env: Env): string {
  return join(env['XDG_CONFIG_HOME'] || join(homeDir(env), '.config'), 'opencode');
}

/** OpenCode's sessions (≥1.2): `$OPENCODE_DB`, else `$XDG_DATA_HOME/opencode/opencode.db` (default ~/.local/share/…). */
export function opencodeDbPath(env: Env): string {
  return env['OPENCODE_DB'] || join(opencodeDataDir(env), 'opencode.db');
}

/**
 * OpenCode's sessions before 1.2: one JSON file per session under `storage/session/<project id>/`, its
 * messages under `storage/message/<session id>/`, their parts under `storage/part/<message id>/`.
 */
export function opencodeSessionFilesDir(env: Env): string {
  return join(opencodeDataDir(env), 'storage', 'session');
}

function opencodeDataDir(env: Env): string {
  return join(env['XDG_DATA_HOME'] || join(homeDir(env), '.local', 'share'), 'opencode');
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
