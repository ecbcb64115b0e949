// `npm run eval:recall`: injected precision of prompt-time recall on the development set
// (../shared/eval, or $RECALL_EVAL_DIR). Stages its transcripts, imports them with the built CLI into a
// fresh database in a temp dir, puts every session into ONE project (as if all had run in one
// repository), then uses each query of queries.json as a prompt exactly as the UserPromptSubmit hook
// does (gate → recall → block) and counts, per tier, how many injected memories the query's labels
// name, then the same for the project's Korean prompts over those sessions. Recall ships on by default only
// at a precision of 0.9 or better with 30 % of prompts answered, Korean ones included (docs/recall.md).
//   npm run build && node dist/scripts/recall-eval.js [--verbose] [--json]
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withDb, type Db } from '../lib/db/open.js';
import { recallGate } from '../lib/recall/gate.js';
import { recallFor } from '../lib/recall/recall.js';
import { buildRecall } from '../lib/recall/render.js';

/** One labelled query (the fields read here). */
interface LabelledQuery {
  readonly q: string;
  readonly relevant: readonly string[];
}
interface TierCount {
  shown: number;
  relevant: number;
  queries: number;
}
type WithPrecision = TierCount & { readonly precision: number | null };
interface SetResult {
  readonly queries: number;
  readonly gated: number;
  readonly answered: number;
  readonly lines: readonly string[];
  readonly HIGH: WithPrecision;
  readonly MEDIUM: WithPrecision;
  readonly all: WithPrecision;
}

// dist/scripts/recall-eval.js → the checkout.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const EVAL = resolve(process.env['RECALL_EVAL_DIR'] ?? join(ROOT, '..', 'shared', 'eval'));
const verbose = process.argv.includes('--verbose');
const asJson = process.argv.includes('--json');
const PROJECT = '/eval/one-project';
const KOREAN = join(ROOT, 'tests', 'fixtures', 'eval', 'korean-over-shared.json');

const work = mkdtempSync(join(tmpdir(), 'recall-eval-'));
try {
  const staged = join(work, 'staged');
  const dbPath = join(work, 'memory.db');
  run(process.execPath, [join(EVAL, 'stage.mjs'), staged]);
  run(process.execPath, [join(ROOT, 'dist/runtime/dist/commands/cli.js'), 'import', staged], {
    CLAUDE_MEMORY_DB: dbPath,
    HOME: work,
  });
  const db = new Database(dbPath);
  db.prepare('UPDATE memories SET project = ?, project_path = ?').run('one-project', PROJECT);
  const toolIds = new Map(
    (db.prepare('SELECT id, tool_use_id FROM memories').all() as { id: number; tool_use_id: string | null }[]).map(
      (row) => [row.id, row.tool_use_id],
    ),
  );
  const stored = db.prepare('SELECT count(*) FROM memories').pluck().get() as number;
  db.close();

  // The project's Korean queries over the same sessions (their labels name the shared set's events):
  // Korean prompts count toward the answered share as English ones do.
  const load = (file: string): LabelledQuery[] => JSON.parse(readFileSync(file, 'utf8')) as LabelledQuery[];
  const sets: Array<[string, LabelledQuery[]]> = [['prompts', load(join(EVAL, 'queries.json'))]];
  if (!process.env['RECALL_EVAL_DIR'] && existsSync(KOREAN))
    sets.push(['Korean prompts over the same sessions', load(KOREAN)]);
  const results: Array<SetResult & { readonly name: string }> = [];
  withDb(dbPath, { create: false }, (handle) => {
    for (const [name, queries] of sets) results.push({ name, ...measure(handle, queries) });
  });
  const totals = results.reduce(
    (sum, r) => ({
      queries: sum.queries + r.queries,
      gated: sum.gated + r.gated,
      answered: sum.answered + r.answered,
      shown: sum.shown + r.all.shown,
      relevant: sum.relevant + r.all.relevant,
    }),
    { queries: 0, gated: 0, answered: 0, shown: 0, relevant: 0 },
  );
  const overall = {
    ...totals,
    precision: totals.shown === 0 ? null : totals.relevant / totals.shown,
    answeredShare: totals.answered / totals.queries,
  };
  if (asJson) process.stdout.write(`${JSON.stringify({ stored, sets: results, overall }, null, 2)}\n`);
  else {
    const fmt = (p: number | null): string => (p === null ? '  -  ' : p.toFixed(3));
    for (const result of results) {
      if (verbose) process.stdout.write(`${result.lines.join('\n')}\n\n`);
      process.stdout.write(
        `${result.name}: ${result.queries} queries as prompts against ${stored} memories in one project; ${result.gated} silenced by the gate, ${result.answered} got something.\n`,
      );
      process.stdout.write('| tier | injected | relevant | precision | queries with one |\n|---|---|---|---|---|\n');
      for (const [tier, t] of [
        ['HIGH', result.HIGH],
        ['MEDIUM', result.MEDIUM],
        ['all', result.all],
      ] as const)
        process.stdout.write(`| ${tier} | ${t.shown} | ${t.relevant} | ${fmt(t.precision)} | ${t.queries} |\n`);
      process.stdout.write('\n');
    }
    process.stdout.write(
      `All prompts: precision ${fmt(overall.precision)} (${overall.relevant} of ${overall.shown} injected), ${overall.answered} of ${overall.queries} answered (${(100 * overall.answeredShare).toFixed(1)} %).\n`,
    );
  }

  function measure(handle: Db, queries: readonly LabelledQuery[]): SetResult {
    const tiers: Record<'HIGH' | 'MEDIUM', TierCount> = {
      HIGH: { shown: 0, relevant: 0, queries: 0 },
      MEDIUM: { shown: 0, relevant: 0, queries: 0 },
    };
    let answered = 0;
    let gated = 0;
    const lines: string[] = [];
    for (const [index, query] of queries.entries()) {
      const gate = recallGate(query.q, 'user');
      if (!gate.recall) {
        gated += 1;
        if (verbose) lines.push(`${index} gate: ${gate.reason} — ${query.q}`);
        continue;
      }
      const report = recallFor(handle, PROJECT, gate.words, null);
      const { shown } = buildRecall('one-project', report.hits);
      const relevant = new Set(query.relevant);
      const seen = new Set<'HIGH' | 'MEDIUM'>();
      for (const hit of report.hits.filter((h) => shown.includes(h.id))) {
        const ids = report.idsByHit.get(hit.id) ?? [hit.id];
        const good = ids.some((id) => relevant.has(toolIds.get(id) ?? ''));
        tiers[hit.tier].shown += 1;
        tiers[hit.tier].relevant += good ? 1 : 0;
        seen.add(hit.tier);
        if (verbose) {
          const scored = report.ranking.hits.find((h) => h.ids.includes(hit.id));
          lines.push(
            `${index} ${hit.tier} ${good ? 'relevant ' : 'IRRELEVANT'} #${hit.id} ${scored?.score.toFixed(3)} cluster ${report.ranking.cluster} matched ${scored?.matched.join(',')} — ${query.q}`,
          );
        }
      }
      for (const tier of seen) tiers[tier].queries += 1;
      if (shown.length > 0) answered += 1;
      else if (verbose)
        lines.push(
          `${index} nothing (${report.silent ?? '-'}; best ${report.ranking.hits[0]?.score.toFixed(3) ?? '-'}) — ${query.q}`,
        );
    }
    const precision = (t: TierCount): number | null => (t.shown === 0 ? null : t.relevant / t.shown);
    const all = {
      shown: tiers.HIGH.shown + tiers.MEDIUM.shown,
      relevant: tiers.HIGH.relevant + tiers.MEDIUM.relevant,
      queries: answered,
    };
    return {
      queries: queries.length,
      gated,
      answered,
      lines,
      HIGH: { ...tiers.HIGH, precision: precision(tiers.HIGH) },
      MEDIUM: { ...tiers.MEDIUM, precision: precision(tiers.MEDIUM) },
      all: { ...all, precision: precision(all) },
    };
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

function run(command: string, args: readonly string[], env: Record<string, string> = {}): void {
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`${args.join(' ')} exited ${result.status}`);
  }
}
