// Output written synchronously to fd 1, by the CLI and by the hooks that print into the model's
// context. process.stdout on a pipe or socket (what Claude Code hands a hook, the slash command, the
// model's Bash tool, `| less`) loads Node's net and stream modules, which a short process need not
// pay for one string written once.
import { fstatSync, writeSync } from 'node:fs';

export function writeOut(text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(1, bytes, done);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // A reader that went away (`memory search x | head -1`): nobody is left to read the rest.
    if (code === 'EPIPE') return;
    // An fd 1 someone made non-blocking: the stream waits for it to drain.
    if (code === 'EAGAIN') process.stdout.write(bytes.subarray(done));
    else throw error;
  }
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
