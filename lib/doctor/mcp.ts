// `memory doctor`'s view of the MCP server: is it registered with Claude Code, and does the registered
// command start and answer the MCP handshake. Spawns the server with a short timeout; the server
// itself only ever reads.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Env } from '../paths.js';
import {
  claudeUserConfigPath,
  isOurEntry,
  entryCli,
  claudeCommand,
  manualAddCommand,
  MCP_SERVER_NAME,
  ourEntry,
  registeredEntry,
  type McpEntry,
} from '../mcp/registration.js';

export interface McpCheck {
  readonly status: 'ok' | 'warn' | 'fail';
  readonly message: string;
  readonly fix?: string;
}

const HANDSHAKE_TIMEOUT_MS = 15_000;
const TOOLS = ['search', 'get', 'sessions', 'stats'];

export function checkMcpServer(env: Env, cli: string, nodePath: string, reinstall: string): McpCheck[] {
  const wanted = ourEntry(cli, nodePath);
  const registered = registeredEntry(env);
  const checks: McpCheck[] = [];
  let entry: McpEntry = wanted;
  if (registered.state === 'unreadable') {
    checks.push({
      status: 'warn',
      message: `cannot tell whether the MCP server is registered: ${registered.reason}`,
      fix: `fix the file, or run: ${manualAddCommand(wanted, claudeCommand(env))}`,
    });
  } else if (registered.state === 'absent') {
    checks.push({
      status: 'warn',
      message: `MCP server ${MCP_SERVER_NAME} is not registered with Claude Code (${claudeUserConfigPath(env)}): the model cannot search memory mid-session`,
      fix: `run: ${manualAddCommand(wanted, claudeCommand(env))} (or ${reinstall})`,
    });
  } else if (!isOurEntry(registered.entry)) {
    checks.push({
      status: 'warn',
      message: `an MCP server named ${MCP_SERVER_NAME} is registered but runs something else: ${describe(registered.entry)}`,
      fix: `remove or rename it (claude mcp remove --scope user ${MCP_SERVER_NAME}), then ${reinstall}`,
    });
    return checks;
  } else if (entryCli(registered.entry) !== entryCli(wanted)) {
    checks.push({
      status: 'fail',
      message: `MCP server ${MCP_SERVER_NAME} runs ${entryCli(registered.entry)}, not this install's ${entryCli(wanted)}`,
      fix: reinstall,
    });
    entry = registered.entry;
  } else {
    checks.push({
      status: 'ok',
      message: `MCP server ${MCP_SERVER_NAME} registered in the user scope: ${describe(registered.entry)}`,
    });
    entry = registered.entry;
  }
  checks.push(handshake(entry, env, reinstall));
  return checks;
}

function describe(entry: McpEntry): string {
  return [entry.command, ...entry.args].join(' ');
}

/** Starts the server as Claude Code would, sends initialize and tools/list, and checks both answers. */
function handshake(entry: McpEntry, env: Env, reinstall: string): McpCheck {
  const fail = (why: string): McpCheck => ({
    status: 'fail',
    message: `MCP server does not start: ${why}`,
    fix: `${reinstall}; after switching Node versions a re-install is required`,
  });
  if (!existsSync(entry.command)) return fail(`${entry.command} does not exist`);
  const messages = [
    {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'memory-doctor', version: '1' } },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
  ];
  const result = spawnSync(entry.command, entry.args, {
    input: messages.map((message) => JSON.stringify(message)).join('\n') + '\n',
    env: env as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: HANDSHAKE_TIMEOUT_MS,
  });
  if (result.error)
    return fail(
      (result.error as NodeJS.ErrnoException).code === 'ETIMEDOUT'
        ? `no answer within ${HANDSHAKE_TIMEOUT_MS / 1000} s`
        : result.error.message,
    );
  const answers = new Map<unknown, Record<string, unknown>>();
  for (const line of (result.stdout ?? '').split('\n')) {
    if (!line.trim()) continue;
    try {
      const message = JSON.parse(line) as Record<string, unknown>;
      answers.set(message['id'], message);
    } catch {
      return fail(`printed something that is not MCP on stdout: ${JSON.stringify(line.slice(0, 80))}`);
    }
  }
  const stderr = (result.stderr ?? '').trim().split('\n')[0] ?? '';
  const init = answers.get(0)?.['result'] as { serverInfo?: { name?: unknown; version?: unknown } } | undefined;
  if (init?.serverInfo?.name !== 'claude-memory-hooks')
    return fail(`no initialize answer (exit ${result.status ?? result.signal}${stderr ? `: ${stderr}` : ''})`);
  const tools = ((answers.get(1)?.['result'] as { tools?: Array<{ name?: unknown }> } | undefined)?.tools ?? []).map(
    (tool) => String(tool.name),
  );
  if (TOOLS.some((name) => !tools.includes(name))) return fail(`tools/list answered ${JSON.stringify(tools)}`);
  return {
    status: 'ok',
    message: `MCP server starts, answers initialize (v${String(init.serverInfo.version)}) and lists ${tools.join(', ')}`,
  };
}
