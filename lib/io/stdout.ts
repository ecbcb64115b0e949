// Output written synchronously to fd 1, by the CLI and by the hooks that print into the model's
// context. process.stdout on a pipe or socket (what Claude Code hands a hook, the slash command, the
// model's Bash tool, `| less`) loads Node's net and stream modules, which a short process need not
// pay for one string written once. Every command's output goes through writeOut: it is the one place
// that knows a reader may leave early (`memory import | head -1`), and must never crash for it.
import { fstatSync, writeSync } from 'node:fs';

let readerGone = false;

function isClosedPipe(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'EPIPE';
}

/**
 * Writes to fd 1. Once the reader has gone (EPIPE), this and every later write are dropped: the
 * command stops talking, finishes what it was doing and exits as it would have (0 after a success),
 * as `head` expects of the writer it closed on.
 */
export function writeOut(text: string): void {
  if (readerGone) return;
  const bytes = Buffer.from(text, 'utf8');
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(1, bytes, done);
  } catch (error) {
    if (isClosedPipe(error)) {
      readerGone = true;
      return;
    }
    if ((error as { code?: unknown }).code !== 'EAGAIN') throw error;
    // An fd 1 someone made non-blocking: the stream waits for it to drain, and may meet the closed
    // pipe later, as an 'error' event instead of a throw.
    onClosedStdout(() => undefined);
    process.stdout.write(bytes.subarray(done));
  }
}

/**
 * For what writes fd 1 through process.stdout (the MCP server's transport, a write that had to wait):
 * a reader that left is `onGone`, once, instead of an unhandled 'error' event and its stack.
 */
export function onClosedStdout(onGone: () => void): void {
  process.stdout.on('error', (error: unknown) => {
    if (!isClosedPipe(error)) throw error;
    if (readerGone) return;
    readerGone = true;
    onGone();
  });
}

/**
 * What colorsFor asks of stdout, answered without process.stdout nor node:tty (which loads net as
 * well): a terminal is a character device. So are /dev/null and its like, where colour harms nobody.
 */
export const stdoutTerminal = {
  get isTTY(): boolean {
    try {
      return fstatSync(1).isCharacterDevice();
    } catch {
      return false;
    }
  },
};
