// Our entries in Codex's config.toml: the MCP server (`[mcp_servers.memory-hooks]`) and the trust of
// each hook of ours in hooks.json (`[hooks.state."<key>"] trusted_hash`, what Codex's own review
// writes; without it Codex skips the hook without a word). Every other table stays byte for byte.
import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { codexHandlers, codexHookHash, codexHookKey, type CodexHandler } from '../agents/codex/hook-trust.js';
import { MCP_SERVER_NAME, type McpEntry } from '../mcp/registration.js';
import { codexHome, type Env } from '../paths.js';
import { isOurCommand, parseSettings, type Change, type SettingsEdit } from './settings.js';
import { parseToml, removeTable, setTable, tomlAt, type TomlTable } from './toml-text.js';

export function codexConfigFile(env: Env): string {
  return join(codexHome(env), 'config.toml');
}

/**
 * hooks.json as Codex names it in trust keys: `$CODEX_HOME` resolved through symlinks (Codex
 * canonicalizes it), else `~/.codex` as spelled from $HOME.
 */
export function codexKeyHooksFile(env: Env): string {
  const home = env['CODEX_HOME'];
  if (!home) return join(codexHome(env), 'hooks.json');
  try {
    return join(realpathSync(home), 'hooks.json');
  } catch {
    return join(resolve(home), 'hooks.json');
  }
}

const MCP_PATH = ['mcp_servers', MCP_SERVER_NAME] as const;

export interface OurHook {
  readonly handler: CodexHandler;
  readonly key: string;
  readonly hash: string;
}

/** Our handlers in hooks.json text, each with the key and hash Codex gives it. */
export function ourCodexHooks(hooksText: string, runtime: string, env: Env): OurHook[] {
  const parsed = parseSettings(hooksText);
  if (!parsed.ok) return [];
  const file = codexKeyHooksFile(env);
  return codexHandlers(parsed.value)
    .filter((handler) => isOurCommand(handler.command, runtime))
    .map((handler) => ({ handler, key: codexHookKey(file, handler), hash: codexHookHash(handler) }));
}

export interface CodexConfigChoices {
  readonly mcp: McpEntry;
  /** Trust our hooks as Codex's review would (false: leave the review to the person). */
  readonly trust: boolean;
}

/** config.toml text with our MCP server and (when chosen) the trust of our hooks in `hooksText`. */
export function installCodexConfig(
  text: string,
  hooksText: string,
  runtime: string,
  env: Env,
  choices: CodexConfigChoices,
): SettingsEdit {
  let edited = text;
  const changes: Change[] = [];
  const put = (path: readonly string[], body: TomlTable, label: string): void => {
    const current = parsed(edited);
    const existing = tomlAt(current, path);
    const merged = { ...(isTable(existing) ? existing : {}), ...body };
    if (isTable(existing) && sameTable(existing, merged))
      return void changes.push({ event: label, action: 'unchanged' });
    edited = setTable(edited, path, merged);
    changes.push({ event: label, action: existing === undefined ? 'added' : 'updated' });
  };
  put(MCP_PATH, { command: choices.mcp.command, args: [...choices.mcp.args] }, `MCP server ${MCP_SERVER_NAME}`);
  if (choices.trust)
    for (const hook of ourCodexHooks(hooksText, runtime, env))
      put(['hooks', 'state', hook.key], { trusted_hash: hook.hash }, `trust of ${hook.handler.event}`);
  return { text: edited, changes, changed: edited !== text };
}

/** config.toml text without our MCP server and without the trust entries of our hooks in `hooksText`. */
export function uninstallCodexConfig(text: string, hooksText: string, runtime: string, env: Env): SettingsEdit {
  let edited = text;
  const changes: Change[] = [];
  if (tomlAt(parsed(edited), MCP_PATH) !== undefined) {
    edited = removeTable(edited, MCP_PATH);
    changes.push({ event: `MCP server ${MCP_SERVER_NAME}`, action: 'removed' });
  }
  for (const hook of ourCodexHooks(hooksText, runtime, env)) {
    const state = tomlAt(parsed(edited), ['hooks', 'state', hook.key]);
    // Only a trust that is ours (its hash is our hook's): a key someone else's hook holds stays.
    if (!isTable(state) || state['trusted_hash'] !== hook.hash) continue;
    edited = removeTable(edited, ['hooks', 'state', hook.key]);
    changes.push({ event: `trust of ${hook.handler.event}`, action: 'removed' });
  }
  return { text: edited, changes, changed: edited !== text };
}

export type TrustState = 'trusted' | 'untrusted' | 'modified' | 'disabled';

/** What Codex will do with each hook of ours: run it (trusted), or skip it and why. */
export function codexTrust(
  configText: string,
  hooksText: string,
  runtime: string,
  env: Env,
): { hook: OurHook; state: TrustState }[] {
  const config = parseToml(configText);
  const value = config.ok ? config.value : {};
  return ourCodexHooks(hooksText, runtime, env).map((hook) => {
    const state = tomlAt(value, ['hooks', 'state', hook.key]);
    const table = isTable(state) ? state : {};
    if (table['enabled'] === false) return { hook, state: 'disabled' };
    if (typeof table['trusted_hash'] !== 'string') return { hook, state: 'untrusted' };
    return { hook, state: table['trusted_hash'] === hook.hash ? 'trusted' : 'modified' };
  });
}

function parsed(text: string): TomlTable {
  const result = parseToml(text);
  if (!result.ok) throw new Error(`config.toml ${result.reason}`);
  return result.value;
}

function isTable(value: unknown): value is TomlTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function sameTable(a: TomlTable, b: TomlTable): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
