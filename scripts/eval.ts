// `npm run eval`: the retrieval score of `memory search` on the labelled development sets: ../shared/eval
// next to the checkout (or EVAL_DIR), the project's Korean queries over that set's sessions
// (tests/fixtures/eval/korean-over-shared.json: its labels, never its transcripts, live here), then the
// project's own Korean set in tests/fixtures/eval. Each set is staged into a temp dir, imported with the
// built CLI into a fresh database there, run through its queries and its table printed. Never part of
// `npm test`. Extra arguments go to the scorer (`--verbose`, `--json`). Compiled with the rest by tsc:
// `npm run build && node dist/scripts/eval.js`.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One labelled query of a set's queries.json (the fields this script reads). */
interface LabelledQuery {
  readonly q: string;
}
/** One query's figures in the scorer's --json answer. */
interface Scored {
  readonly index: number;
  readonly np5: number;
  readonly r10: number;
  readonly rr: number;
}
interface StepOptions {
  /** The command's stdout goes to this process's stdout. */
  readonly show?: boolean;
  readonly extraEnv?: NodeJS.ProcessEnv;
  readonly cwd?: string;
}
type Step = (what: string, command: string, args: readonly string[], options?: StepOptions) => SpawnSyncReturns<string>;

// dist/scripts/eval.js → the checkout.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const evalDir = resolve(process.env['EVAL_DIR'] ?? join(root, '..', 'shared', 'eval'));
const ownDir = join(root, 'tests', 'fixtures', 'eval');
const overShared = join(ownDir, 'korean-over-shared.json');
const cli = join(root, 'dist', 'runtime', 'dist', 'commands', 'cli.js');
if (!existsSync(cli)) {
  process.stderr.write(`eval: no the built CLI (npm run build) at ${cli}\n`);
  process.exit(1);
}
const scorerArgs = process.argv.slice(2);
// The shared set lives outside the repository: without it, only the project's own set runs.
const hasShared = existsSync(join(evalDir, 'run.sh'));
if (!hasShared) process.stderr.write(`eval: no eval set at ${evalDir} (set EVAL_DIR); running ${ownDir} only\n`);

if (hasShared) {
  process.stdout.write(`\n## ${evalDir}\n`);
  evaluate(evalDir, (step, work) => {
    const kept = join(work, 'shared-results');
    step('scoring', join(evalDir, 'run.sh'), [cli, ...scorerArgs], {
      show: true,
      cwd: work,
      extraEnv: { EVAL_OUT: kept },
    });
    languages(step, kept, join(evalDir, 'queries.json'));
    process.stdout.write(`\n## ${overShared} (Korean queries over ${evalDir})\n`);
    const out = runQueries(work, overShared);
    step(
      'scoring',
      process.execPath,
      [
        join(evalDir, 'score.mjs'),
        out,
        '--queries',
        overShared,
        '--events',
        join(evalDir, 'events.tsv'),
        ...scorerArgs,
      ],
      { show: true },
    );
  });
}
process.stdout.write(`\n## ${ownDir}\n`);
evaluate(ownDir, (step, work) =>
  step('scoring', join(ownDir, 'run.sh'), [cli, ...scorerArgs], { show: true, cwd: work }),
);

function evaluate(set: string, score: (step: Step, work: string) => void): void {
  const work = mkdtempSync(join(tmpdir(), 'memory-eval-'));
  // A HOME of its own: nothing here may read or write the user's ~/.claude.
  const home = join(work, 'home');
  mkdirSync(home);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    CLAUDE_MEMORY_DB: join(work, 'memory.db'),
    NO_COLOR: '1',
  };
  delete env['CLAUDE_PROJECT_DIR'];
  const step: Step = (what, command, args, options = {}) => {
    const { extraEnv, show, cwd } = options;
    const result = spawnSync(command, args, {
      env: { ...env, ...extraEnv },
      stdio: ['ignore', show ? 'inherit' : 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
      encoding: 'utf8',
      ...(cwd === undefined ? {} : { cwd }),
    });
    if (result.status !== 0) {
      process.stderr.write(`eval: ${what} failed (exit ${result.status ?? result.signal})\n${result.stdout ?? ''}`);
      rmSync(work, { recursive: true, force: true });
      process.exit(1);
    }
    return result;
  };
  try {
    step('staging', process.execPath, [join(set, 'stage.mjs'), join(work, 'sessions')]);
    step('import', process.execPath, [cli, 'import', join(work, 'sessions')]);
    score(step, work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Every query of `queries` through `memory search --json --limit 10`, one result file each, as run.sh does. */
function runQueries(work: string, queries: string): string {
  const out = join(work, `results-${Math.random().toString(36).slice(2)}`);
  mkdirSync(out);
  (JSON.parse(readFileSync(queries, 'utf8')) as LabelledQuery[]).forEach(({ q }, i) => {
    const result = spawnSync(process.execPath, [cli, 'search', q, '--json', '--limit', '10'], {
      env: { ...process.env, HOME: join(work, 'home'), CLAUDE_MEMORY_DB: join(work, 'memory.db'), NO_COLOR: '1' },
      encoding: 'utf8',
    });
    writeFileSync(join(out, `${i}.json`), result.stdout ?? '');
  });
  return out;
}

/** The shared set's figures for its English and its Korean queries apart (the scorer groups by kind only). */
function languages(step: Step, out: string, queries: string): void {
  const all = JSON.parse(readFileSync(queries, 'utf8')) as LabelledQuery[];
  const res = JSON.parse(
    step('scoring', process.execPath, [join(dirname(queries), 'score.mjs'), out, '--json']).stdout,
  ) as {
    perQuery: Scored[];
  };
  const hangul = /[\uac00-\ud7a3]/;
  const line = (name: string, keep: (q: string) => boolean): string => {
    const rows = res.perQuery.filter((p) => keep(all[p.index]?.q ?? ''));
    const mean = (key: 'np5' | 'r10' | 'rr'): string =>
      (rows.reduce((sum, p) => sum + p[key], 0) / Math.max(rows.length, 1)).toFixed(3);
    return `${name.padEnd(16)}${String(rows.length).padStart(4)}${mean('np5').padStart(8)}${mean('r10').padStart(8)}${mean('rr').padStart(8)}`;
  };
  process.stdout.write(
    `\nby language        n    nP@5    R@10     MRR\n${line('English', (q) => !hangul.test(q))}\n${line('Korean', (q) => hangul.test(q))}\n`,
  );
}
