// The command line of a bench that runs for minutes and rewrites BENCHMARKS.md: read strictly (node:util's
// parseArgs), so `--help` or a mistyped flag prints the usage and exits before any work starts.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values<T extends Options> = ReturnType<typeof parseArgs<{ options: T; strict: true }>>['values'];

/** The flags of `options` as given; `--help` prints `usage` and exits 0, a wrong flag prints it and exits 2. */
export function benchArguments<T extends Options>(usage: string, options: T): Values<T> {
  if (process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  try {
    return parseArgs({ options, strict: true }).values;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    process.exit(2);
  }
}
