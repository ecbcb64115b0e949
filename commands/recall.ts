// `memory recall`: whether prompt-time recall is on, `on` / `off` to switch it in the settings file,
// and `--explain "<prompt>"` to show the hook's reasoning for one prompt without injecting anything.
import { writeOut } from '../lib/io/stdout.js';
import type { Command } from 'commander';
import { withReadableDb } from '../lib/db/read-only.js';
import { MissingDatabaseError, UsageError } from '../lib/errors.js';
import { projectAt, resolveProject } from '../lib/capture/project.js';
import { recallGate } from '../lib/recall/gate.js';
import { MIN_PROJECT_ROWS, recallFor, SHOW_RATIO, type RecallReport } from '../lib/recall/recall.js';
import { buildRecall } from '../lib/recall/render.js';
import { BRIDGE_LABELS } from '../lib/language/bridges.js';
import { BRIDGE_SHARE } from '../lib/search/rank.js';
import { HIGH_MIN, MEDIUM_MIN } from '../lib/recall/score.js';
import { recallSetting, type RecallSetting } from '../lib/config/config.js';
import { writeRecallSetting } from '../lib/config/write.js';
import { cleanText } from '../lib/text/sanitize.js';
import { clip } from '../lib/text/bounded.js';
import { cliConfig } from './shared/database.js';

interface RecallOptions {
  /** The prompt's words, quoted as one or not, as `memory search` takes them. */
  explain?: string[];
  project?: string;
  session?: string;
  json?: boolean;
}

export function registerRecall(program: Command): void {
  program
    .command('recall')
    .description(
      'prompt-time recall: show whether it is on, turn it on or off, or explain what it would inject for a prompt',
    )
    .argument('[state]', '"on" or "off": switch recall in ~/.claude/memory.json')
    .option(
      '--explain <prompt...>',
      'the gate decision, the kept words with their document frequencies, each candidate with its score and tier, and what would be injected',
    )
    .option('--project <path>', 'explain for this project directory (default: the project of the current directory)')
    .option('--session <id>', 'leave out what recall already injected into this session')
    .option('--json', 'print the explanation as JSON')
    .action((state: string | undefined, options: RecallOptions) => {
      if (state !== undefined && options.explain !== undefined)
        throw new UsageError('give either on/off or --explain, not both');
      if (state === 'on' || state === 'off') {
        const path = writeRecallSetting(process.env, state === 'on');
        const now = recallSetting(process.env);
        const note =
          now.source === 'CLAUDE_MEMORY_RECALL' && now.on !== (state === 'on')
            ? ` (but CLAUDE_MEMORY_RECALL turns it ${now.on ? 'on' : 'off'} in this shell)`
            : '';
        writeOut(`Recall is ${state} in ${path}${note}. New prompts in Claude Code follow it at once.\n`);
        return;
      }
      if (state !== undefined)
        throw new UsageError(
          `unknown state "${state}": use memory recall on, memory recall off or memory recall --explain "<prompt>"`,
        );
      if (options.explain === undefined) {
        writeOut(`${statusLine(recallSetting(process.env))}\n`);
        return;
      }
      writeOut(explain(options.explain.join(' '), options));
    });
}

export function statusLine(setting: RecallSetting): string {
  const from =
    setting.source === 'default'
      ? 'the default'
      : setting.source === 'config file'
        ? setting.configPath
        : 'CLAUDE_MEMORY_RECALL';
  return `Recall is ${setting.on ? 'on' : 'off'} (${from}).${setting.warnings.map((w) => ` Warning: ${w}.`).join('')}`;
}

function explain(prompt: string, options: RecallOptions): string {
  const config = cliConfig();
  const setting = recallSetting(process.env);
  const project = options.project ? projectAt(options.project) : resolveProject(process.env, process.cwd());
  const gate = recallGate(prompt);
  const report = gate.recall
    ? withReadableDb(config.dbPath, { create: false, queryOnly: true }, (db) =>
        recallFor(db, project.path, gate.words, options.session ?? null, { explain: true }),
      )
    : null;
  if (gate.recall && report === null) throw new MissingDatabaseError(config.dbPath);
  const block = report ? buildRecall(project.name, report.hits).text : '';
  if (options.json) {
    return `${JSON.stringify(
      {
        recall_on: setting.on,
        project: project.path,
        gate: gate.recall
          ? { recall: true, words: gate.words.map((w) => w.text) }
          : { recall: false, reason: gate.reason },
        ...(report ? jsonReport(report) : {}),
        injected: block,
      },
      null,
      2,
    )}\n`;
  }
  const worktree = project.worktree === undefined ? '' : `; this worktree: ${cleanText(project.worktree)}`;
  const out = [statusLine(setting), `Project: ${cleanText(project.name)} (${cleanText(project.path)}${worktree})`];
  if (!gate.recall) return `${[...out, `Gate: silent — ${gate.reason}.`, 'Would inject: nothing.'].join('\n')}\n`;
  out.push(`Gate: searches ${gate.words.map((w) => `"${cleanText(w.text)}"`).join(', ')}.`);
  if (!report) return `${out.join('\n')}\n`;
  out.push(
    `Memories in the project: ${report.total}${report.total >= MIN_PROJECT_ROWS ? `; scored as memory search ranks them (HIGH from ${HIGH_MIN}, MEDIUM from ${MEDIUM_MIN}, shown within ${Math.round(SHOW_RATIO * 100)}% of the best)` : ''}.`,
  );
  out.push('Words:');
  for (const word of report.words) {
    const parts = [`${word.docs} memor${word.docs === 1 ? 'y' : 'ies'}`];
    if (word.stop) parts.push('a function word: weighs nothing beside the others');
    const bridge = word.bridge;
    if (bridge) {
      const what = bridge.korean
        ? `English of ${bridge.korean.join(', ')}`
        : `${BRIDGE_LABELS[bridge.table]} ${bridge.english.join(', ')}`;
      parts.push(
        `bridge: ${cleanText(bridge.via)} = ${what}, ${word.bridgeDocs} more memor${word.bridgeDocs === 1 ? 'y' : 'ies'} (counting ${BRIDGE_SHARE} of its weight)`,
      );
    }
    out.push(`  ${cleanText(word.text)}: ${parts.join('; ')}`);
  }
  if (report.skipped) out.push(`No recall: ${report.skipped}.`);
  const { hits, cluster, cap } = report.ranking;
  if (hits.length > 0) {
    out.push(`Candidates (${hits.length}; ${cluster} near-equal to the best${cap ? `; ${cap}` : ''}):`);
    for (const hit of hits.slice(0, 15)) {
      const row = report.rows.get(hit.ids[0] as number);
      const bridged = hit.bridged.length > 0 ? ` (bridged: ${hit.bridged.map(cleanText).join(', ')})` : '';
      out.push(
        `  #${hit.ids.join(',#')} ${hit.score.toFixed(3)} ${hit.tier.padEnd(6)} matched: ${hit.matched.map(cleanText).join(', ')}${bridged}`,
      );
      if (row) out.push(`      ${clip(cleanText(row.content), 110)}`);
    }
    if (hits.length > 15) out.push(`  … ${hits.length - 15} more, all lower`);
  }
  if (!block && report.silent && !report.skipped) out.push(`Silent: ${report.silent}.`);
  out.push(block ? `Would inject:\n${block}` : 'Would inject: nothing.');
  return `${out.join('\n')}\n`;
}

function jsonReport(report: RecallReport): Record<string, unknown> {
  return {
    memories: report.total,
    skipped: report.skipped,
    silent: report.silent,
    words: report.words,
    cluster: report.ranking.cluster,
    crowd: report.ranking.crowd,
    cap: report.ranking.cap,
    candidates: report.ranking.hits.map((hit) => ({
      ids: hit.ids,
      score: hit.score,
      tier: hit.tier,
      matched: hit.matched,
      bridged: hit.bridged,
    })),
    hits: report.hits.map((hit) => ({ id: hit.id, tier: hit.tier, ids: report.idsByHit.get(hit.id) ?? [hit.id] })),
  };
}
