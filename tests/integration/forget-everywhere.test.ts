// `memory forget --match` removes the words from everywhere they are stored: the memories search finds
// (through their own text, their request or their intent), the prompts, the session summary's request,
// text and last answer, both search indexes; afterwards not one byte of the word is left in the
// database file or its WAL. Through the real hooks and the real CLI.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bashResponse, openForRead, postToolUse, runCli, runHook, sandbox, type Sandbox } from '../helpers.js';

const SESSION = 'sess-pink';

function rawBytes(dbPath: string): Buffer {
  return Buffer.concat([dbPath, `${dbPath}-wal`].filter((file) => existsSync(file)).map((file) => readFileSync(file)));
}

async function fill(box: Sandbox): Promise<void> {
  const base = { session_id: SESSION, transcript_path: join(box.home, 'none.jsonl'), cwd: box.project };
  const ok = { code: 0, stderr: '' };
  const prompt = (text: string) => ({ ...base, hook_event_name: 'UserPromptSubmit', prompt: text });
  const call = (command: string) =>
    postToolUse(box, 'Bash', { command }, bashResponse(''), {
      session_id: SESSION,
      transcript_path: base.transcript_path,
    });
  expect(
    await runHook('user-prompt-submit', prompt('paint the flamingo pink in the hero banner'), { env: box.env }),
  ).toMatchObject(ok);
  expect(await runHook('post-tool-use', call('npm run build'), { env: box.env })).toMatchObject(ok);
  expect(await runHook('user-prompt-submit', prompt('now run the unit tests'), { env: box.env })).toMatchObject(ok);
  expect(await runHook('post-tool-use', call('npm test'), { env: box.env })).toMatchObject(ok);
  const stop = {
    ...base,
    hook_event_name: 'Stop',
    stop_hook_active: false,
    last_assistant_message: 'The flamingo is pink.',
  };
  expect(await runHook('stop', stop, { env: box.env })).toMatchObject(ok);
}

async function cli(box: Sandbox, args: readonly string[]): Promise<string> {
  const result = await runCli(args, { env: box.env, cwd: box.project });
  expect(result).toMatchObject({ code: 0, stderr: '' });
  return result.stdout;
}

describe('memory forget --match', () => {
  it('selects what memory search finds, says where it is stored, and leaves no byte of the word on disk', async () => {
    const box = sandbox({ CLAUDE_MEMORY_RECALL: '0' });
    await fill(box);
    expect(rawBytes(box.dbPath).includes(Buffer.from('flamingo'))).toBe(true);
    // #2 holds no flamingo itself: search finds it through its session's summary (the last answer),
    // which forget rebuilds without the word instead of deleting #2.
    const found = JSON.parse(await cli(box, ['search', 'flamingo', '--json'])) as Array<{
      id: number;
      summarised?: string[];
    }>;
    expect(found.map((hit) => [hit.id, hit.summarised ?? []])).toEqual([
      [1, []],
      [2, ['flamingo']],
    ]);

    const dry = JSON.parse(await cli(box, ['forget', '--match', 'flamingo', '--json'])) as Record<string, unknown>;
    expect(dry).toMatchObject({
      dry_run: true,
      memories: 1,
      prompts: 1,
      ids: [1],
      session_summaries: 0,
      rebuilt_summary_session_ids: [SESSION],
    });
    const text = await cli(box, ['forget', '--match', 'flamingo']);
    expect(text).toMatch(/^Would forget 1 memory and 1 prompt:\n/);
    expect(text).toContain('1 session summary would be rebuilt without them.');

    const done = await cli(box, ['forget', '--match', 'flamingo', '--yes']);
    expect(done).toBe('Forgot 1 memory and 1 prompt. Rebuilt 1 session summary without them.\n');
    expect(await cli(box, ['search', 'flamingo'])).toBe('No memories match "flamingo".\n');

    const db = openForRead(box.dbPath);
    expect(db.prepare('SELECT content FROM memories').pluck().all()).toEqual(['npm test']);
    expect(db.prepare('SELECT text FROM prompts').pluck().all()).toEqual(['now run the unit tests']);
    const summary = db.prepare('SELECT summary, request, outcome FROM session_summaries').get();
    db.close();
    expect(JSON.stringify(summary)).not.toContain('flamingo');
    expect(JSON.stringify(summary)).toContain('npm test');
    // The word is gone from the file and its WAL: deleted cells zeroed, FTS segments merged, the WAL truncated.
    expect(rawBytes(box.dbPath).includes(Buffer.from('flamingo'))).toBe(false);
  }, 60_000);
});
