// `node dist/bench/import.js [--calls N] [--cli PATH]`: `memory import` of one busy session (N tool calls,
// 60,000 by default, ten milliseconds apart, so a minute holds thousands of them), spawned as a person runs
// it, by this build's CLI or another build's (`--cli`, to compare builds one run after the other).
// Prints calls per second of wall time and of CPU time (the machine may be shared: CPU time is what
// load barely moves) and peak memory: the import must stay linear in the session's length.
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { childrenCpuMs, timeProcesses } from './measure.js';

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(DIST, 'runtime', 'dist', 'commands', 'cli.js');
const SESSION = '22222222-3333-4444-8555-666666666666';
const CWD = '/home/dev/busy';

function text(name: string): string | null {
  const at = process.argv.indexOf(name);
  return at === -1 ? null : (process.argv[at + 1] ?? null);
}

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at === -1 ? NaN : Number(process.argv[at + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function envelope(type: string, at: string, n: number, message: unknown): string {
  return JSON.stringify({
    parentUuid: null,
    isSidechain: false,
    type,
    message,
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    timestamp: at,
    userType: 'external',
    entrypoint: 'cli',
    cwd: CWD,
    sessionId: SESSION,
    version: '2.1.114',
    gitBranch: 'main',
  });
}

/** One call of a busy session: mostly commands and edits, a failure now and then, each distinct. */
function call(n: number, start: number): string {
  const id = `toolu_01Busy${String(n).padStart(8, '0')}`;
  const at = start + n * 10;
  const kind = n % 20 === 0 ? 'fail' : n % 3 === 0 ? 'edit' : 'bash';
  const input =
    kind === 'edit'
      ? { file_path: `${CWD}/src/module${n % 500}.ts`, old_string: `value${n}`, new_string: `total${n}` }
      : {
          command: kind === 'fail' ? `npm test -- case${n}` : `npm run build -- --step ${n}`,
          description: `step ${n}`,
        };
  const use = envelope('assistant', new Date(at - 5).toISOString(), n * 2, {
    id: `msg_${id}`,
    role: 'assistant',
    content: [{ type: 'tool_use', id, name: kind === 'edit' ? 'Edit' : 'Bash', input }],
  });
  const content =
    kind === 'fail'
      ? `Exit code 1\nAssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n+ ${n}\n- ${n + 1}`
      : kind === 'edit'
        ? `The file ${CWD}/src/module${n % 500}.ts has been updated successfully.`
        : `built step ${n}`;
  const result = envelope('user', new Date(at).toISOString(), n * 2 + 1, {
    role: 'user',
    content: [{ tool_use_id: id, type: 'tool_result', content, is_error: kind === 'fail' }],
  });
  return `${use}\n${result}\n`;
}

async function writeSession(path: string, calls: number): Promise<void> {
  const out = createWriteStream(path);
  const start = Date.now() - 3600_000;
  for (let n = 1; n <= calls; n++) {
    if (!out.write(call(n, start))) await new Promise<void>((done) => out.once('drain', () => done()));
  }
  await new Promise<void>((done, fail) => {
    out.once('error', fail);
    out.end(() => done());
  });
}

async function main(): Promise<void> {
  const calls = argument('--calls', 60_000);
  const cli = resolve(text('--cli') ?? CLI);
  const home = mkdtempSync(join(tmpdir(), 'memory-import-bench-'));
  try {
    const path = join(home, `${SESSION}.jsonl`);
    await writeSession(path, calls);
    const cpuBefore = childrenCpuMs();
    const started = performance.now();
    const result = spawnSync(process.execPath, [cli, 'import', '--json', '--debug-rss', path], {
      env: { ...process.env, HOME: home, CLAUDE_MEMORY_DB: join(home, 'memory.db'), NO_COLOR: '1' },
      encoding: 'utf8',
    });
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = (childrenCpuMs() - cpuBefore) / 1000;
    // The machine's state right after: an empty Node process, for reading the figures under load.
    const empty = timeProcesses([{ name: 'node -e 0', args: ['-e', '0'], stdin: () => '', env: {} }], 5).get(
      'node -e 0',
    );
    if (result.status !== 0) throw new Error(`memory import failed (${result.status}): ${result.stderr}`);
    const summary = JSON.parse(result.stdout) as { toolCalls: number; added: number; maxRssMb: number };
    const rate = (time: number): string => Math.round(summary.toolCalls / time).toLocaleString('en-US');
    process.stdout.write(
      `memory import of one busy session: ${summary.toolCalls.toLocaleString('en-US')} calls ` +
        `(${summary.added.toLocaleString('en-US')} added), peak ${summary.maxRssMb} MB\n` +
        `  wall ${seconds.toFixed(1)} s = ${rate(seconds)} calls/s (load average ${loadavg()[0]?.toFixed(1)})\n` +
        `  CPU  ${cpuSeconds.toFixed(1)} s = ${rate(cpuSeconds)} calls/s\n` +
        `  node -e 0: ${empty?.median.toFixed(0)} ms wall, ${empty?.cpu?.toFixed(0)} ms CPU (5 runs: median wall, mean CPU)\n`,
    );
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

await main();
