#!/usr/bin/env node
// `memory search words…` without flags, what /mem and most people run. The runtime's launcher
// (cli.js, scripts/module-urls.mjs) sends exactly that command line here, so it compiles the search
// alone and not the CLI's every subcommand (~550 KB with commander and pg). Same output and exit
// codes as cli.ts's path for it.
import { failWith } from '../lib/exit.js';
import { writeOut } from '../lib/stdout.js';
import { searchWords } from './search.js';

try {
  writeOut(searchWords(process.argv.slice(3)));
} catch (error) {
  failWith('memory', error);
}
