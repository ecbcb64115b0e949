// The `memory` CLI: wires the subcommands; lib/runtime/exit.ts turns what they throw into the exit code.
import type { Command } from 'commander';
import { loadConfig } from '../lib/config/config.js';
import { failWith, ReportedError } from '../lib/runtime/exit.js';
import { withDamageHint } from '../lib/faults/faults.js';
import { ownVersion } from '../lib/runtime/own-files.js';
import { writeOut } from '../lib/io/stdout.js';

type Register = (program: Command) => void;

// Each subcommand is loaded only when it is the one asked for: `memory search` (and /mem) should
// not pay for importing the doctor, the installer's settings code and the transcript importer.
const SUBCOMMANDS: Readonly<Record<string, () => Promise<Register>>> = {
  search: async () => (await import('./search.js')).registerSearch,
  show: async () => (await import('./show.js')).registerShow,
  forget: async () => (await import('./forget.js')).registerForget,
  doctor: async () => (await import('./doctor.js')).registerDoctor,
  import: async () => (await import('./import.js')).registerImport,
  team: async () => (await import('./team.js')).registerTeam,
  redact: async () => (await import('./redact.js')).registerRedact,
  mcp: async () => (await import('./mcp.js')).registerMcp,
  ui: async () => (await import('./ui.js')).registerUi,
  recall: async () => (await import('./recall.js')).registerRecall,
};

const args = process.argv.slice(2);
const asked = args[0] ?? '';

// A plain call, not a top-level await: the bundles are CommonJS.
void main();

async function main(): Promise<void> {
  try {
    // Claude Code starts `memory mcp` once per session and waits for its first answer: that path
    // takes no arguments and skips commander.
    if (asked === 'mcp' && args.length === 1) (await import('./mcp.js')).serveMcp();
    // `memory search words…`, what /mem and most people run: no commander to load and set up. Any
    // flag (or `--`) takes the full path below, which parses and checks it.
    else if (asked === 'search' && args.length > 1 && args.every((word) => !word.startsWith('-')))
      writeOut((await import('./search.js')).searchWords(args.slice(1)));
    else await runProgram();
  } catch (error) {
    failWith('memory', withDamageHint(error, loadConfig(process.env).dbPath));
  }
}

async function runProgram(): Promise<void> {
  const { Command, CommanderError } = await import('commander');
  const program = new Command('memory')
    .description('Search what Claude Code did in past sessions (captured by claude-memory-hooks).')
    .version(ownVersion(), '-V, --version', 'print the version of claude-memory-hooks')
    .exitOverride()
    // Help and --version reach a pipe as every other output does (and survive its reader leaving).
    .configureOutput({ writeOut: (text) => writeOut(text) });
  // The version needs no subcommand; help (and an unknown word) lists them all.
  const loaders = Object.hasOwn(SUBCOMMANDS, asked)
    ? [SUBCOMMANDS[asked] as () => Promise<Register>]
    : args.length === 1 && (asked === '-V' || asked === '--version')
      ? []
      : Object.values(SUBCOMMANDS);
  for (const register of await Promise.all(loaders.map((load) => load()))) register(program);
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    // Commander already printed its message (usage errors, --help, --version).
    throw error instanceof CommanderError ? new ReportedError(error.exitCode) : error;
  }
}
