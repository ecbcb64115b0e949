// `memory doctor` for Codex CLI, Gemini CLI, Cursor and OpenCode, when an install put our hooks in their
// files: does Codex run them (each hook trusted in config.toml, not stale, not disabled), is the MCP server
// in each agent's own config, does Cursor's hooks.json hold each of ours, is OpenCode's plugin this
// installation's (and Cursor's mcp.json, OpenCode's opencode.json hold our MCP server). Reads those
// files only; an agent without our hooks is not its business.
import { existsSync, readFileSync } from 'node:fs';
import type { Env } from '../paths.js';
import { agentHooksFile, agentMcpFile, CODEX_TRUST_STEP } from '../install/agents.js';
import { cursorCommand, parseCursorHooks } from '../install/cursor-hooks.js';
import { isOurOpencodePlugin, opencodePluginFile } from '../install/opencode-plugin.js';
import { CURSOR_HOOKS } from '../runtime/executables.js';
import { codexConfigFile, codexTrust, type TrustState } from '../install/codex-config.js';
import { jsonMcpEntry } from '../install/json-mcp.js';
import { isOurCommand, listHandlers, parseSettings } from '../install/settings.js';
import { parseToml, tomlAt } from '../install/toml-text.js';
import { MCP_SERVER_NAME, sameEntry, type McpEntry } from '../mcp/registration.js';
import type { Check } from './check.js';

const REINSTALL = 'run ./install.sh --agent AGENT from the claude-memory-hooks checkout (it is safe to re-run)';

export function checkAgents(env: Env, runtime: string, wanted: McpEntry): Check[] {
  return [
    ...checkCodex(env, runtime, wanted),
    ...checkGemini(env, runtime, wanted),
    ...checkCursor(env, runtime, wanted),
    ...checkOpencode(env, runtime, wanted),
  ];
}

function checkCursor(env: Env, runtime: string, wanted: McpEntry): Check[] {
  const path = agentHooksFile('cursor', env);
  const parsed = parseCursorHooks(readText(path));
  const hooks = parsed.ok ? ((parsed.value['hooks'] as Record<string, unknown[]> | undefined) ?? {}) : {};
  const has = (event: string, command: string) =>
    (hooks[event] ?? []).some((entry) => JSON.stringify(entry) === JSON.stringify({ command }));
  const anyOurs = Object.values(hooks).some((entries) =>
    entries.some(
      (entry) =>
        typeof entry === 'object' && entry !== null && isOurCommand((entry as { command?: unknown }).command, runtime),
    ),
  );
  if (!anyOurs) return [];
  const missing = CURSOR_HOOKS.filter((hook) => !has(hook.event, cursorCommand(runtime, hook.script))).map(
    (hook) => hook.event,
  );
  return [
    missing.length === 0
      ? { section: 'agents', status: 'ok', message: `Cursor runs our ${CURSOR_HOOKS.length} hooks (${path})` }
      : {
          section: 'agents',
          status: 'warn',
          message: `${path} lacks our ${missing.join(', ')} hook${missing.length > 1 ? 's' : ''}: Cursor captures less`,
          fix: REINSTALL.replace('AGENT', 'cursor'),
        },
    jsonMcpCheck('Cursor', 'cursor', env, wanted),
  ];
}

function checkOpencode(env: Env, runtime: string, wanted: McpEntry): Check[] {
  const path = opencodePluginFile(env);
  const text = readText(path);
  if (!isOurOpencodePlugin(text)) return [];
  return [
    isOurOpencodePlugin(text, runtime)
      ? { section: 'agents', status: 'ok', message: `OpenCode loads our plugin (${path})` }
      : {
          section: 'agents',
          status: 'warn',
          message: `${path} runs the hooks of another installation, not ${runtime}`,
          fix: REINSTALL.replace('AGENT', 'opencode'),
        },
    jsonMcpCheck('OpenCode', 'opencode', env, wanted),
  ];
}

function ourHooksText(path: string, runtime: string): string | null {
  if (!existsSync(path)) return null;
  const text = readFileSync(path, 'utf8');
  const parsed = parseSettings(text);
  if (!parsed.ok) return null;
  return listHandlers(parsed.value).some((handler) => isOurCommand(handler.command, runtime)) ? text : null;
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function checkCodex(env: Env, runtime: string, wanted: McpEntry): Check[] {
  const hooksText = ourHooksText(agentHooksFile('codex', env), runtime);
  if (hooksText === null) return [];
  const fix = REINSTALL.replace('AGENT', 'codex');
  const file = codexConfigFile(env);
  const config = parseToml(readText(file));
  if (!config.ok)
    return [{ section: 'agents', status: 'warn', message: `${file} ${config.reason}: Codex reads none of it`, fix }];
  const states = codexTrust(readText(file), hooksText, runtime, env);
  const by = (state: TrustState) => states.filter((s) => s.state === state).map((s) => s.hook.handler.event);
  const checks: Check[] = [];
  const skipped: [TrustState, string, string][] = [
    ['untrusted', 'not trusted yet', `${fix}, or review them: ${CODEX_TRUST_STEP}`],
    ['modified', 'trusted before their command changed (the trust is stale)', fix],
    ['disabled', 'disabled in Codex', 'turn them on again in codex (/hooks)'],
  ];
  for (const [state, why, howTo] of skipped) {
    const events = by(state);
    if (events.length > 0)
      checks.push({
        section: 'agents',
        status: 'warn',
        message: `Codex skips ${events.length} of our hooks without a word (${events.join(', ')}): ${why}`,
        fix: howTo,
      });
  }
  if (checks.length === 0)
    checks.push({
      section: 'agents',
      status: 'ok',
      message: `Codex runs our ${states.length} hooks (${agentHooksFile('codex', env)}, each trusted in ${file})`,
    });
  const server = tomlAt(config.value, ['mcp_servers', MCP_SERVER_NAME]);
  const entry =
    typeof server === 'object' && server !== null && typeof (server as Record<string, unknown>)['command'] === 'string'
      ? {
          command: String((server as Record<string, unknown>)['command']),
          args: ((server as Record<string, unknown>)['args'] as unknown[] | undefined)?.map(String) ?? [],
        }
      : null;
  checks.push(mcpCheck('Codex', file, entry, wanted, fix));
  return checks;
}

function checkGemini(env: Env, runtime: string, wanted: McpEntry): Check[] {
  const path = agentHooksFile('gemini', env);
  const text = ourHooksText(path, runtime);
  if (text === null) return [];
  const fix = REINSTALL.replace('AGENT', 'gemini');
  return [
    { section: 'agents', status: 'ok', message: `Gemini CLI runs our hooks (${path})` },
    mcpCheck('Gemini CLI', path, jsonMcpEntry(text), wanted, fix),
  ];
}

function jsonMcpCheck(name: string, agent: 'cursor' | 'opencode', env: Env, wanted: McpEntry): Check {
  const { file, format } = agentMcpFile(agent, env);
  return mcpCheck(name, file, jsonMcpEntry(readText(file), format), wanted, REINSTALL.replace('AGENT', agent));
}

function mcpCheck(agent: string, file: string, entry: McpEntry | null, wanted: McpEntry, fix: string): Check {
  if (entry === null)
    return {
      section: 'agents',
      status: 'warn',
      message: `the MCP server ${MCP_SERVER_NAME} is not in ${file}: ${agent} has no search tool`,
      fix,
    };
  if (!sameEntry(entry, wanted))
    return {
      section: 'agents',
      status: 'warn',
      message: `${file} registers ${MCP_SERVER_NAME} as \`${[entry.command, ...entry.args].join(' ')}\`, not this installation's`,
      fix,
    };
  return { section: 'agents', status: 'ok', message: `${agent} has the MCP server ${MCP_SERVER_NAME} (${file})` };
}
