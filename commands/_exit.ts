// How the CLI's entries (cli.ts, search-main.ts) turn an error into stderr and an exit code.
import { loadConfig } from '../lib/config.js';
import { MemoryError } from '../lib/errors.js';
import { faultOf } from '../lib/faults.js';
import { describeError } from '../lib/unknown.js';

/** A typed error's message and exit code; anything else is reported as it is, exit 1. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof MemoryError) {
    process.stderr.write(`memory: ${error.message}\n`);
    return error.exitCode;
  }
  // A damaged file, whichever command met it (told by SQLite's error code): one line, and where to go.
  if (faultOf(error) === 'damaged') {
    process.stderr.write(
      `memory: ${loadConfig(process.env).dbPath} is damaged (${describeError(error)}); run memory doctor to see what can be recovered\n`,
    );
    return 1;
  }
  process.stderr.write(`memory: ${describeError(error)}\n`);
  return 1;
}
