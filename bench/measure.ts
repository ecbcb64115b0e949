// Timing helpers for the benchmarks: whole processes (spawned, stdin piped) and in-process calls.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface Stats {
  readonly median: number;
  readonly p95: number;
  readonly runs: number;
  /** Whole processes only: mean CPU time (user + system) per run, which load on the machine barely moves. */
  readonly cpu?: number;
}

export function stats(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
  return { median: at(0.5), p95: at(0.95), runs: sorted.length };
}

export interface ProcessCase {
  readonly name: string;
  readonly args: readonly string[];
  /** stdin for run number `i` (unique payloads keep dedupe from skipping work). */
  readonly stdin: (i: number) => string;
  readonly env: NodeJS.ProcessEnv;
  /** Checked after each run: a benchmark of a failing process measures nothing. */
  readonly expectStdout?: RegExp;
  /** The Node that runs it (another release: bench/other-node.ts); this one by default. */
  readonly exec?: string;
}

/** Runs every case once per round, interleaved, so machine noise hits all of them alike. */
export function timeProcesses(cases: readonly ProcessCase[], rounds: number): Map<string, Stats> {
  const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  const cpu = new Map<string, number>(cases.map((c) => [c.name, 0]));
  for (let round = 0; round < rounds + 2; round++) {
    for (const testCase of cases) {
      const cpuBefore = childrenCpuMs();
      const start = performance.now();
      const result = spawnSync(testCase.exec ?? process.execPath, testCase.args, {
        input: testCase.stdin(round),
        env: testCase.env,
        encoding: 'utf8',
      });
      const elapsed = performance.now() - start;
      const cpuUsed = childrenCpuMs() - cpuBefore;
      if (
        result.status !== 0 ||
        result.stderr !== '' ||
        (testCase.expectStdout && !testCase.expectStdout.test(result.stdout))
      ) {
        throw new Error(
          `${testCase.name} failed: status ${result.status}, stderr ${result.stderr.slice(0, 300)}, stdout ${result.stdout.slice(0, 200)}`,
        );
      }
      // The first two rounds warm the file cache and are not counted.
      if (round >= 2) {
        samples.get(testCase.name)?.push(elapsed);
        cpu.set(testCase.name, (cpu.get(testCase.name) as number) + cpuUsed);
      }
    }
  }
  return new Map(
    [...samples].map(([name, values]) => [name, { ...stats(values), cpu: (cpu.get(name) as number) / values.length }]),
  );
}

/**
 * CPU time of this process's waited-for children so far (/proc/self/stat cutime + cstime), in ms.
 * Counted in clock ticks (10 ms), so only a mean over many runs means anything.
 */
export function childrenCpuMs(): number {
  // Fields after the parenthesised command name: state is field 3, cutime and cstime are 16 and 17.
  const fields = readFileSync('/proc/self/stat', 'utf8')
    .replace(/^.*\) /s, '')
    .split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

export function timeCalls(iterations: number, call: (i: number) => unknown): Stats {
  const samples: number[] = [];
  for (let i = 0; i < iterations + 3; i++) {
    const start = performance.now();
    call(i);
    if (i >= 3) samples.push(performance.now() - start);
  }
  return stats(samples);
}

/**
 * The environment of every measured process: NODE_EXTRA_CA_CERTS adds 30–40 ms to each Node start.
 * TMPDIR is the bench's own folder (HOME's, when `extra` gives one): a machine whose /tmp holds another
 * run's spooled events would make every stored event look past them, which no real user's hook does
 * unless its own database once refused a write.
 */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...(extra['HOME'] ? { TMPDIR: extra['HOME'] } : {}), ...extra };
  delete env['NODE_EXTRA_CA_CERTS'];
  delete env['NODE_OPTIONS'];
  return env;
}

export const ms = (value: number): string => `${value.toFixed(1)} ms`;
export const ratio = (value: number, base: number): string => `${(value / base).toFixed(2)}×`;
