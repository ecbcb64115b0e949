// The install and uninstall steps for the MCP server: register `memory mcp` with Claude Code after the
// runtime is in place, remove exactly that entry on uninstall. Never fails the install: without
// `claude` on PATH, or when it refuses, the one command to run is shown instead.
import {
  MCP_SERVER_NAME,
  ourEntry,
  registerMcpServer,
  unregisterMcpServer,
  type Outcome,
} from '../mcp/registration.js';
import type { Env } from '../paths.js';
import { cliPath } from './layout.js';
import type { Reporter } from './steps.js';

export function registerMcpStep(runtime: string, env: Env, report: Reporter): void {
  reportOutcome(registerMcpServer(ourEntry(cliPath(runtime), process.execPath), env), report);
}

export function unregisterMcpStep(env: Env, report: Reporter): void {
  reportOutcome(unregisterMcpServer(env), report);
}

function reportOutcome(outcome: Outcome, report: Reporter): void {
  switch (outcome.action) {
    case 'added':
    case 'updated':
      return report.step(
        `MCP server ${MCP_SERVER_NAME} ${outcome.action === 'added' ? 'registered' : 're-registered'} with Claude Code (user scope): tools search, get, sessions, stats`,
      );
    case 'unchanged':
      return report.step(`MCP server ${MCP_SERVER_NAME} already registered with Claude Code`);
    case 'removed':
      return report.step(`removed MCP server ${MCP_SERVER_NAME} from Claude Code`);
    case 'not-registered':
      return;
    default:
      return report.warn(`MCP server ${MCP_SERVER_NAME}: ${outcome.detail}. Run:\n    ${outcome.command}`);
  }
}
