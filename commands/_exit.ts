// How the CLI's entries (cli.ts, search-main.ts) turn an error into stderr and an exit code.
import { MemoryError } from '../lib/errors.js';
import { describeError } from '../lib/unknown.js';

/** A typed error's message and exit code; anything else is reported as it is, exit 1. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof MemoryError) {
    process.stderr.write(`memory: ${error.message}\n`);
    return error.exitCode;
  }
  process.stderr.write(`memory: ${describeError(error)}\n`);
  return 1;
}
