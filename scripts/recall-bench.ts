// Ad-hoc speed check of prompt-time recall (BENCHMARKS.md, "Recall"): the built UserPromptSubmit hook
// at 100,000 memories in ONE project against `node -e 0` and the CommonJS floor, interleaved rounds,
// medians, NODE_EXTRA_CA_CERTS and NODE_OPTIONS unset. The database (10,000 memories written through the
// real capture path, then copied nine times with a suffix) is built once into $RECALL_BENCH_DB (default:
// a temp file) and reused.
//   npm run build && node dist/scripts/recall-bench.js [rounds] [--baseline <another build's user-prompt-submit.js>]
// (--baseline: that build's hook on the same prompts, taking turns with this one's).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { openDb } from '../lib/db/open.js';
import { generate } from '../bench/generate.js';
import { cleanEnv } from '../bench/measure.js';

// dist/scripts/recall-bench.js → dist/.
const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(/^\d+$/.test(process.argv[2] ?? '') ? process.argv[2] : 8);
const baselineAt = process.argv.indexOf('--baseline');
const baseline = baselineAt === -1 ? null : resolve(process.argv[baselineAt + 1] ?? '');
const home = mkdtempSync(join(tmpdir(), 'recall-bench-'));
const path = process.env['RECALL_BENCH_DB'] ?? join(home, 'memory.db');
const PROJECT = '/home/dev/work/api-server';
if (!existsSync(path)) {
  const db = openDb(path, { create: true });
  if (!db) throw new Error(`could not create ${path}`);
  generate(db, { count: 10_000, now: new Date(), days: 120, projects: [PROJECT] });
  for (let k = 1; k < 10; k++) {
    db.exec(`INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags, importance, created_at, source)
      SELECT session_id || '-r${k}', tool_name, type, project, project_path, file_path, content || ' r${k}', tags, importance, created_at, source
      FROM memories WHERE session_id NOT LIKE '%-r%'`);
  }
  db.exec('CREATE TABLE IF NOT EXISTS bench_floor (payload TEXT)');
  db.close();
}
const hook = join(DIST, 'runtime/dist/hooks/user-prompt-submit.js');
const env = cleanEnv({ HOME: home, CLAUDE_MEMORY_DB: path, CLAUDE_MEMORY_RECALL: '1', CLAUDE_PROJECT_DIR: PROJECT });
const payload = (prompt: string, source?: string) => (): string =>
  JSON.stringify({
    session_id: `bench-${Math.random()}`,
    cwd: PROJECT,
    hook_event_name: 'UserPromptSubmit',
    prompt,
    ...(source ? { source } : {}),
  });
const RECALLS: ReadonlyArray<readonly [string, string]> = [
  ['rarer words', 'why did the zeppelin retry with exponential backoff break'],
  ['common words', 'fix the JWT refresh token rotation handler'],
  ['Korean', '토큰 갱신 테스트 실패'],
];
const cases: Array<readonly [string, readonly string[], () => string]> = [
  ['node -e 0', ['-e', '0'], () => ''],
  ['CommonJS floor (stdin, better-sqlite3, WAL, 1 insert)', [join(DIST, 'bench/floor.cjs')], () => 'x'],
  ...RECALLS.map(([kind, prompt]) => [`recall, ${kind} ("${prompt}")`, [hook], payload(prompt)] as const),
  ['gated before the database (source: system)', [hook], payload('fix the JWT refresh token rotation', 'system')],
  ['"ok": gated, the prompt is still recorded', [hook], payload('ok')],
  ...(baseline === null
    ? []
    : RECALLS.map(([kind, prompt]) => [`baseline's recall, ${kind}`, [baseline], payload(prompt)] as const)),
];
const times: number[][] = cases.map(() => []);
let printed = 0;
for (let round = 0; round < rounds; round++) {
  cases.forEach(([name, args, input], i) => {
    const start = performance.now();
    const run = spawnSync(process.execPath, args, { env, input: input(), encoding: 'utf8' });
    times[i]?.push(performance.now() - start);
    if (run.status !== 0 || run.stderr) throw new Error(`${name}: exit ${run.status} ${run.stderr}`);
    if (i === 3 && run.stdout) printed += 1;
  });
}
const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const [node, floor] = [median(times[0] ?? []), median(times[1] ?? [])];
process.stdout.write(
  `100,000 memories in one project, ${rounds} interleaved rounds (medians)\n\n| process | median | × node -e 0 | × floor |\n|---|---|---|---|\n`,
);
cases.forEach(([name], i) => {
  const value = median(times[i] ?? []);
  process.stdout.write(
    `| ${name} | ${value.toFixed(1)} ms | ${(value / node).toFixed(2)}× | ${(value / floor).toFixed(2)}× |\n`,
  );
});
process.stdout.write(
  `\nThe common-words prompt printed a block in ${printed} of ${rounds} rounds (past 1 s the hook prints nothing).\n`,
);
