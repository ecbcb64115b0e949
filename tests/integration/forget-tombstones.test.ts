// Forgotten stays forgotten: `memory forget` leaves a tombstone (the call's tool_use_id, a digest of its
// session and text) that `memory import` and the Stop hook's transcript catch-up both honour; it can be
// listed and undone; and a summary rebuilt after a forget keeps what the session was asked and where it
// stopped. Transcripts in the 2.1.x line shape (tests/transcript-helpers.ts), the real CLI and hooks.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allMemories,
  bashResponse,
  openForRead,
  postToolUse,
  runCli,
  runHook,
  sandbox,
  type Sandbox,
} from '../helpers.js';
import { transcript, type Call } from '../transcript-helpers.js';
import { expectDocSample, terminal } from '../doc-samples.js';

const SESSION = '7d1e2f30-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const AT = '2026-04-14T10:00:00.000Z';
const NOW = '2026-04-14T12:00:00.000Z';

const bash = (id: string, command: string, output: string, seconds: number): Call => ({
  id,
  name: 'Bash',
  input: { command, description: command },
  content: output,
  isError: false,
  toolUseResult: { stdout: output, stderr: '', interrupted: false, isImage: false },
  at: new Date(Date.parse(AT) + seconds * 1000).toISOString(),
});

const BUILD = bash('toolu_01TombBuild000000000001', 'npm run build', 'built in 2.1s', 10);
const DEPLOY = bash(
  'toolu_01TombDeploy00000000002',
  'npm run deploy -- --config yaml_missing_module.yml',
  'deployed',
  20,
);
const LINT = bash('toolu_01TombLint0000000000003', 'npm run lint', '0 problems', 30);

/** The session's transcript: the user's request, then the three calls. */
function writeSession(box: Sandbox, calls: readonly Call[] = [BUILD, DEPLOY, LINT]): string {
  // Where Claude Code keeps it: what `memory forget --undo` restores from.
  const dir = join(box.home, '.claude', 'projects', '-work-my-app');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${SESSION}.jsonl`);
  const prompt = JSON.stringify({
    type: 'user',
    message: { role: 'user', content: 'deploy the app to staging' },
    uuid: '00000000-0000-4000-8000-00000000aaaa',
    timestamp: AT,
    cwd: box.project,
    sessionId: SESSION,
    version: '2.1.114',
  });
  writeFileSync(path, `${prompt}\n${transcript({ sessionId: SESSION, cwd: box.project, calls })}`);
  return path;
}

const env = (box: Sandbox): Record<string, string> => ({ ...box.env, CLAUDE_MEMORY_NOW: NOW, TZ: 'UTC' });
const cli = (box: Sandbox, args: readonly string[]) => runCli(args, { env: env(box), cwd: box.project });

async function importJson(box: Sandbox, path: string): Promise<Record<string, unknown>> {
  const result = await cli(box, ['import', path, '--json']);
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

const contents = (box: Sandbox): string[] => allMemories(box.dbPath).map((row) => row.content);

describe('forgotten stays forgotten', () => {
  it('memory import does not bring back a forgotten memory; --undo with its id restores it', async () => {
    const box = sandbox();
    const path = writeSession(box);
    expect(await importJson(box, path)).toMatchObject({ added: 3, forgotten: 0 });

    const forget = await cli(box, ['forget', '--match', 'yaml_missing_module', '--yes']);
    expect(forget).toMatchObject({ code: 0, stderr: '' });
    expect(forget.stdout).toMatch(/^Forgot 1 memory\./);

    const again = await cli(box, ['import', path]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      '  forgotten  1 skipped (memory forget deleted them: memory forget --list-tombstones)\n',
    );
    expect(contents(box).join('\n')).not.toContain('yaml_missing_module');
    expect(await importJson(box, path)).toMatchObject({ added: 0, forgotten: 1 });

    const list = await cli(box, ['forget', '--list-tombstones']);
    expect(list.code).toBe(0);
    expect(list.stdout).toBe(
      [
        '1 forgotten memory kept out of import and transcript catch-up (their text is not kept):',
        `  #2  forgotten less than an hour ago: command by Bash, my-app, session ${SESSION}, from 2026-04-14 10:00`,
        "Restore one with memory forget --undo <#>, from its session's transcript while Claude Code keeps it.",
        '',
      ].join('\n'),
    );
    const listed = JSON.parse((await cli(box, ['forget', '--list-tombstones', '--json'])).stdout) as unknown[];
    expect(listed).toEqual([expect.objectContaining({ memoryId: 2, toolUseId: DEPLOY.id, sessionId: SESSION })]);
    expect(JSON.stringify(listed)).not.toContain('yaml_missing_module');

    // The tombstone's own number is not a memory id: nothing changes, and it says so.
    const unknown = await cli(box, ['forget', '--undo', '1']);
    expect(unknown).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'memory: no forgotten memory #1 (memory forget --list-tombstones lists them)\n',
    });

    const undo = await cli(box, ['forget', '--undo', '2']);
    expect(undo).toMatchObject({ code: 0, stderr: '' });
    expectDocSample(
      'forget-tombstones',
      terminal([
        ['memory forget --list-tombstones', list],
        ['memory forget --undo 2', undo],
      ]),
    );
    expect(undo.stdout).toBe("Restored #2 from its session's transcript: it is #4 now.\n");
    expect(allMemories(box.dbPath).find((row) => row.id === 4)).toMatchObject({
      tool_use_id: DEPLOY.id,
      session_id: SESSION,
    });
    expect((await cli(box, ['forget', '--list-tombstones'])).stdout).toBe(
      'No tombstones: nothing forgotten is being kept out.\n',
    );
    expect(await importJson(box, path)).toMatchObject({ added: 0, duplicates: 3, forgotten: 0 });
  }, 60_000);

  it('--undo says when a memory cannot come back: its transcript is gone', async () => {
    const box = sandbox();
    const path = writeSession(box);
    expect(await importJson(box, path)).toMatchObject({ added: 3 });
    expect((await cli(box, ['forget', '2', '--yes'])).code).toBe(0);
    rmSync(path);
    const undo = await cli(box, ['forget', '--undo', '2', '--json']);
    expect(undo).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(undo.stdout)).toEqual([{ memoryId: 2, nowId: null, transcript: false }]);
    expect((await cli(box, ['forget', '--list-tombstones', '--json'])).stdout).toBe('[]\n');
    expect(contents(box).join('\n')).not.toContain('yaml_missing_module');
  }, 60_000);

  it("the Stop hook's transcript catch-up does not store a memory forgotten before it ran", async () => {
    const box = sandbox();
    const path = writeSession(box);
    // The live hook captured the deploy; the user forgot it before the turn ended.
    const live = postToolUse(
      box,
      'Bash',
      {
        command: 'npm run deploy -- --config yaml_missing_module.yml',
        description: 'npm run deploy -- --config yaml_missing_module.yml',
      },
      bashResponse('deployed'),
      { session_id: SESSION, tool_use_id: DEPLOY.id },
    );
    expect((await runHook('post-tool-use', live, { env: env(box) })).code).toBe(0);
    expect(contents(box).join('\n')).toContain('yaml_missing_module');
    const [row] = allMemories(box.dbPath);
    expect((await cli(box, ['forget', String(row?.id), '--yes'])).stdout).toBe('Forgot 1 memory.\n');

    const stop = await runHook(
      'stop',
      {
        session_id: SESSION,
        transcript_path: path,
        cwd: box.project,
        hook_event_name: 'Stop',
        stop_hook_active: false,
        last_assistant_message: 'The build passes; the deploy needs staging.yml next.',
      },
      { env: env(box) },
    );
    expect(stop).toMatchObject({ code: 0, stderr: '' });
    expect(contents(box)).toHaveLength(2);
    expect(contents(box).join('\n')).not.toContain('yaml_missing_module');
  }, 60_000);

  it('a summary rebuilt after a forget keeps what the session was asked and where it stopped', async () => {
    const box = sandbox();
    const stop = await runHook(
      'stop',
      {
        session_id: SESSION,
        transcript_path: writeSession(box),
        cwd: box.project,
        hook_event_name: 'Stop',
        stop_hook_active: false,
        last_assistant_message: 'The build passes; the deploy needs staging.yml next.',
      },
      { env: env(box) },
    );
    expect(stop).toMatchObject({ code: 0, stderr: '' });
    const summaryOf = () =>
      openForRead(box.dbPath)
        .prepare('SELECT summary, request, outcome, memory_count AS memoryCount FROM session_summaries')
        .get() as { summary: string; request: string; outcome: string; memoryCount: number };
    const before = summaryOf();
    expect(before).toMatchObject({ request: 'deploy the app to staging', memoryCount: 3 });

    const deploy = allMemories(box.dbPath).find((row) => row.content.includes('yaml_missing_module'));
    const forget = await cli(box, ['forget', String(deploy?.id), '--yes']);
    expect(forget.stdout).toBe('Forgot 1 memory. Rebuilt 1 session summary without it.\n');
    const after = summaryOf();
    expect(after).toMatchObject({ request: before.request, outcome: before.outcome, memoryCount: 2 });
    expect(after.summary).toContain('Asked: "deploy the app to staging"');
    expect(after.summary).toContain('Stopped at: "The build passes; the deploy needs staging.yml next."');
    expect(after.summary).not.toContain('npm run deploy');
  }, 60_000);
});
