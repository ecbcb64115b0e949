// `memory doctor`'s checks of the hooks registered in Claude Code's settings.json: each of ours once,
// pointing at this runtime's script, synchronous or async as it must be, and no copy from elsewhere.
import { existsSync } from 'node:fs';
import { readSettingsFile } from '../install/files.js';
import {
  HOOK_SPECS,
  hookScriptPath,
  isOurCommand,
  listHandlers,
  type HookSpec,
  type RegisteredHandler,
} from '../install/settings.js';
import { REINSTALL, type Check } from './check.js';
/** Checks our four entries; returns the command registered for each event (for the sample runs). */
export function checkSettings(path: string, runtime: string, checks: Check[]): Map<string, string> {
  const commands = new Map<string, string>();
  const file = readSettingsFile(path);
  if (!file.ok) {
    checks.push({
      section: 'hooks',
      status: 'fail',
      message: `${path} ${file.reason}`,
      fix: `fix the JSON in ${path}, then run memory doctor again`,
    });
    return commands;
  }
  if (!file.exists) {
    checks.push({
      section: 'hooks',
      status: 'fail',
      message: `${path} does not exist: no hooks are registered`,
      fix: REINSTALL,
    });
    return commands;
  }
  // Claude Code's own switch: with it on, no hook of any kind runs, ours included.
  if (file.value['disableAllHooks'] === true) {
    checks.push({
      section: 'hooks',
      status: 'fail',
      message: `${path} has "disableAllHooks": true: Claude Code runs no hooks at all`,
      fix: `remove "disableAllHooks" from ${path} (or set it to false)`,
    });
  }
  const handlers = listHandlers(file.value);
  for (const spec of HOOK_SPECS) {
    const check = checkEvent(
      spec,
      handlers.filter((handler) => handler.event === spec.event),
      runtime,
    );
    if (check.command) commands.set(spec.event, check.command);
    checks.push(check.result);
  }
  // Ours registered under an event we do not use (an older layout) would run for the wrong event.
  for (const handler of handlers) {
    if (HOOK_SPECS.some((spec) => spec.event === handler.event) || !isOurCommand(handler.command, runtime)) continue;
    checks.push({
      section: 'hooks',
      status: 'fail',
      message: `${handler.event} runs a memory hook it should not: ${handler.command}`,
      fix: REINSTALL,
    });
  }
  return commands;
}

function checkEvent(
  spec: HookSpec,
  handlers: readonly RegisteredHandler[],
  runtime: string,
): { result: Check; command?: string } {
  const ours = handlers.filter((handler) => isOurCommand(handler.command, runtime));
  // The same script from another copy (a checkout, a plugin) makes every event run twice.
  const copies = handlers.filter((handler) => !ours.includes(handler) && looksLikeOurScript(handler.command, spec));
  const name = `${spec.event} hook`;
  if (ours.length === 0) {
    if (copies.length > 0) {
      return {
        result: {
          section: 'hooks',
          status: 'fail',
          message: `${name} runs a copy outside ${runtime}: ${copies[0]?.command}`,
          fix: REINSTALL,
        },
      };
    }
    return { result: { section: 'hooks', status: 'fail', message: `${name} is not registered`, fix: REINSTALL } };
  }
  const handler = ours[0] as RegisteredHandler;
  const command = handler.command;
  if (ours.length + copies.length > 1) {
    return {
      result: {
        section: 'hooks',
        status: 'fail',
        message: `${name} is registered ${ours.length + copies.length} times: it runs more than once per event`,
        fix: `${REINSTALL}; it keeps one entry (remove others by hand from settings.json)`,
      },
      command,
    };
  }
  const script = hookScriptPath(runtime, spec.script);
  if (!existsSync(script)) {
    return {
      result: {
        section: 'hooks',
        status: 'fail',
        message: `${name} points to ${script}, which does not exist`,
        fix: REINSTALL,
      },
      command,
    };
  }
  if (handler.async !== spec.async) {
    const message = spec.async
      ? `${name} is synchronous: every tool call waits for it`
      : `${name} is async: its context would arrive too late`;
    return { result: { section: 'hooks', status: spec.async ? 'warn' : 'fail', message, fix: REINSTALL }, command };
  }
  return { result: { section: 'hooks', status: 'ok', message: `${name} registered once: ${command}` }, command };
}

function looksLikeOurScript(command: string, spec: HookSpec): boolean {
  return new RegExp(`(?:memory|claude-memory-hooks)[^"']*/dist/hooks/${spec.script}\\.js`).test(command);
}
