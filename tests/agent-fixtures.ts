// The payloads Codex CLI and Gemini CLI really sent to a probe hook (tests/fixtures/agents/README.md),
// moved into a test's sandbox: the probe's project folder becomes the sandbox's project, and a Codex
// payload's rollout a copy of the recorded one.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { allMemories, ROOT, runCli, runNode, RUNTIME, type HookName, type RunResult, type Sandbox } from './helpers.js';

export type RecordedAgent = 'codex' | 'gemini' | 'cursor' | 'opencode';
/** The agents with a recorded release (a version folder) as well. */
export type ReleasedAgent = 'codex' | 'gemini';

/** Where the probe ran: its project, and its HOME (whose rollouts and chats the payloads name). */
const PROBE_PROJECT = '/tmp/agents-probe/proj';

export const AGENT_FIXTURES = join(ROOT, 'tests', 'fixtures', 'agents');

/** A recorded payload, its paths moved into `box` (and `transcript_path`, when given, to `rollout`). */
export function recorded(agent: RecordedAgent, name: string, box: Sandbox, rollout?: string): Record<string, unknown> {
  const text = readFileSync(join(AGENT_FIXTURES, agent, `${name}.json`), 'utf8');
  const payload = JSON.parse(text.split(PROBE_PROJECT).join(box.project)) as Record<string, unknown>;
  return rollout === undefined ? payload : { ...payload, transcript_path: rollout };
}

/** A copy of a recorded rollout (or chat) in the sandbox, with the probe's project paths moved there. */
export function recordedFile(agent: RecordedAgent, name: string, box: Sandbox, to: string): string {
  const text = readFileSync(join(AGENT_FIXTURES, agent, name), 'utf8');
  const target = join(box.home, to);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text.split(PROBE_PROJECT).join(box.project));
  return target;
}

/** Runs the built hook `name` as `agent` runs it: the agent's name is its argument. */
export function runAgentHook(
  name: HookName,
  agent: RecordedAgent,
  stdin: unknown,
  box: Sandbox,
  env: Record<string, string> = {},
): Promise<RunResult> {
  return runNode(join(RUNTIME, 'dist', 'hooks', `${name}.js`), [agent], {
    env: { ...box.env, ...env },
    stdin,
    cwd: box.project,
  });
}

/** The recorded releases (tests/fixtures/agents/recorded.md): their HOME was /home/dev, their project /home/dev/greeter. */
export const RELEASES = { codex: 'codex/0.171.0', gemini: 'gemini/0.61.0' } as const;
const RELEASE_HOME = '/home/dev';

/** A recorded release's file as text, its HOME and project moved into `box`. */
export function releaseText(agent: ReleasedAgent, name: string, box: Sandbox): string {
  const text = readFileSync(join(AGENT_FIXTURES, RELEASES[agent], name), 'utf8');
  return text.split(`${RELEASE_HOME}/greeter`).join(box.project).split(RELEASE_HOME).join(box.home);
}

/** A recorded release's payload, moved into `box`. */
export function releasePayload(agent: ReleasedAgent, name: string, box: Sandbox): Record<string, unknown> {
  return JSON.parse(releaseText(agent, `${name}.json`, box)) as Record<string, unknown>;
}

/**
 * A recorded release's session file where the client keeps it in `box`'s HOME, under the name the
 * payloads give it (`transcript_path`); for Gemini also the `.project_root` its project registry writes.
 */
export function placeSessionFile(agent: ReleasedAgent, name: string, box: Sandbox): string {
  const start = releasePayload(agent, 'session-start', box);
  const target = String(start['transcript_path']);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, releaseText(agent, name, box));
  if (agent === 'gemini') writeFileSync(join(dirname(dirname(target)), '.project_root'), box.project);
  return target;
}

/** `memory import --json ARGS` in the sandbox at the clock `env` sets; it must exit 0 with nothing on stderr. */
export async function importAsJson(
  box: Sandbox,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<Record<string, unknown>> {
  const result = await runCli(['import', '--json', ...args], { env: { ...box.env, ...env } });
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

/** The stored memories, reduced to what an agent's import must get right. */
export const stored = (box: Sandbox) =>
  allMemories(box.dbPath).map((row) => {
    const { type, content, exit_code, tool_use_id, project } = row;
    return { type, content, exit_code, tool_use_id, project, agent: (row as unknown as { agent: string }).agent };
  });

/** The rows `sql` reads from the sandbox's database, through a read-only connection. */
export function table<T>(box: Sandbox, sql: string): T[] {
  const db = new Database(box.dbPath, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}
