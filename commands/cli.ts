#!/usr/bin/env node
// The `memory` CLI: wires the subcommands and maps typed errors to exit codes, in this one place.
import { Command, CommanderError } from 'commander';
import { MemoryError } from '../lib/errors.js';
import { describeError } from '../lib/hook-io.js';
import { registerDoctor } from './doctor.js';
import { registerForget } from './forget.js';
import { registerImport } from './import.js';
import { registerSearch } from './search.js';

const program = new Command('memory')
  .description('Search what Claude Code did in past sessions (captured by claude-memory-hooks).')
  .showHelpAfterError()
  .exitOverride();

registerSearch(program);
registerForget(program);
registerDoctor(program);
registerImport(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.exitCode = exitCodeFor(error);
}

function exitCodeFor(error: unknown): number {
  if (error instanceof CommanderError) {
    // Commander already printed its message (usage errors, --help, --version).
    return error.exitCode === 0 ? 0 : 1;
  }
  if (error instanceof MemoryError) {
    process.stderr.write(`memory: ${error.message}\n`);
    return error.exitCode;
  }
  process.stderr.write(`memory: ${describeError(error)}\n`);
  return 1;
}
