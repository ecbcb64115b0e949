#!/usr/bin/env node
// The `memory` CLI: wires the subcommands and maps typed errors to exit codes, in this one place.
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
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
  redact: async () => (await import('./redact.js')).registerRedact,
};

const program = new Command('memory')
  .description('Search what Claude Code did in past sessions (captured by claude-memory-hooks).')
  .version(packageVersion(), '-V, --version', 'print the version of claude-memory-hooks')
  .exitOverride();

const asked = process.argv[2] ?? '';
const loaders = Object.hasOwn(SUBCOMMANDS, asked) ? [SUBCOMMANDS[asked] as () => Promise<Register>] : Object.values(SUBCOMMANDS);
for (const register of await Promise.all(loaders.map((load) => load()))) register(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.exitCode = exitCodeFor(error);
}

/** The version in the package.json next to dist/ (the checkout, or the installed runtime copy). */
function packageVersion(): string {
  try {
    const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    const version = (JSON.parse(text) as { version?: unknown }).version;
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
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
