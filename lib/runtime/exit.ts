// The one place that turns an outcome into a process exit code: typed errors (lib/errors.ts) carry
// theirs, anything else is 1, and the hook side is always 0. Entries call these; nothing else sets
// process.exitCode or calls process.exit.
import { MemoryError } from '../errors.js';
import { describeError } from '../narrow.js';

export const EXIT_OK = 0;
/** Usage and runtime errors alike: one clear line on stderr, no stack. */
export const EXIT_FAILURE = 1;

/**
 * A failure whose message its source already printed (commander's usage text, --help, --version):
 * it keeps its code's meaning (0 or not) and prints nothing more.
 */
export class ReportedError extends MemoryError {
  override readonly name = 'ReportedError';
  constructor(exitCode: number) {
    super('', exitCode === EXIT_OK ? EXIT_OK : EXIT_FAILURE);
  }
}

/** The exit code an error stands for: a typed error's own code, 1 for anything else. */
export function exitCodeOf(error: unknown): number {
  return error instanceof MemoryError ? error.exitCode : EXIT_FAILURE;
}

/**
 * Ends a CLI-side entry that failed: one `<program>: <message>` line (unless already reported) and the
 * error's exit code. `hint` is a second line (install.sh's pointer to --help after a usage error).
 */
export function failWith(program: string, error: unknown, hint?: string): void {
  if (!(error instanceof ReportedError)) {
    const message = error instanceof MemoryError ? error.message : describeError(error);
    process.stderr.write(`${program}: ${message}\n`);
    if (hint !== undefined) process.stderr.write(`${hint}\n`);
  }
  process.exitCode = exitCodeOf(error);
}

/** The shell's exit code for a process ended by a signal: 128 + the signal's number. */
export const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

/** A command that stopped cleanly on Ctrl-C or SIGTERM (after saying what it kept) ends as the shell expects. */
export function exitBySignal(signal: keyof typeof SIGNAL_EXIT): void {
  process.exitCode = SIGNAL_EXIT[signal];
}

/**
 * A hook (and the slash command, whose non-zero exit would abort the whole command) ends with 0 whatever
 * happened: set before the work, so a crash mid-way still exits 0, and after it, so nothing overrides it.
 */
export function exitZero(): void {
  process.exitCode = EXIT_OK;
}
