// Codex CLI, Gemini CLI, Cursor and OpenCode beside Claude Code: which of them an install serves
// (--agent, else the ones whose folder exists), where each keeps its hooks, and our entries in those
// files: the same scripts as Claude Code's, with the agent's name as their argument
// (lib/runtime/executables.ts). OpenCode's is a plugin file of ours (lib/install/opencode-plugin.ts).
// Each of them also gets our MCP server in its own config (lib/install/json-mcp.ts, codex-config.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { codexHome, cursorHome, geminiHome, opencodeConfigDir, type Env } from '../paths.js';
import { AGENT_HOOKS, type AgentHook } from '../runtime/executables.js';
import type { McpEntry } from '../mcp/registration.js';
import { codexConfigFile, installCodexConfig, uninstallCodexConfig } from './codex-config.js';
import { readSettingsFile, type Parse } from './files.js';
import {
  chainEdits,
  installJsonMcp,
  MCP_SERVERS,
  mcpParse,
  OPENCODE_MCP,
  uninstallJsonMcp,
  type JsonMcpFormat,
} from './json-mcp.js';
import {
  hookCommand,
  installGroups,
  parseSettings,
  uninstallHooks,
  type EventGroup,
  type SettingsEdit,
} from './settings.js';
import { parseToml } from './toml-text.js';
import { installCursorHooks, isEmptyCursorHooks, parseCursorHooks, uninstallCursorHooks } from './cursor-hooks.js';

export const INSTALL_AGENTS = ['claude', 'codex', 'gemini', 'cursor', 'opencode'] as const;
export type InstallAgent = (typeof INSTALL_AGENTS)[number];
export type HookedAgent = Exclude<InstallAgent, 'claude'>;
/** The agents whose hooks nest as Claude Code's do (event → groups → handlers). */
type NestedAgent = 'codex' | 'gemini';

export { codexHome, cursorHome, geminiHome, opencodeConfigDir } from '../paths.js';

/** The file that holds the agent's user hooks (OpenCode's: our plugin, see opencode-plugin.ts). */
export function agentHooksFile(agent: Exclude<HookedAgent, 'opencode'>, env: Env): string {
  if (agent === 'cursor') return join(cursorHome(env), 'hooks.json');
  return agent === 'codex' ? join(codexHome(env), 'hooks.json') : join(geminiHome(env), 'settings.json');
}

/** Cursor's user MCP servers, `~/.cursor/mcp.json`. */
export function cursorMcpFile(env: Env): string {
  return join(cursorHome(env), 'mcp.json');
}

/**
 * OpenCode's global config: `opencode.json`, or `opencode.jsonc` when only that one exists (OpenCode
 * reads either; editing the one a person keeps leaves no second file to wonder about).
 */
export function opencodeConfigFile(env: Env): string {
  const json = join(opencodeConfigDir(env), 'opencode.json');
  const jsonc = join(opencodeConfigDir(env), 'opencode.jsonc');
  return !existsSync(json) && existsSync(jsonc) ? jsonc : json;
}

/** The agent's config file that holds MCP servers in JSON, and its shape (Codex's is TOML: codex-config.ts). */
export function agentMcpFile(
  agent: 'gemini' | 'cursor' | 'opencode',
  env: Env,
): { file: string; format: JsonMcpFormat } {
  if (agent === 'opencode') return { file: opencodeConfigFile(env), format: OPENCODE_MCP };
  return { file: agent === 'cursor' ? cursorMcpFile(env) : agentHooksFile('gemini', env), format: MCP_SERVERS };
}

function mcpFile(
  agent: 'cursor' | 'opencode',
  env: Env,
  edit: (text: string, format: JsonMcpFormat) => SettingsEdit,
): AgentFile {
  const { file, format } = agentMcpFile(agent, env);
  // OpenCode adds `$schema` to a global config that lacks it: left alone, that is still nobody's file.
  const empty = (value: Readonly<Record<string, unknown>>) => Object.keys(value).every((key) => key === '$schema');
  return {
    file,
    parse: mcpParse(format),
    edit: (text) => edit(text, format),
    ...(agent === 'opencode' ? { empty } : {}),
  };
}

/** The folder whose presence says the agent is installed. */
function agentFolder(agent: HookedAgent, env: Env): string {
  switch (agent) {
    case 'codex':
      return codexHome(env);
    case 'gemini':
      return geminiHome(env);
    case 'cursor':
      return cursorHome(env);
    case 'opencode':
      return opencodeConfigDir(env);
  }
}

/** The agents an install serves: the ones asked for, else Claude Code and every agent whose folder exists. */
export function chosenAgents(asked: readonly InstallAgent[] | undefined, env: Env): InstallAgent[] {
  if (asked && asked.length > 0) return [...new Set(asked)];
  const found = INSTALL_AGENTS.filter(
    (agent): agent is HookedAgent => agent !== 'claude' && existsSync(agentFolder(agent, env)),
  );
  return ['claude', ...found];
}

export function agentCommand(runtime: string, hook: AgentHook, agent: NestedAgent): string {
  return hookCommand(runtime, hook.script, agent);
}

function groupOf(runtime: string, hook: AgentHook, agent: NestedAgent): Record<string, unknown> {
  const handler: Record<string, unknown> = { type: 'command', command: agentCommand(runtime, hook, agent) };
  // Gemini CLI shows a hook's name in its messages.
  if (agent === 'gemini') handler['name'] = `claude-memory-hooks ${hook.script}`;
  handler['timeout'] = hook.timeout;
  return hook.matcher === undefined ? { hooks: [handler] } : { matcher: hook.matcher, hooks: [handler] };
}

/** Our hooks put into (or brought up to date in) the agent's hooks file text. */
export function installAgentHooks(text: string, runtime: string, agent: NestedAgent): SettingsEdit {
  const entries: EventGroup[] = AGENT_HOOKS[agent].map((hook) => ({
    event: hook.event,
    group: groupOf(runtime, hook, agent),
  }));
  return installGroups(text, runtime, entries);
}

/** One file of an agent's that install or uninstall edits: how to read it, and our edit of its text. */
export interface AgentFile {
  readonly file: string;
  readonly parse: Parse;
  readonly edit: (text: string) => SettingsEdit;
  /** Whether what is left after our uninstall is nobody's (default: an empty object). */
  readonly empty?: (value: Readonly<Record<string, unknown>>) => boolean;
}

/**
 * What an install edits for the agent: Gemini CLI's settings.json (hooks and MCP server); Cursor's
 * hooks.json and mcp.json; OpenCode's opencode.json (the MCP server; its hooks are our plugin); Codex's
 * hooks.json, then its config.toml (the MCP server, and the trust of the hooks as hooks.json will hold them).
 */
export function agentInstallFiles(agent: HookedAgent, env: Env, runtime: string, mcp: McpEntry): AgentFile[] {
  const register = (text: string, format: JsonMcpFormat) => installJsonMcp(text, mcp, format);
  if (agent === 'opencode') return [mcpFile('opencode', env, register)];
  const hooksFile = agentHooksFile(agent, env);
  if (agent === 'cursor')
    return [
      { file: hooksFile, parse: parseCursorHooks, edit: (text) => installCursorHooks(text, runtime) },
      mcpFile('cursor', env, register),
    ];
  const hooks = (text: string) => installAgentHooks(text, runtime, agent);
  if (agent === 'gemini')
    return [
      {
        file: hooksFile,
        parse: mcpParse(MCP_SERVERS),
        edit: (text) => chainEdits(text, hooks, (t) => installJsonMcp(t, mcp)),
      },
    ];
  const current = readSettingsFile(hooksFile);
  const hooksText = current.ok ? hooks(current.text).text : '';
  return [
    { file: hooksFile, parse: parseSettings, edit: hooks },
    {
      file: codexConfigFile(env),
      parse: parseToml,
      edit: (text) => installCodexConfig(text, hooksText, runtime, env, { mcp, trust: true }),
    },
  ];
}

/** What an uninstall edits: the same files, our entries out (Codex's trust read from hooks.json as it is now). */
export function agentUninstallFiles(agent: HookedAgent, env: Env, runtime: string): AgentFile[] {
  if (agent === 'opencode') return [mcpFile('opencode', env, uninstallJsonMcp)];
  const hooksFile = agentHooksFile(agent, env);
  if (agent === 'cursor')
    return [
      {
        file: hooksFile,
        parse: parseCursorHooks,
        edit: (text) => uninstallCursorHooks(text, runtime),
        empty: isEmptyCursorHooks,
      },
      mcpFile('cursor', env, uninstallJsonMcp),
    ];
  const hooks = (text: string) => uninstallHooks(text, runtime);
  if (agent === 'gemini')
    return [
      {
        file: hooksFile,
        parse: mcpParse(MCP_SERVERS),
        edit: (text) => chainEdits(text, hooks, (t) => uninstallJsonMcp(t)),
      },
    ];
  const current = readSettingsFile(hooksFile);
  const hooksText = current.ok ? current.text : '';
  return [
    {
      file: codexConfigFile(env),
      parse: parseToml,
      edit: (text) => uninstallCodexConfig(text, hooksText, runtime, env),
    },
    { file: hooksFile, parse: parseSettings, edit: hooks },
  ];
}

/**
 * Codex runs a user's hook only once its hash is trusted in config.toml, which its own review writes;
 * until then it skips the hook without a word. What the person must do, said once by install and doctor.
 */
export const CODEX_TRUST_STEP =
  'Codex runs new hooks only after you review them: start `codex` once in a terminal and accept the claude-memory-hooks hooks it lists ("Hooks need review"); until then Codex skips them silently.';

/** What the install did instead of that review, said once. */
export const CODEX_TRUSTED =
  'Codex: our hooks are marked trusted in config.toml ([hooks.state] trusted_hash, what its "Hooks need review" screen writes), so Codex runs them from the next session; /hooks in codex lists them.';
