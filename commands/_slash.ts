// The slash command's entry point. The argument text arrives on stdin through a quoted heredoc, so
// no shell ever parses it; it runs `memory search …` and always exits 0, because a non-zero exit
// would abort the whole slash command (errors are printed for the model to relay instead).
import { writeOut } from '../lib/io/stdout.js';
import { spawnSync } from 'node:child_process';
import { exitZero } from '../lib/runtime/exit.js';
import { readStdin } from '../lib/hook/io.js';
import { restoreArgumentText, searchArgv, splitArguments } from '../lib/install/slash.js';
import { CLI_BUNDLE, NODE_FLAGS } from '../lib/runtime/executables.js';
import { ownFile } from '../lib/runtime/own-files.js';

const cli = ownFile(CLI_BUNDLE);

// A plain call, not a top-level await: the bundles are CommonJS.
void main();

async function main(): Promise<void> {
  const stdin = await readStdin({ timeoutMs: 2000 });
  let text = stdin.ok ? stdin.text.trim() : '';
  // A client that runs `!` commands before substituting arguments leaves the placeholder as is.
  if (text === '$ARGUMENTS') text = '';
  const argv = searchArgv(splitArguments(restoreArgumentText(text)));

  writeOut(`$ memory ${argv.map(display).join(' ')}\n`);
  const result = spawnSync(process.execPath, [...NODE_FLAGS, cli, ...argv], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 16 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.stdout) writeOut(result.stdout);
  if (result.stderr) writeOut(result.stderr);
  if (result.error) writeOut(`memory: ${result.error.message}\n`);
  exitZero();
}

function display(word: string): string {
  return /^[\p{L}\p{N}_@%+=:,./-]+$/u.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
