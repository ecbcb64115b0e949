// Disabled means never: a session whose hooks ran with CLAUDE_MEMORY_DISABLE=1 is kept out of the
// database for good. The hooks record its id alone (no text); memory import, import --refresh and the
// Stop hook's transcript catch-up then store nothing of it, while other sessions import as before.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bashResponse, openForRead, postToolUse, runCli, runHook, sandbox, type Sandbox } from '../helpers.js';
import { conversation } from '../transcript-helpers.js';

const OFF = 'sess-off';
const ON = 'sess-on';

function rawBytes(dbPath: string): Buffer {
  return Buffer.concat([dbPath, `${dbPath}-wal`].filter((file) => existsSync(file)).map((file) => readFileSync(file)));
}

/** A transcript of one session: a prompt and one Bash call whose words name the session. */
function writeSession(box: Sandbox, sessionId: string, word: string): string {
  const dir = join(box.home, '.claude', 'projects', '-work-app');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${sessionId}.jsonl`);
  writeFileSync(
    path,
    conversation({ sessionId, cwd: box.project }, [
      { prompt: `rename the ${word} module`, at: '2026-11-20T10:00:00.000Z' },
      {
        call: {
          id: `toolu_${word}`,
          name: 'Bash',
          input: { command: `git mv src/${word}.ts src/${word}-core.ts` },
          content: '',
          toolUseResult: { stdout: '', stderr: '', interrupted: false, isImage: false },
          at: '2026-11-20T10:00:05.000Z',
        },
      },
      { say: `Renamed the ${word} module.`, at: '2026-11-20T10:00:06.000Z' },
    ]),
  );
  return path;
}

describe('a session run with CLAUDE_MEMORY_DISABLE=1', () => {
  it('is never stored later: not by import, --refresh or the Stop hook catch-up; only its id is kept', async () => {
    const box = sandbox({ CLAUDE_MEMORY_RECALL: '0' });
    const off = writeSession(box, OFF, 'walrus');
    writeSession(box, ON, 'otter');
    const disabled = { ...box.env, CLAUDE_MEMORY_DISABLE: '1' };
    const base = { session_id: OFF, transcript_path: off, cwd: box.project };
    const quiet = { code: 0, stdout: '', stderr: '' };
    expect(
      await runHook(
        'user-prompt-submit',
        { ...base, hook_event_name: 'UserPromptSubmit', prompt: 'rename the walrus module' },
        { env: disabled },
      ),
    ).toMatchObject(quiet);
    const call = postToolUse(
      box,
      'Bash',
      { command: 'git mv src/walrus.ts src/walrus-core.ts' },
      bashResponse(''),
      base,
    );
    expect(await runHook('post-tool-use', call, { env: disabled })).toMatchObject(quiet);
    const stop = { ...base, hook_event_name: 'Stop', stop_hook_active: false };
    expect(await runHook('stop', stop, { env: disabled })).toMatchObject(quiet);

    const imported = await runCli(['import', '--json'], { env: box.env });
    expect(imported).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(imported.stdout)).toMatchObject({ added: 1, disabled: 1 });
    expect(await runCli(['import', '--refresh'], { env: box.env })).toMatchObject({ code: 0, stderr: '' });
    // The same session resumed with memory on: the Stop hook's catch-up reads its transcript, and stores none of it.
    expect(await runHook('stop', stop, { env: box.env })).toMatchObject(quiet);

    const db = openForRead(box.dbPath);
    expect(db.prepare('SELECT session_id FROM disabled_sessions').pluck().all()).toEqual([OFF]);
    for (const table of ['memories', 'prompts', 'session_summaries'])
      expect(db.prepare(`SELECT DISTINCT session_id FROM ${table}`).pluck().all(), table).toEqual([ON]);
    db.close();
    expect(rawBytes(box.dbPath).includes(Buffer.from('walrus'))).toBe(false);
    expect(rawBytes(box.dbPath).includes(Buffer.from('otter'))).toBe(true);
  }, 60_000);
});
