#!/usr/bin/env node
// The `memory` CLI: wires the subcommands and maps typed errors to exit codes, in this one place.
import type { Command, CommanderError } from 'commander';
import { MemoryError } from '../lib/errors.js';
import { describeError } from '../lib/unknown.js';

type Register = (program: Command) => void;

// Each subcommand is loaded only when it is the one asked for: `memory search` (and /mem) should
// not pay for importing the doctor, the installer's settings code and the transcript importer.
const SUBCOMMANDS: Readonly<Record<string, () => Promise<Register>>> = {
  search: async () => (await import('./search.js')).registerSearch,
  forget: async () => (await import('./forget.js')).registerForget,
  doctor: async () => (await import('./doctor.js')).registerDoctor,
  import: async () => (await import('./import.js')).registerImport,
  team: async () => (await import('./team.js')).registerTeam,
};

void main();

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // `memory search words…`, what /mem and most people run: no commander to load and set up. Any
  // flag (or `--`) takes the full path below, which parses and checks it.
  if (args[0] === 'search' && args.length > 1 && args.every((word) => !word.startsWith('-'))) {
    try {
      process.stdout.write((await import('./search.js')).searchWords(args.slice(1)));
    } catch (error) {
      process.exitCode = exitCodeFor(error);
    }
    return;
  }
  const { Command, CommanderError } = await import('commander');
  const program = new Command('memory')
    .description('Search what Claude Code did in past sessions (captured by claude-memory-hooks).')
    .exitOverride();
  const asked = args[0] ?? '';
  const loaders = Object.hasOwn(SUBCOMMANDS, asked) ? [SUBCOMMANDS[asked] as () => Promise<Register>] : Object.values(SUBCOMMANDS);
  for (const register of await Promise.all(loaders.map((load) => load()))) register(program);

  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    process.exitCode = exitCodeFor(error, CommanderError);
  }
}

function exitCodeFor(error: unknown, commanderError?: typeof CommanderError): number {
  if (commanderError && error instanceof commanderError) {
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
