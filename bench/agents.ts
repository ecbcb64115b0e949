// `node dist/bench/agents.js [--node 22 --node 24]` (after `npm run build`): each agent's hooks (Claude
// Code, Codex CLI, Gemini CLI, Cursor, OpenCode) under this Node and each --node release, interleaved in one run against that
// release's `node -e 0` and CommonJS floor, at 100,000 memories in one project, on the payloads the real
// clients sent (tests/fixtures/agents; Cursor's from its documented shapes). Prints a Markdown table and the machine's load; writes nothing else.
import Database from 'better-sqlite3';
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '../lib/db/open.js';
import { cleanupMarkerPath } from '../lib/paths.js';
import { generate, replicate, syntheticPayload } from './generate.js';
import { cleanEnv, ms, ratio, timeProcesses, type ProcessCase, type Stats } from './measure.js';
import { NODE_RELEASES, type NodeMajor } from './node-binaries.js';
import { benchArguments } from './arguments.js';
import { prepareNode } from './other-node.js';
import { NODE_FLAGS } from '../lib/runtime/executables.js';

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = resolve(DIST, '..');
const FIXTURES = join(ROOT, 'tests', 'fixtures', 'agents');
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 21);
const NOW = new Date();
const PROJECT = '/home/dev/work/api-server';
const OTHER_NODES =
  benchArguments('usage: node dist/bench/agents.js [--node 22|24]…  (BENCH_ROUNDS=N rounds, default 21)', {
    node: { type: 'string', multiple: true },
  }).node ?? [];

/** Claude Code's budgets (BENCHMARKS.md), for every agent alike. */
const BUDGETS = {
  edit: { value: 1.35, base: 'floor' },
  noise: { value: 1.15, base: 'node' },
  stop: { value: 1.25, base: 'floor' },
  start: { value: 1.25, base: 'floor' },
} as const;
type Kind = keyof typeof BUDGETS;

type Json = Record<string, unknown>;
const fixture = (file: string): Json & { tool_input?: Json } =>
  JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as Json & { tool_input?: Json };

/** Each agent's four measured payloads for run `i`, from what its real client sent, moved into PROJECT. */
function payloads(work: string): Record<string, Record<Kind, (i: number) => string>> {
  const rollout = join(work, 'rollout.jsonl');
  const chat = join(work, 'chat.jsonl');
  cpSync(join(FIXTURES, 'codex', '0.171.0', 'rollout.jsonl'), rollout);
  cpSync(join(FIXTURES, 'gemini', '0.61.0', 'chat.jsonl'), chat);
  const moved = (value: Json): Json & { tool_input?: Json } =>
    JSON.parse(JSON.stringify(value).replaceAll('/home/dev/greeter', PROJECT)) as Json & { tool_input?: Json };
  const codex = (file: string) => ({ ...moved(fixture(`codex/0.171.0/${file}`)), transcript_path: rollout });
  const gemini = (file: string) => ({ ...moved(fixture(`gemini/0.61.0/${file}`)), transcript_path: chat });
  const codexEdit = codex('post-tool-use.edit.json');
  const geminiEdit = gemini('after-tool.edit.json');
  const geminiNoise = gemini('after-tool.pass.json');
  const probe = (value: Json): Json =>
    JSON.parse(JSON.stringify(value).replaceAll('/tmp/agents-probe/proj', PROJECT)) as Json;
  const cursor = (name: string) => probe(fixture(`cursor/${name}.json`));
  const opencode = (name: string) => probe(fixture(`opencode/${name}.json`));
  const cursorEdit = cursor('after-file-edit');
  const opencodeEdit = opencode('tool-edit');
  const opencodeNoise = opencode('tool-bash-pass');
  return {
    'Claude Code': {
      edit: (i) => JSON.stringify(syntheticPayload(2_000_000 + i, () => 0.1, 'bench-live', PROJECT)),
      noise: () =>
        JSON.stringify({
          session_id: 'bench-live',
          cwd: PROJECT,
          hook_event_name: 'PostToolUse',
          tool_name: 'Bash',
          tool_input: { command: 'ls -la src' },
          tool_response: { stdout: '', stderr: '' },
        }),
      stop: () =>
        JSON.stringify({ session_id: 'bench-0', cwd: PROJECT, hook_event_name: 'Stop', stop_hook_active: false }),
      start: () =>
        JSON.stringify({ session_id: 'new', cwd: PROJECT, hook_event_name: 'SessionStart', source: 'startup' }),
    },
    Codex: {
      // A fresh call id and added line each run, so dedupe never skips the work.
      edit: (i) =>
        JSON.stringify({
          ...codexEdit,
          tool_use_id: `call_bench_${i}`,
          tool_input: {
            command: String((codexEdit['tool_input'] as Json)['command']).replace(
              'Hello ${name}',
              `Hello ${i} \${name}`,
            ),
          },
        }),
      noise: () => JSON.stringify({ ...codex('post-tool-use.pass.json'), tool_input: { command: 'ls -la src' } }),
      stop: () => JSON.stringify(codex('stop.json')),
      start: () => JSON.stringify(codex('session-start.json')),
    },
    'Gemini CLI': {
      edit: (i) =>
        JSON.stringify({
          ...geminiEdit,
          tool_input: { ...(geminiEdit['tool_input'] as Json), new_string: `\`Hello ${i} \${name}\`` },
        }),
      noise: () =>
        JSON.stringify({
          ...geminiNoise,
          tool_input: { ...(geminiNoise['tool_input'] as Json), command: 'ls -la src' },
        }),
      stop: () => JSON.stringify(gemini('after-agent.json')),
      start: () => JSON.stringify(gemini('session-start.json')),
    },
    Cursor: {
      edit: (i) =>
        JSON.stringify({
          ...cursorEdit,
          edits: [{ old_string: '`Hi ${name}`', new_string: `\`Hello ${i} \${name}\`` }],
        }),
      noise: () => JSON.stringify({ ...cursor('post-tool-use-shell-pass'), tool_input: { command: 'ls -la src' } }),
      stop: () => JSON.stringify(cursor('after-agent-response')),
      start: () => JSON.stringify(cursor('session-start')),
    },
    OpenCode: {
      edit: (i) => {
        const input = opencodeEdit['input'] as Json;
        const args = input['args'] as Json;
        return JSON.stringify({
          ...opencodeEdit,
          input: { ...input, callID: `call_bench_${i}`, args: { ...args, newString: `\`Hello ${i} \${name}\`` } },
        });
      },
      noise: () => {
        const input = opencodeNoise['input'] as Json;
        return JSON.stringify({ ...opencodeNoise, input: { ...input, args: { command: 'ls -la src' } } });
      },
      stop: () => JSON.stringify(opencode('session-idle')),
      start: () => JSON.stringify(opencode('chat-message')),
    },
  };
}

const ARG: Record<string, string[]> = {
  'Claude Code': [],
  Codex: ['codex'],
  'Gemini CLI': ['gemini'],
  Cursor: ['cursor'],
  OpenCode: ['opencode'],
};
const SCRIPT: Record<Kind, string> = {
  edit: 'post-tool-use',
  noise: 'post-tool-use',
  stop: 'stop',
  start: 'session-start',
};
const LABEL: Record<Kind, string> = {
  edit: 'edit, stored',
  noise: '`ls` (noise)',
  stop: 'stop (turn end)',
  start: 'session-start',
};

async function main(work: string): Promise<void> {
  const db = join(work, 'bench.db');
  const handle = openDb(db, { create: true }) as Database.Database;
  generate(handle, { count: 10_000, now: NOW, days: 120, projects: [PROJECT], failures: false });
  replicate(handle, 100_000, 120);
  handle.exec('CREATE TABLE IF NOT EXISTS bench_floor (payload TEXT)');
  handle.close();
  // Maintenance done today: no session-start spawns it in the background during the run.
  writeFileSync(cleanupMarkerPath(db), NOW.toISOString());
  utimesSync(cleanupMarkerPath(db), NOW, NOW);
  const nodes = [
    {
      label: `Node ${process.version}`,
      exec: process.execPath,
      runtime: join(DIST, 'runtime', 'dist'),
      floor: join(DIST, 'bench', 'floor.cjs'),
    },
  ];
  for (const major of OTHER_NODES) {
    if (!Object.hasOwn(NODE_RELEASES, major)) throw new Error(`--node takes ${Object.keys(NODE_RELEASES).join(', ')}`);
    const prepared = await prepareNode(major as NodeMajor, ROOT, work);
    if ('reason' in prepared) {
      process.stdout.write(`- Node ${major}: not measured, ${prepared.reason}.\n`);
      continue;
    }
    nodes.push({
      label: `Node ${prepared.version}`,
      exec: prepared.exec,
      runtime: prepared.runtime,
      floor: prepared.floor,
    });
  }
  const env = cleanEnv({ CLAUDE_MEMORY_DB: db, HOME: work, CLAUDE_MEMORY_NOW: NOW.toISOString() });
  const agents = payloads(work);
  const rows: Array<{
    label: string;
    kind?: Kind;
    make: (node: (typeof nodes)[number]) => Omit<ProcessCase, 'name' | 'exec'>;
  }> = [
    { label: 'node -e 0', make: () => ({ args: ['-e', '0'], stdin: () => '', env }) },
    {
      label: 'floor (CommonJS)',
      make: (node) => ({ args: [node.floor], stdin: agents['Claude Code']?.edit ?? (() => ''), env }),
    },
  ];
  for (const [agent, kinds] of Object.entries(agents))
    for (const kind of Object.keys(BUDGETS) as Kind[])
      rows.push({
        label: `${agent} ${LABEL[kind]}`,
        kind,
        make: (node) => ({
          args: [...NODE_FLAGS, join(node.runtime, 'hooks', `${SCRIPT[kind]}.js`), ...(ARG[agent] ?? [])],
          stdin: kinds[kind],
          env,
          ...(kind === 'start' ? { expectStdout: /memory-context/ } : {}),
        }),
      });
  const cases = nodes.flatMap((node) =>
    rows.map((row) => ({ ...row.make(node), name: `${node.label} ${row.label}`, exec: node.exec })),
  );
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  const results = timeProcesses(cases, ROUNDS);
  const of = (node: (typeof nodes)[number], label: string) => results.get(`${node.label} ${label}`) as Stats;
  const say = (line = '') => process.stdout.write(`${line}\n`);
  say(
    `${cpus().length} cores, load average before the run ${load}, after ${loadavg()
      .map((v) => v.toFixed(2))
      .join(
        ', ',
      )}; ${ROUNDS} interleaved rounds (2 warm-up rounds dropped), NODE_EXTRA_CA_CERTS and NODE_OPTIONS unset. Each cell: median, × that release's \`node -e 0\`, × its CommonJS floor; ✓/✗ against Claude Code's budget.`,
  );
  say();
  say(`| process | budget (Node 22, 24) | ${nodes.map((n) => n.label).join(' | ')} |`);
  say(`|---|---|${nodes.map(() => '---:').join('|')}|`);
  for (const row of rows) {
    const budget = row.kind ? BUDGETS[row.kind] : undefined;
    const cells = nodes.map((node) => {
      const timing = of(node, row.label).median;
      const base = of(node, budget?.base === 'node' ? 'node -e 0' : 'floor (CommonJS)').median;
      const met = budget && !node.label.startsWith('Node v20.') ? (timing / base <= budget.value ? ' ✓' : ' ✗') : '';
      return `${ms(timing)} · ${ratio(timing, of(node, 'node -e 0').median)} · ${ratio(timing, of(node, 'floor (CommonJS)').median)}${met}`;
    });
    say(
      `| ${row.label} | ${budget ? `≤ ${budget.value}× ${budget.base === 'node' ? 'node -e 0' : 'floor'}` : ''} | ${cells.join(' | ')} |`,
    );
  }
}

const work = mkdtempSync(join(tmpdir(), 'cmh-bench-agents-'));
try {
  await main(work);
} finally {
  rmSync(work, { recursive: true, force: true });
}
