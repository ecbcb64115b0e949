// `npm run eval`: the retrieval score of `memory search` on the labelled development sets: ../shared/eval
// next to the checkout (or EVAL_DIR), then the project's own Korean set in tests/fixtures/eval. Each is
// staged into a temp dir, imported with the built CLI into a fresh database there, run through its run.sh,
// and its table printed. Never part of `npm test`. Extra arguments go to the scorer (`--verbose`, `--json`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const evalDir = resolve(process.env.EVAL_DIR ?? join(root, '..', 'shared', 'eval'));
const ownDir = join(root, 'tests', 'fixtures', 'eval');
const cli = join(root, 'dist', 'runtime', 'dist', 'commands', 'cli.js');
if (!existsSync(cli)) {
  process.stderr.write(`eval: no the built CLI (npm run build) at ${cli}\n`);
  process.exit(1);
}
// The shared set lives outside the repository: without it, only the project's own set runs.
const sets = existsSync(join(evalDir, 'run.sh')) ? [evalDir, ownDir] : [ownDir];
if (sets.length === 1) process.stderr.write(`eval: no eval set at ${evalDir} (set EVAL_DIR); running ${ownDir} only\n`);

for (const set of sets) {
  process.stdout.write(`\n## ${set}\n`);
  evaluate(set);
}

function evaluate(set) {
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
    step('staging', process.execPath, [join(set, 'stage.mjs'), join(work, 'sessions')]);
    step('import', process.execPath, [cli, 'import', join(work, 'sessions')]);
    step('scoring', join(set, 'run.sh'), [cli, ...process.argv.slice(2)], { show: true, cwd: work });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
