// The only hook-side owner of stdin, stdout and stderr; its exit code is lib/runtime/exit.ts's exitZero.
// A hook must never hurt Claude Code: every path ends in exit code 0, and a failure is one stderr line.
import { STDIN_TIMEOUT_MS, type Config } from '../config/config.js';
import { exitZero } from '../runtime/exit.js';
import { describeError } from '../narrow.js';
import { writeOut } from '../io/stdout.js';
import type { AgentName } from '../agents/events.js';

/** Large enough for an Edit whose `originalFile` is a big source file. */
export const STDIN_MAX_BYTES = 64 * 1024 * 1024;

export type StdinResult =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

export interface ReadStdinOptions {
  readonly maxBytes?: number;
  /** How long to wait for the rest when stdin is not all there at once. */
  readonly timeoutMs?: number;
  readonly stream?: NodeJS.ReadableStream & { destroy?: () => void };
}

/**
 * Reads stdin to EOF. On timeout the bytes read so far are still returned: a payload that arrived
 * whole on a pipe that was never closed is a complete event, and the caller's JSON parse decides.
 * Through process.stdin, never a blocking read of fd 0: a writer that never closes its end would
 * hold a blocking read past every deadline, and a read on libuv's thread pool keeps the process
 * from exiting until it returns.
 */
export function readStdin(options: ReadStdinOptions = {}): Promise<StdinResult> {
  const maxBytes = options.maxBytes ?? STDIN_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? STDIN_TIMEOUT_MS;
  const stream = options.stream ?? process.stdin;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: StdinResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      stream.removeListener('error', onError);
      // Let the process exit even if the writer never closes the pipe.
      if ('pause' in stream) stream.pause();
      (stream as { unref?: () => void }).unref?.();
      resolve(result);
    };
    const text = (): string => Buffer.concat(chunks, size).toString('utf8');
    const onData = (chunk: Buffer | string): void => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > maxBytes) {
        finish({ ok: false, reason: `stdin larger than ${maxBytes} bytes` });
        return;
      }
      chunks.push(buffer);
    };
    const onEnd = (): void => finish({ ok: true, text: text() });
    const onError = (error: Error): void => finish({ ok: false, reason: `stdin error: ${error.message}` });
    const timer = setTimeout(() => {
      if (size > 0) finish({ ok: true, text: text() });
      else finish({ ok: false, reason: `no input on stdin after ${timeoutMs} ms` });
    }, timeoutMs);
    timer.unref();
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
}

/** Parses stdin as one JSON object; anything else (empty, garbage, an array) is a reason, not a throw. */
export function parseJsonObject(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; reason: string } {
  if (text.trim() === '') return { ok: false, reason: 'empty stdin' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: `stdin is not valid JSON (${text.length} characters)` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: 'stdin JSON is not an object' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** What every hook handler receives: parsed stdin, the environment, and the settings built once for the process. */
export interface HookInput {
  readonly input: Readonly<Record<string, unknown>>;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly config: Config;
  /** The coding agent that ran the hook, as its command line names it; Claude Code when absent. */
  readonly agent?: AgentName;
}

export interface HookContext extends HookInput {
  /** The model's context: SessionStart's block and UserPromptSubmit's recall, the only things any hook writes to stdout. */
  readonly print: (text: string) => Promise<void>;
}

/** Stdin read and parsed as one JSON object, or why there is none. */
export type HookStdin = ReturnType<typeof parseJsonObject>;

/** Reads and parses a hook's stdin within its deadline; never throws for bad input. */
export async function readHookStdin(timeoutMs: number): Promise<HookStdin> {
  const stdin = await readStdin({ timeoutMs });
  return stdin.ok ? parseJsonObject(stdin.text) : stdin;
}

/**
 * Runs a hook's body under the rule that a hook never hurts Claude Code: every outcome is exit
 * code 0, and a failure, expected or not, is one `[memory-hook] <hook>: <reason>` line, no stack.
 */
export async function guardHook(hookName: string, body: () => Promise<void>): Promise<void> {
  exitZero();
  try {
    await body();
  } catch (error) {
    logFailure(hookName, describeError(error));
  } finally {
    exitZero();
  }
}

/** Runs a hook-side task that reads no stdin (the detached cleanup) under the same rules as a hook. */
export function runTask(name: string, task: (env: Readonly<Record<string, string | undefined>>) => unknown): void {
  void guardHook(name, async () => {
    task(process.env);
  });
}

/** The one line a hook-side failure leaves: `[memory-hook] <name>: <reason>`. */
export function logFailure(name: string, reason: string): void {
  process.stderr.write(`[memory-hook] ${name}: ${oneLine(reason)}\n`);
}

/** What a hook prints into the model's context (HookContext.print). */
export function writeStdout(text: string): Promise<void> {
  writeOut(text);
  return Promise.resolve();
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 297)}...` : flat;
}
