// Codex CLI and Gemini CLI beside Claude Code: which of them an install serves (--agent, else the
// ones whose folder exists), where each keeps its hooks, and our entries in those files: the same
// scripts as Claude Code's, with the agent's name as their argument (lib/runtime/executables.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { codexHome, geminiHome, type Env } from '../paths.js';
import { AGENT_HOOKS, type AgentHook } from '../runtime/executables.js';
import { doubleQuote, hookScriptPath, installGroups, type EventGroup, type SettingsEdit } from './settings.js';

export const INSTALL_AGENTS = ['claude', 'codex', 'gemini'] as const;
export type InstallAgent = (typeof INSTALL_AGENTS)[number];
export type HookedAgent = Exclude<InstallAgent, 'claude'>;

export { codexHome, geminiHome } from '../paths.js';

/** The file that holds the agent's user hooks. */
export function agentHooksFile(agent: HookedAgent, env: Env): string {
  return agent === 'codex' ? join(codexHome(env), 'hooks.json') : join(geminiHome(env), 'settings.json');
}

/** The agents an install serves: the ones asked for, else Claude Code and every agent whose folder exists. */
export function chosenAgents(asked: readonly InstallAgent[] | undefined, env: Env): InstallAgent[] {
  if (asked && asked.length > 0) return [...new Set(asked)];
  return [
    'claude',
    ...(existsSync(codexHome(env)) ? (['codex'] as const) : []),
    ...(existsSync(geminiHome(env)) ? (['gemini'] as const) : []),
  ];
}

export function agentCommand(runtime: string, hook: AgentHook, agent: HookedAgent): string {
  return `node ${doubleQuote(hookScriptPath(runtime, hook.script))} ${agent}`;
}

function groupOf(runtime: string, hook: AgentHook, agent: HookedAgent): Record<string, unknown> {
  const handler: Record<string, unknown> = { type: 'command', command: agentCommand(runtime, hook, agent) };
  // Gemini CLI shows a hook's name in its messages.
  if (agent === 'gemini') handler['name'] = `claude-memory-hooks ${hook.script}`;
  handler['timeout'] = hook.timeout;
  return hook.matcher === undefined ? { hooks: [handler] } : { matcher: hook.matcher, hooks: [handler] };
}

/** Our hooks put into (or brought up to date in) the agent's hooks file text. */
export function installAgentHooks(text: string, runtime: string, agent: HookedAgent): SettingsEdit {
  const entries: EventGroup[] = AGENT_HOOKS[agent].map((hook) => ({
    event: hook.event,
    group: groupOf(runtime, hook, agent),
  }));
  return installGroups(text, runtime, entries);
}

/**
 * Codex runs a user's hook only once its hash is trusted in config.toml, which its own review writes;
 * until then it skips the hook without a word. What the person must do, said once by install and doctor.
 */
export const CODEX_TRUST_STEP =
  'Codex runs new hooks only after you review them: start `codex` once in a terminal and accept the claude-memory-hooks hooks it lists ("Hooks need review"); until then Codex skips them silently.';
