// `npm run eval`: the retrieval score of `memory search` on the labelled development set (../shared/eval
// next to the checkout, or EVAL_DIR). Stages its transcripts into a temp dir, imports them with the built
// CLI into a fresh database there, runs the set's run.sh and prints its table. Never part of `npm test`:
// the set is not in this repository. Extra arguments go to the scorer (`--verbose`, `--json`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const evalDir = resolve(process.env.EVAL_DIR ?? join(root, '..', 'shared', 'eval'));
const cli = join(root, 'dist', 'commands', 'cli.js');
for (const [path, what] of [
  [join(evalDir, 'run.sh'), 'the eval set (set EVAL_DIR)'],
  [cli, 'the built CLI (npm run build)'],
]) {
  if (!existsSync(path)) {
    process.stderr.write(`eval: no ${what} at ${path}\n`);
    process.exit(1);
  }
}

const work = mkdtempSync(join(tmpdir(), 'memory-eval-'));
// A HOME of its own: nothing here may read or write the user's ~/.claude.
const home = join(work, 'home');
mkdirSync(home);
const env = { ...process.env, HOME: home, CLAUDE_MEMORY_DB: join(work, 'memory.db') };
delete env.CLAUDE_PROJECT_DIR;
const step = (what, command, args, options = {}) => {
  const result = spawnSync(command, args, {
    env,
    stdio: ['ignore', options.show ? 'inherit' : 'pipe', 'inherit'],
    ...options,
  });
  if (result.status !== 0) {
    process.stderr.write(`eval: ${what} failed (exit ${result.status ?? result.signal})\n${result.stdout ?? ''}`);
    rmSync(work, { recursive: true, force: true });
    process.exit(1);
  }
};
try {
  step('staging', process.execPath, [join(evalDir, 'stage.mjs'), join(work, 'sessions')]);
  step('import', process.execPath, [cli, 'import', join(work, 'sessions')]);
  step('scoring', join(evalDir, 'run.sh'), [cli, ...process.argv.slice(2)], { show: true, cwd: work });
} finally {
  rmSync(work, { recursive: true, force: true });
}
