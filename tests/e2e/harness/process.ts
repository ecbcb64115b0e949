// Runs a client to its end and cleans up after it: every process of a run carries a marker variable
// (the client, its hooks, its shell commands, whatever they leave in the background), so the run waits
// for them to settle and then kills what is left. Finding them reads /proc: Linux only; elsewhere the
// client's process group is all that is waited for.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';

const MARK = 'MEMORY_E2E_RUN';
const HAVE_PROC = existsSync('/proc/self/environ');

export interface Finished {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  readonly durationMs: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly leftover: readonly string[];
}

function marked(id: string): { pid: number; cmdline: string }[] {
  if (!HAVE_PROC) return [];
  const needle = `${MARK}=${id}`;
  const found: { pid: number; cmdline: string }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${name}/environ`, 'latin1').split('\0').includes(needle)) continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      if (cmdline) found.push({ pid: Number(name), cmdline }); // an empty command line is a zombie
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function killAll(pgid: number, id: string, signal: NodeJS.Signals): void {
  const attempt = (pid: number) => {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  };
  attempt(-pgid);
  for (const { pid } of marked(id)) attempt(pid);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `exe args` in `cwd` with exactly `env` (plus the marker), stdin closed; output kept in files too. */
export async function runToEnd(
  exe: string,
  args: readonly string[],
  options: {
    cwd: string;
    env: Record<string, string>;
    stdoutFile: string;
    stderrFile: string;
    timeoutMs: number;
    settleMs: number;
  },
): Promise<Finished> {
  const id = `${process.pid}-${Date.now()}`;
  const started = Date.now();
  const child = spawn(exe, args, {
    cwd: options.cwd,
    env: { ...options.env, [MARK]: id },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const outFile = createWriteStream(options.stdoutFile);
  const errFile = createWriteStream(options.stderrFile);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    outFile.write(chunk);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    errFile.write(chunk);
  });
  const closed = Promise.all([
    new Promise((r) => child.stdout.once('close', r)),
    new Promise((r) => child.stderr.once('close', r)),
  ]);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    if (child.pid) killAll(child.pid, id, 'SIGTERM');
    setTimeout(() => child.pid && killAll(child.pid, id, 'SIGKILL'), 3000).unref();
  }, options.timeoutMs);
  const [exitCode, signal] = await new Promise<[number | null, string | null]>((resolve) => {
    child.once('error', (error) => {
      stderr += `\ncannot start ${exe}: ${error.message}\n`;
      resolve([127, null]);
    });
    child.once('exit', (code, sig) => resolve([code, sig]));
  });
  clearTimeout(timer);
  const durationMs = Date.now() - started;
  let leftover: string[] = [];
  if (child.pid) {
    const pgid = child.pid;
    const deadline = Date.now() + options.settleMs;
    while ((groupAlive(pgid) || marked(id).length > 0) && Date.now() < deadline) await sleep(100);
    leftover = marked(id).map((p) => `${p.pid} ${p.cmdline.slice(0, 200)}`);
    killAll(pgid, id, 'SIGKILL');
  }
  await Promise.race([closed, sleep(2000)]); // a process outside the group may still hold the pipes
  await Promise.all([new Promise((r) => outFile.end(r)), new Promise((r) => errFile.end(r))]);
  return { exitCode, signal, timedOut, durationMs, stdout, stderr, leftover };
}
