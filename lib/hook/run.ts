// Running a hook: the settings built once for the process, stdin, the handler's `prepare` step, the
// gate, the handler. Every outcome is exit code 0 (lib/hook/io.ts guardHook).
import { loadConfig, type Config } from '../config/config.js';
import {
  guardHook,
  logFailure,
  readHookStdin,
  writeStdout,
  type HookContext,
  type HookInput,
  type HookStdin,
} from './io.js';
import { agentFromArgs } from '../agents/adapter.js';

export interface HookOptions<Prepared> {
  readonly prepare?: (input: HookInput) => Prepared | null;
  /** The hook's command-line arguments: the agent that runs it (`codex`, `gemini`), none for Claude Code. */
  readonly args?: readonly string[];
}

/** Runs one hook: builds the settings, reads and parses stdin, then finishHook. */
export async function runHook<Prepared = undefined>(
  hookName: string,
  handler: (context: HookContext, prepared: Prepared) => Promise<void> | void,
  options: HookOptions<Prepared> = {},
): Promise<void> {
  await guardHook(hookName, async () => {
    const config = loadConfig(process.env);
    await finishHook(hookName, await readHookStdin(config.stdinTimeoutMs), handler, options, config);
  });
}

/**
 * A hook's work on its parsed stdin. A hook with a `prepare` step runs it first, before the gate:
 * null means there is nothing to do (noise such as `ls`), so the gate never loads a SQLite driver for
 * it; anything else is handed to the handler, which so never repeats the work.
 */
export async function finishHook<Prepared>(
  hookName: string,
  parsed: HookStdin,
  handler: (context: HookContext, prepared: Prepared) => Promise<void> | void,
  options: HookOptions<Prepared> = {},
  config: Config = loadConfig(process.env),
): Promise<void> {
  const env = process.env;
  let prepared: Prepared | undefined;
  const agent = agentFromArgs(options.args ?? []);
  if (parsed.ok && config.disabled) {
    // Off on purpose: nothing is stored, but the session is known, so nothing of it is stored later either.
    const [{ recordDisabledSession }, { hookGate }] = await Promise.all([import('./disabled.js'), import('./gate.js')]);
    if (hookGate(hookName, env, config).run) recordDisabledSession({ input: parsed.value, env, config, agent });
    return;
  }
  if (parsed.ok && options.prepare) {
    const ready = options.prepare({ input: parsed.value, env, config, agent });
    if (ready === null) return;
    prepared = ready;
  }
  // Another copy that captures, or no SQLite driver in this Node: exit 0 without a word on stderr,
  // whatever the input was (read first all the same, so Claude Code's write never meets a closed pipe).
  // Imported here: it loads the SQLite driver's checks, which an event prepared away never needs.
  const { hookGate } = await import('./gate.js');
  const gate = hookGate(hookName, env, config);
  if (!gate.run) {
    if (gate.notice) await writeStdout(`${JSON.stringify({ systemMessage: gate.notice })}\n`);
    return;
  }
  if (!parsed.ok) return logFailure(hookName, parsed.reason);
  await handler({ input: parsed.value, env, config, agent, print: writeStdout }, prepared as Prepared);
}
