// Nothing is lost under concurrency: 200 post-tool-use bundles spawned at once on distinct events, then 50
// on one session while 10 `memory search` processes read. Counts what landed; returns the report's lines.
import { spawn } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { COMMON_TERM, countRows } from './generate.js';
import { cleanEnv, ms } from './measure.js';
import { NODE_FLAGS } from '../lib/runtime/executables.js';

interface Spawned {
  readonly code: number | null;
  readonly stderr: string;
}

/** `runtime`: the installed bundles' folder; `work`: a scratch folder (HOME and the database copy). */
export async function concurrencyBench(
  path: string,
  runtime: string,
  work: string,
  project: string,
): Promise<string[]> {
  const lines = ['## Concurrency: nothing is lost (the bundles, spawned at once)', ''];
  const copy = join(work, 'concurrency.db');
  copyFileSync(path, copy);
  const env = cleanEnv({ CLAUDE_MEMORY_DB: copy, HOME: work });
  const postToolUse = join(runtime, 'hooks', 'post-tool-use.js');
  const payload = (i: number, sessionId: string) => JSON.stringify(burstPayload(i, sessionId, project));
  const before = countRows(copy);
  const start = performance.now();
  const settled = await runAll(
    Array.from({ length: 200 }, (_, i) => ({ args: [postToolUse], stdin: payload(i, `burst-${i % 13}`), env })),
  );
  const elapsed = performance.now() - start;
  const stored = countRows(copy) - before;
  const failures = settled.filter((r) => r.code !== 0 || r.stderr !== '').length;
  lines.push(
    `- 200 post-tool-use processes started at once on distinct events: **${stored}/200 stored**, ${failures} failed, ${ms(elapsed)} wall time for the burst.`,
  );

  const before2 = countRows(copy);
  const searches = runAll(
    Array.from({ length: 10 }, () => ({
      args: [join(runtime, 'commands', 'cli.js'), 'search', COMMON_TERM],
      stdin: '',
      env,
    })),
  );
  const writers = runAll(
    Array.from({ length: 50 }, (_, i) => ({ args: [postToolUse], stdin: payload(10_000 + i, 'one-session'), env })),
  );
  const [searchResults, writerResults] = await Promise.all([searches, writers]);
  const stored2 = countRows(copy) - before2;
  lines.push(
    `- 50 processes on one session while 10 \`memory search\` processes run: **${stored2}/50 stored**, ${writerResults.filter((r) => r.code !== 0).length} hook failures, ${searchResults.filter((r) => r.code === 0).length}/10 searches answered.`,
    '',
  );
  return lines;
}

function burstPayload(i: number, sessionId: string, project: string): Record<string, unknown> {
  return {
    session_id: sessionId,
    cwd: project,
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_use_id: `toolu_burst_${i}`,
    tool_input: { command: `npm run job-${i}` },
    tool_response: { stdout: '', stderr: '' },
  };
}

function runAll(jobs: ReadonlyArray<{ args: string[]; stdin: string; env: NodeJS.ProcessEnv }>): Promise<Spawned[]> {
  return Promise.all(
    jobs.map(
      (job) =>
        new Promise<Spawned>((done) => {
          const child = spawn(process.execPath, [...NODE_FLAGS, ...job.args], {
            env: job.env,
            stdio: ['pipe', 'ignore', 'pipe'],
          });
          let stderr = '';
          child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
          child.on('close', (code) => done({ code, stderr }));
          child.stdin.end(job.stdin);
        }),
    ),
  );
}
