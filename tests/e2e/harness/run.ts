// One scripted session of a real client against its local mock, in the HOME and working directory given:
// starts the mock, runs the client headless to its end (and the processes it left, up to --settle), stops
// the mock, and prints a JSON summary; the raw files (every request the mock got, the client's output) are
// kept in --out. Exit code: the client's, 124 on timeout, 2 for a usage error.
import { mkdirSync, mkdtempSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prepare, startMockFor, type RunOptions } from './clients.js';
import { reviewCodexHooks } from './codex-trust.js';
import { CLIENTS, type Client } from './install.js';
import { loadScenario, ScenarioError } from './scenario.js';
import { runToEnd } from './process.js';
import { summariseAgent, writtenSince } from './summary-agents.js';
import { summariseClaude } from './summary-claude.js';

const USAGE = `usage: node dist/tests/e2e/harness/run.js --client claude|codex|gemini|opencode --exe PATH --home DIR --prompt TEXT [options]
  --cwd DIR            the session's working directory (default: this one)
  --scenario FILE      the model's scripted turns (default: none; it answers "Done.")
  --out DIR            where requests.jsonl, stdout, stderr and summary.json are kept (default: a temp dir)
  --resume ID          continue a session (codex, opencode: an id or "last"; gemini: an id or "latest")
  --var NAME=VALUE     a value for {{NAME}} in the scenario (cwd and home are set)
  --env NAME=VALUE     more environment for the client
  --arg ARG            passed to the client as it is
  --timeout SEC        kill the session after SEC seconds (default 120)
  --settle SEC         wait up to SEC seconds for processes the client left running (default 10)
  --hook-trust MODE    codex: bypass (default), keep (only hooks config.toml trusts run), or review (trust
                       every hook Codex lists first, as its "Hooks need review" screen does, then keep)
  --permissions MODE   claude: allow (default: --allowedTools with the scenario's tools), bypass, none
  --allowed-tools LIST claude: more tools for --allowedTools
  --model NAME         the model name the client sends`;

/** The environment a client gets from ours; the rest is what the harness sets. */
const PASSED_ENV = [
  'PATH',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'TERM',
  'TZ',
  'TMPDIR',
  'USER',
  'LOGNAME',
  'SHELL',
];

class UsageError extends Error {}

interface Parsed extends RunOptions {
  readonly exe: string;
  readonly scenario: string | null;
  readonly vars: Record<string, string>;
  readonly env: Record<string, string>;
  readonly timeoutMs: number;
  readonly settleMs: number;
}

function directory(path: string, flag: string): string {
  try {
    if (statSync(path).isDirectory()) return realpathSync(path);
  } catch {
    // said below
  }
  throw new UsageError(`${flag} ${path}: no such directory`);
}

function parse(argv: readonly string[]): Parsed {
  const values = new Map<string, string>();
  const vars: Record<string, string> = {};
  const env: Record<string, string> = {};
  const args: string[] = [];
  const tools: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] as string;
    if (flag === '-h' || flag === '--help') throw new UsageError('');
    const value = argv[++i];
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    const pair = () => {
      const at = value.indexOf('=');
      if (at < 1) throw new UsageError(`${flag} takes NAME=VALUE`);
      return [value.slice(0, at), value.slice(at + 1)] as const;
    };
    if (flag === '--var') vars[pair()[0]] = pair()[1];
    else if (flag === '--env') env[pair()[0]] = pair()[1];
    else if (flag === '--arg') args.push(value);
    else if (flag === '--allowed-tools')
      tools.push(
        ...value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
    else if (
      [
        '--client',
        '--exe',
        '--home',
        '--cwd',
        '--scenario',
        '--prompt',
        '--out',
        '--resume',
        '--timeout',
        '--settle',
        '--hook-trust',
        '--permissions',
        '--model',
      ].includes(flag)
    )
      values.set(flag.slice(2), value);
    else throw new UsageError(`unknown option ${flag}`);
  }
  const client = values.get('client') as Client;
  if (!CLIENTS.includes(client)) throw new UsageError('--client is claude, codex, gemini or opencode');
  const exe = values.get('exe');
  if (!exe) throw new UsageError('--exe PATH is required (what install.js printed)');
  const home = directory(values.get('home') ?? '', '--home');
  const scenario = values.get('scenario') ?? null;
  const prompt = values.get('prompt') ?? (scenario ? loadScenario(resolve(scenario)).prompt : null);
  if (prompt === null) throw new UsageError('--prompt TEXT is required');
  if (client === 'claude' && prompt.startsWith('-'))
    throw new UsageError('claude would read a prompt starting with "-" as an option');
  const hookTrust = values.get('hook-trust') ?? 'bypass';
  const permissions = values.get('permissions') ?? 'allow';
  if (hookTrust !== 'bypass' && hookTrust !== 'keep' && hookTrust !== 'review')
    throw new UsageError('--hook-trust is bypass, keep or review');
  if (permissions !== 'allow' && permissions !== 'bypass' && permissions !== 'none')
    throw new UsageError('--permissions is allow, bypass or none');
  const seconds = (name: string, fallback: number) => {
    const n = Number(values.get(name) ?? fallback);
    if (!(n >= 0)) throw new UsageError(`--${name} takes a number of seconds`);
    return n * 1000;
  };
  const out = resolve(values.get('out') ?? mkdtempSync(join(tmpdir(), `${client}-e2e-`)));
  mkdirSync(out, { recursive: true });
  return {
    client,
    exe: resolve(exe),
    home,
    cwd: directory(values.get('cwd') ?? process.cwd(), '--cwd'),
    scenario: scenario ? resolve(scenario) : null,
    prompt,
    out,
    resume: values.get('resume') ?? null,
    hookTrust,
    permissions,
    allowedTools: tools,
    model: values.get('model') ?? null,
    args,
    vars,
    env,
    timeoutMs: seconds('timeout', 120),
    settleMs: seconds('settle', 10),
  };
}

/** Where each client keeps its session files, and how they are named. */
function sessionFiles(o: Parsed, since: number): string[] {
  if (o.client === 'codex') return writtenSince(join(o.home, '.codex', 'sessions'), since, /rollout-.*\.jsonl$/);
  if (o.client === 'gemini') return writtenSince(join(o.home, '.gemini', 'tmp'), since, /\/chats\/session-.*\.jsonl?$/);
  if (o.client === 'opencode') return writtenSince(join(o.home, '.local', 'share', 'opencode'), since, /\.db$/);
  return writtenSince(join(o.home, '.claude', 'projects'), since, /\.jsonl$/);
}

export async function runSession(o: Parsed): Promise<{ summary: Record<string, unknown>; code: number }> {
  let scenario;
  try {
    scenario = loadScenario(o.scenario);
  } catch (error) {
    throw new UsageError(`--scenario ${o.scenario}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const files = {
    requests: join(o.out, 'requests.jsonl'),
    stdout: join(o.out, 'stdout.jsonl'),
    stderr: join(o.out, 'stderr.txt'),
    summary: join(o.out, 'summary.json'),
  };
  const mock = await startMockFor(o.client, scenario, { cwd: o.cwd, home: o.home, ...o.vars }, files.requests);
  const env: Record<string, string> = {};
  for (const name of PASSED_ENV) if (process.env[name] !== undefined) env[name] = process.env[name];
  env['SHELL'] ??= '/bin/bash';
  const prepared = prepare(o, o.exe, scenario, mock);
  Object.assign(env, { HOME: o.home }, prepared.env, o.env);
  const trusted =
    o.client === 'codex' && o.hookTrust === 'review' ? await reviewCodexHooks(o.exe, o.home, o.cwd) : null;
  const since = Date.now() - 1000;
  let finished;
  try {
    finished = await runToEnd(o.exe, prepared.args, {
      cwd: o.cwd,
      env,
      stdoutFile: files.stdout,
      stderrFile: files.stderr,
      timeoutMs: o.timeoutMs,
      settleMs: o.settleMs,
    });
  } finally {
    await mock.close();
  }
  const read =
    o.client === 'claude'
      ? summariseClaude(finished.stdout, mock.requests)
      : summariseAgent(o.client, finished.stdout, finished.stderr, mock.requests);
  const summary = {
    client: o.client,
    exe: o.exe,
    exitCode: finished.exitCode,
    signal: finished.signal,
    timedOut: finished.timedOut,
    durationMs: finished.durationMs,
    ...(finished.leftover.length > 0 ? { leftoverProcessesKilled: finished.leftover } : {}),
    cwd: o.cwd,
    home: o.home,
    command: [o.client, ...prepared.args],
    configChanged: prepared.configChanged,
    ...(trusted !== null ? { hooksTrusted: trusted } : {}),
    ...read,
    sessionFiles: sessionFiles(o, since),
    ...(finished.stderr.trim() ? { stderr: finished.stderr.trim().slice(-4000) } : {}),
    files,
  };
  writeFileSync(files.summary, `${JSON.stringify(summary, null, 2)}\n`);
  return { summary, code: finished.timedOut ? 124 : (finished.exitCode ?? 1) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const { summary, code } = await runSession(parse(process.argv.slice(2)));
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    process.exitCode = code;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ScenarioError) {
      process.stderr.write(error.message ? `run.js: ${error.message}\n${USAGE}\n` : `${USAGE}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`run.js: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    }
  }
}
