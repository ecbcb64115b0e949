// Registers `memory mcp` with Claude Code in the user scope through the `claude` CLI, idempotently,
// and removes exactly that entry on uninstall. Claude Code owns its config file: we only read it
// (to compare) and let `claude mcp add/remove` write it. `claude` is looked for on PATH, then where
// Claude Code's installers put it; without it, the caller prints the one command to run.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { claudeDir, homeDir, type Env } from '../paths.js';
import { MCP_ARGS, NODE_FLAGS } from '../runtime/executables.js';

/** The name Claude Code shows (`/mcp`) and prefixes the tools with: mcp__memory-hooks__search. */
export const MCP_SERVER_NAME = 'memory-hooks';

export interface McpEntry {
  readonly command: string;
  readonly args: readonly string[];
}

/** What we register: this Node (the one better-sqlite3 was built for) running the runtime's `memory` CLI. */
export function ourEntry(cli: string, nodePath: string): McpEntry {
  return { command: nodePath, args: [...NODE_FLAGS, cli, ...MCP_ARGS] };
}

export function addArgs(entry: McpEntry): string[] {
  return ['mcp', 'add', '--scope', 'user', MCP_SERVER_NAME, '--', entry.command, ...entry.args];
}

export const REMOVE_ARGS: readonly string[] = ['mcp', 'remove', '--scope', 'user', MCP_SERVER_NAME];

/** The command a user without `claude` (or with a failed registration) runs by hand. */
export function manualAddCommand(entry: McpEntry, claude = 'claude'): string {
  return [claude, ...addArgs(entry)].map(shellWord).join(' ');
}

export const MANUAL_REMOVE_COMMAND = `claude ${REMOVE_ARGS.join(' ')}`;

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/** Where Claude Code keeps user-scope MCP servers: `~/.claude.json`, or inside $CLAUDE_CONFIG_DIR. */
export function claudeUserConfigPath(env: Env): string {
  const dir = env['CLAUDE_CONFIG_DIR'];
  return dir ? join(dir, '.claude.json') : join(homeDir(env), '.claude.json');
}

export type Registered =
  | { readonly state: 'absent' }
  | { readonly state: 'present'; readonly entry: McpEntry }
  | { readonly state: 'unreadable'; readonly reason: string };

/** Our server's entry in Claude Code's user config, as Claude Code wrote it. */
export function registeredEntry(env: Env): Registered {
  const path = claudeUserConfigPath(env);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return { state: 'absent' };
    return {
      state: 'unreadable',
      reason: `${path} cannot be read (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  try {
    const config = JSON.parse(text) as { mcpServers?: Record<string, { command?: unknown; args?: unknown }> };
    const found = config.mcpServers?.[MCP_SERVER_NAME];
    if (!found) return { state: 'absent' };
    const args = Array.isArray(found.args) ? found.args.map(String) : [];
    return { state: 'present', entry: { command: String(found.command ?? ''), args } };
  } catch (error) {
    return {
      state: 'unreadable',
      reason: `${path} is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}

export function sameEntry(a: McpEntry, b: McpEntry): boolean {
  return a.command === b.command && a.args.length === b.args.length && a.args.every((arg, i) => arg === b.args[i]);
}

/** An entry some install of ours wrote (any Node, any runtime path): safe to replace or remove. */
export function isOurEntry(entry: McpEntry): boolean {
  const [mcp, cli, ...flags] = [...entry.args].reverse();
  return (
    mcp === 'mcp' &&
    /[\\/]dist[\\/]commands[\\/]cli\.js$/.test(cli ?? '') &&
    // Node's own flags before the CLI (NODE_FLAGS; an entry from before them has none).
    flags.every((flag) => flag.startsWith('--'))
  );
}

/** The runtime CLI an entry of ours runs (the argument before `mcp`). */
export function entryCli(entry: McpEntry): string | undefined {
  return entry.args[entry.args.length - 2];
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function claudeOnPath(env: Env): string | null {
  for (const dir of (env['PATH'] ?? '').split(':')) {
    if (dir && executable(join(dir, 'claude'))) return join(dir, 'claude');
  }
  return null;
}

/** npm's global prefix as ~/.npmrc sets it (`prefix=~/.npm-global`), or null. */
function npmrcPrefix(home: string): string | null {
  try {
    const value = /^\s*prefix\s*=\s*(.+?)\s*$/m.exec(readFileSync(join(home, '.npmrc'), 'utf8'))?.[1];
    return value ? value.replace(/^~(?=\/|$)/, home) : null;
  } catch {
    return null;
  }
}

/**
 * Where Claude Code's installers put `claude`, which a shell that has not re-read its profile may not
 * have on PATH: its local install (`~/.claude/local/claude`), the native installer's ~/.local/bin,
 * npm's global prefix (from the environment or ~/.npmrc, ~/.npm-global by convention).
 */
function claudeOffPath(env: Env): string | null {
  const home = homeDir(env);
  const prefixes = [env['npm_config_prefix'], npmrcPrefix(home), join(home, '.npm-global')];
  const candidates = [
    join(claudeDir(env), 'local', 'claude'),
    join(home, '.claude', 'local', 'claude'),
    join(home, '.local', 'bin', 'claude'),
    ...prefixes.flatMap((prefix) => (prefix ? [join(prefix, 'bin', 'claude')] : [])),
  ];
  return candidates.find(executable) ?? null;
}

/** The `claude` executable: on PATH, else where Claude Code installs itself; null when there is none. */
export function findClaude(env: Env): string | null {
  return claudeOnPath(env) ?? claudeOffPath(env);
}

/** `claude` as a command the user can type: the word when it is on PATH (or nowhere yet), else its path. */
export function claudeCommand(env: Env): string {
  return claudeOnPath(env) === null ? (claudeOffPath(env) ?? 'claude') : 'claude';
}

export type Outcome =
  | { readonly action: 'added' | 'updated' | 'unchanged' | 'removed' | 'not-registered'; readonly detail: string }
  | { readonly action: 'manual'; readonly detail: string; readonly command: string }
  | { readonly action: 'failed' | 'foreign'; readonly detail: string; readonly command: string };

function runClaude(claude: string, args: readonly string[], env: Env): { ok: boolean; output: string } {
  const result = spawnSync(claude, args, {
    env: env as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 60_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output =
    `${result.stderr ?? ''}\n${result.stdout ?? ''}`
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)[0] ?? '';
  if (result.error) return { ok: false, output: result.error.message };
  return { ok: result.status === 0, output: output || `exit code ${result.status ?? result.signal}` };
}

/** Adds our entry, replaces an older entry of ours, leaves an identical one alone, never touches another's. */
export function registerMcpServer(entry: McpEntry, env: Env): Outcome {
  const command = manualAddCommand(entry, claudeCommand(env));
  const claude = findClaude(env);
  if (!claude)
    return { action: 'manual', detail: 'the claude CLI is not on PATH nor where Claude Code installs it', command };
  const current = registeredEntry(env);
  if (current.state === 'present') {
    if (sameEntry(current.entry, entry))
      return { action: 'unchanged', detail: `${MCP_SERVER_NAME} already registered` };
    if (!isOurEntry(current.entry)) {
      return {
        action: 'foreign',
        detail: `an MCP server named ${MCP_SERVER_NAME} that is not ours is registered (${current.entry.command} ${current.entry.args.join(' ')}); left as it is`,
        command,
      };
    }
  }
  // An entry we cannot read (or an older one of ours) is replaced: `claude mcp add` refuses an existing name.
  const replacing = current.state !== 'absent';
  if (replacing) runClaude(claude, REMOVE_ARGS, env);
  const added = runClaude(claude, addArgs(entry), env);
  if (!added.ok) return { action: 'failed', detail: `claude mcp add failed: ${added.output}`, command };
  return { action: replacing ? 'updated' : 'added', detail: `${MCP_SERVER_NAME} registered in the user scope` };
}

/** Removes our entry only (an entry of the same name that is not ours stays). */
export function unregisterMcpServer(env: Env): Outcome {
  const current = registeredEntry(env);
  if (current.state === 'absent')
    return { action: 'not-registered', detail: `no MCP server ${MCP_SERVER_NAME} registered` };
  if (current.state === 'present' && !isOurEntry(current.entry)) {
    return {
      action: 'foreign',
      detail: `the MCP server named ${MCP_SERVER_NAME} is not ours; left as it is`,
      command: MANUAL_REMOVE_COMMAND,
    };
  }
  const claude = findClaude(env);
  if (!claude) return { action: 'manual', detail: 'the claude CLI is not on PATH', command: MANUAL_REMOVE_COMMAND };
  const removed = runClaude(claude, REMOVE_ARGS, env);
  if (!removed.ok)
    return { action: 'failed', detail: `claude mcp remove failed: ${removed.output}`, command: MANUAL_REMOVE_COMMAND };
  return { action: 'removed', detail: `${MCP_SERVER_NAME} removed from the user scope` };
}
