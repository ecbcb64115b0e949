// A memory's intent end to end: what the assistant said before a call, the todo or task in progress
// and a failed command's description, read from a transcript written in the documented shapes
// (transcript-format.md §3–§6: one assistant line per block, TodoWrite's input and the `todos`
// envelope field of 2.0.55+, TaskCreate's `{task: {id, subject}}` result and TaskUpdate's input),
// through the real `memory import` and the real Stop hook; then found and shown by search.
import { expectDocSample, terminal } from '../doc-samples.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../lib/db/open.js';
import {
  bashResponse,
  openForRead,
  postToolUse,
  postToolUseFailure,
  runCli,
  runHook,
  sandbox,
  type Sandbox,
} from '../helpers.js';
import { conversation, type Step } from '../transcript-helpers.js';

const SESSION = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const SECRET = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
const RECENT = { CLAUDE_MEMORY_NOW: '2026-04-20T00:00:00Z', CLAUDE_MEMORY_RETENTION_DAYS: '3650' };
const LONG =
  'Now I will update the configuration so that ' + 'the retry budget covers slow mirrors and '.repeat(8) + 'done.';

const IDS = {
  clear: 'toolu_01IntentClearCache00001',
  deploy: 'toolu_01IntentDeploy0000001',
  config: 'toolu_01IntentConfig0000001',
  docs: 'toolu_01IntentDocs000000001',
};

function steps(cwd: string): Step[] {
  const todo = (status: string) => [{ content: '빌드 캐시 정리', status, activeForm: '빌드 캐시 정리 중' }];
  return [
    { prompt: '화면이 이상해', at: '2026-04-10T10:00:00.000Z' },
    { say: '빌드 로그를 봤습니다. 캐시를 지우고 다시 빌드하겠습니다.', at: '2026-04-10T10:00:01.000Z' },
    {
      call: {
        id: 'toolu_01IntentTodoWrite0001',
        name: 'TodoWrite',
        input: { todos: todo('in_progress') },
        content: 'Todos have been modified successfully.',
        toolUseResult: { oldTodos: [], newTodos: todo('in_progress') },
        at: '2026-04-10T10:00:02.000Z',
      },
      todos: todo('in_progress'),
    },
    {
      call: {
        id: IDS.clear,
        name: 'Bash',
        input: { command: 'rm -rf .next/cache', description: 'Clear the Next.js build cache' },
        content: '',
        isError: false,
        toolUseResult: bashResponse(),
        at: '2026-04-10T10:00:03.000Z',
      },
      // The todo was done after this call: what the next call was for is no longer it.
      todos: todo('completed'),
    },
    {
      say: `The deploy needs the publish token ${SECRET} set first <private>the staging host is db7.internal</private>. I'll run the deploy script now.`,
      at: '2026-04-10T10:00:04.000Z',
    },
    {
      call: {
        id: IDS.deploy,
        name: 'Bash',
        input: { command: 'npm run deploy', description: 'Deploy with the publish token' },
        content: 'Exit code 1\nError: missing DEPLOY_TOKEN',
        isError: true,
        toolUseResult: 'Error: Exit code 1\nError: missing DEPLOY_TOKEN',
        at: '2026-04-10T10:00:05.000Z',
      },
    },
    {
      call: {
        id: 'toolu_01IntentTaskCreate001',
        name: 'TaskCreate',
        input: { subject: 'Raise the retry budget', description: 'config.ts', activeForm: 'Raising the retry budget' },
        content: 'Task #1 created successfully: Raise the retry budget',
        toolUseResult: { task: { id: '1', subject: 'Raise the retry budget' } },
        at: '2026-04-10T10:00:06.000Z',
      },
    },
    {
      call: {
        id: 'toolu_01IntentTaskUpdate001',
        name: 'TaskUpdate',
        input: { taskId: '1', status: 'in_progress' },
        content: 'Updated task #1 status',
        toolUseResult: { success: true, taskId: '1', updatedFields: ['status'] },
        at: '2026-04-10T10:00:07.000Z',
      },
    },
    { say: LONG, at: '2026-04-10T10:00:08.000Z' },
    {
      call: {
        id: IDS.config,
        name: 'Edit',
        input: { file_path: `${cwd}/src/config.ts`, old_string: 'retries: 2', new_string: 'retries: 5' },
        content: `The file ${cwd}/src/config.ts has been updated successfully.`,
        at: '2026-04-10T10:00:09.000Z',
      },
    },
    {
      call: {
        id: 'toolu_01IntentTaskUpdate002',
        name: 'TaskUpdate',
        input: { taskId: '1', status: 'completed' },
        content: 'Updated task #1 status',
        toolUseResult: { success: true, taskId: '1', updatedFields: ['status'] },
        at: '2026-04-10T10:00:10.000Z',
      },
    },
    { prompt: '문서도 정리해줘', at: '2026-04-10T10:01:00.000Z' },
    {
      call: {
        id: IDS.docs,
        name: 'Write',
        input: { file_path: `${cwd}/docs/build.md`, content: '# 빌드 순서\n\n1. 의존성 설치\n' },
        content: `File created successfully at: ${cwd}/docs/build.md`,
        at: '2026-04-10T10:01:01.000Z',
      },
    },
  ];
}

const EXPECTED = {
  clear: '빌드 로그를 봤습니다. 캐시를 지우고 다시 빌드하겠습니다. · 빌드 캐시 정리',
  deploy:
    "The deploy needs the publish token [REDACTED] set first [private]. I'll run the deploy script now. · Deploy with the publish token",
  config: `${LONG.slice(0, 159)}… · Raise the retry budget`,
  docs: null,
};

function writeSession(box: Sandbox, cwd: string): string {
  const dir = join(box.home, '.claude', 'projects', cwd.replace(/[^A-Za-z0-9]/g, '-'));
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${SESSION}.jsonl`);
  writeFileSync(path, conversation({ sessionId: SESSION, cwd }, steps(cwd)));
  return path;
}

function intents(box: Sandbox): Record<string, string | null | undefined> {
  const rows = openForRead(box.dbPath).prepare('SELECT tool_use_id AS id, intent FROM memories').all() as Array<{
    id: string;
    intent: string | null;
  }>;
  const byId = new Map(rows.map((row) => [row.id, row.intent]));
  return Object.fromEntries(
    Object.entries(IDS).map(([name, id]) => [name, byId.has(id) ? byId.get(id) : 'not stored']),
  );
}

async function cli(box: Sandbox, args: readonly string[]) {
  const result = await runCli(args, { env: { ...box.env, ...RECENT } });
  expect(result).toMatchObject({ code: 0, stderr: '' });
  return result.stdout;
}

describe('intent read by memory import', () => {
  it('stores the narration, the todo or task in progress and a failed call’s description, redacted and bounded', async () => {
    const box = sandbox();
    const path = writeSession(box, '/home/dev/shop');
    await cli(box, ['import', path]);
    const stored = intents(box);
    expect(stored).toEqual(EXPECTED);
    expect(JSON.stringify(stored)).not.toContain(SECRET);
    expect(JSON.stringify(stored)).not.toContain('db7.internal');
    expect((stored['config'] ?? '').length).toBeLessThanOrEqual(320);
  });

  it('fills the intent of rows stored before it existed with --refresh', async () => {
    const box = sandbox();
    const path = writeSession(box, '/home/dev/shop');
    await cli(box, ['import', path]);
    // As a database of before intent holds its rows (the index functions are the store's own).
    const writer = openDb(box.dbPath, { create: false });
    writer?.prepare('UPDATE memories SET intent = NULL').run();
    writer?.close();
    const summary = JSON.parse(await cli(box, ['import', '--refresh', '--json', path])) as Record<string, number>;
    expect(summary).toMatchObject({ refreshed: 3, unchanged: 1 });
    expect(intents(box)).toEqual(EXPECTED);
  });
});

describe('intent completed by the Stop hook', () => {
  it('adds the transcript’s intent to the rows the live hook stored, and stores the calls it missed with theirs', async () => {
    const box = sandbox(RECENT);
    const cwd = box.project;
    const path = writeSession(box, cwd);
    const live = { session_id: SESSION, transcript_path: path, cwd };
    // The live hooks saw two of the calls: their payloads carry the input, not the words around it.
    const clear = postToolUse(
      box,
      'Bash',
      { command: 'rm -rf .next/cache', description: 'Clear the Next.js build cache' },
      bashResponse(),
      { ...live, tool_use_id: IDS.clear },
    );
    const deploy = postToolUseFailure(
      box,
      'Bash',
      { command: 'npm run deploy', description: 'Deploy with the publish token' },
      'Exit code 1\nError: missing DEPLOY_TOKEN',
      { ...live, tool_use_id: IDS.deploy },
    );
    for (const payload of [clear, deploy])
      expect(await runHook('post-tool-use', payload, { env: box.env })).toMatchObject({ code: 0, stderr: '' });
    expect(intents(box)).toMatchObject({ clear: null, deploy: 'Deploy with the publish token' });

    const stop = { ...live, hook_event_name: 'Stop', stop_hook_active: false, permission_mode: 'default' };
    expect(await runHook('stop', stop, { env: box.env })).toMatchObject({ code: 0, stderr: '', stdout: '' });
    expect(intents(box)).toEqual(EXPECTED);
  });
});

describe('intent in search', () => {
  it('finds a row by a word only its intent holds, below a row holding the word itself, with a why: line', async () => {
    const box = sandbox();
    await cli(box, ['import', writeSession(box, '/home/dev/shop')]);
    const found = JSON.parse(await cli(box, ['search', '빌드', '--json'])) as Array<{ tool_use_id: string }>;
    expect(found.map((row) => row.tool_use_id)).toEqual([IDS.docs, IDS.clear]);
    const text = await cli(box, ['search', '빌드']);
    expectDocSample(
      'search-why',
      terminal([['memory search 빌드', { code: 0, signal: null, stdout: text, stderr: '' }]]),
    );
    expect(text).toContain('    why: 빌드 로그를 봤습니다. 캐시를 지우고 다시 빌드하겠습니다. · 빌드 캐시 정리\n');
  });

  it('shows the intent whole in memory show', async () => {
    const box = sandbox();
    await cli(box, ['import', writeSession(box, '/home/dev/shop')]);
    const [row] = JSON.parse(await cli(box, ['search', 'deploy', '--json'])) as Array<{ id: number }>;
    const shown = await cli(box, ['show', String(row?.id), '--context', '0']);
    expect(shown).toContain(`\n    why: ${EXPECTED.deploy}\n`);
  });
});
