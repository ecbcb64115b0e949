// A memory forgotten under a build that kept no tombstones (commit 65cb1e4, schema v7) left no trace:
// after the upgrade, import and Stop's catch-up must not bring it back from its session's transcript.
// The fixture is that build's own database after its own `memory forget 2 --yes`
// (tests/fixtures/databases/README.md); the transcript is the same session as Claude Code wrote it.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allMemories,
  bashResponse,
  openForRead,
  postToolUse,
  ROOT,
  runCli,
  runHook,
  sandbox,
  type Sandbox,
} from '../helpers.js';
import { transcript, type Call } from '../transcript-helpers.js';

const FORGOT = join(ROOT, 'tests', 'fixtures', 'databases', 'v7-65cb1e4-forgot.db');
const WITH_TOMBSTONES = join(ROOT, 'tests', 'fixtures', 'databases', 'v9-4c41184.db');
const SESSION = 'a1b2c3d4-0000-4000-8000-000000000001';
const PROJECT = '/home/dev/greeter';
// The call the old build forgot: the failing test run (memory #2).
const FORGOTTEN_CALL = 'toolu_01OldBuild000000000002';

const call = (
  n: number,
  name: string,
  input: Record<string, unknown>,
  content: string,
  at: string,
  isError?: boolean,
): Call => ({
  id: `toolu_01OldBuild${String(n).padStart(12, '0')}`,
  name,
  input,
  content,
  at,
  ...(isError === undefined ? {} : { isError }),
});

// The first session of the fixture (tests/fixtures/databases/write.mjs), as its transcript holds it.
const CALLS: readonly Call[] = [
  call(
    1,
    'Write',
    { file_path: `${PROJECT}/src/greet.js`, content: 'exports.greet = (n) => `Hi ${n}`;\n' },
    'File created',
    '2026-11-20T10:01:00.000Z',
  ),
  call(
    2,
    'Bash',
    { command: 'npx jest greet.test.js' },
    'Exit code 1\nFAIL ./greet.test.js\n  ● greet › says hello\n    Expected: "Hello Ada"\n    Received: "Hi Ada"',
    '2026-11-20T10:02:00.000Z',
    true,
  ),
  call(
    3,
    'Edit',
    { file_path: `${PROJECT}/src/greet.js`, old_string: 'Hi', new_string: 'Hello' },
    'File edited',
    '2026-11-20T10:03:00.000Z',
  ),
  call(4, 'Bash', { command: 'npx jest greet.test.js' }, 'PASS ./greet.test.js', '2026-11-20T10:04:00.000Z'),
  call(
    5,
    'Bash',
    { command: 'git commit -am "Add greet()"' },
    '[main 1a2b3c4] Add greet()',
    '2026-11-20T10:05:00.000Z',
  ),
];

function upgraded(fixture: string): { box: Sandbox; transcriptPath: string } {
  const box = sandbox();
  mkdirSync(dirname(box.dbPath), { recursive: true });
  copyFileSync(fixture, box.dbPath);
  const transcriptPath = join(box.home, '.claude', 'projects', '-home-dev-greeter', `${SESSION}.jsonl`);
  mkdirSync(dirname(transcriptPath), { recursive: true });
  writeFileSync(transcriptPath, transcript({ sessionId: SESSION, cwd: PROJECT, calls: CALLS }));
  return { box, transcriptPath };
}

const callIds = (box: Sandbox): string[] =>
  allMemories(box.dbPath)
    .map((memory) => memory.tool_use_id ?? '')
    .sort();

describe('a memory forgotten before tombstones existed', () => {
  it('is not brought back by import after the upgrade; --include-held asks for it', async () => {
    const { box } = upgraded(FORGOT);
    const imported = await runCli(['import', '--json'], { env: box.env });
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ toolCalls: 5, added: 0, duplicates: 4, held: 1 });
    expect(callIds(box)).not.toContain(FORGOTTEN_CALL);
    expect(callIds(box)).toHaveLength(5);

    // What the person reads: the held call is named, with the flag that adds it.
    const again = await runCli(['import'], { env: box.env });
    expect(again.stdout).toMatch(
      /held\s+1 skipped \(of sessions stored before the upgrade: perhaps forgotten then; --include-held adds them\)/,
    );

    const asked = await runCli(['import', '--include-held', '--json'], { env: box.env });
    expect(JSON.parse(asked.stdout)).toMatchObject({ added: 1, held: 0 });
    expect(callIds(box)).toContain(FORGOTTEN_CALL);
  });

  it("is not brought back by the Stop hook's catch-up of a resumed session, which still stores what it does now", async () => {
    const { box, transcriptPath } = upgraded(FORGOT);
    // The session resumed under the new build: a new call, then Stop reads the whole transcript.
    const now = await runHook(
      'post-tool-use',
      postToolUse(box, 'Bash', { command: 'npm install left-pad' }, bashResponse('added 1 package'), {
        session_id: SESSION,
        cwd: PROJECT,
        transcript_path: transcriptPath,
      }),
      { env: box.env },
    );
    expect(now.code, now.stderr).toBe(0);
    const stop = await runHook(
      'stop',
      {
        session_id: SESSION,
        cwd: PROJECT,
        hook_event_name: 'Stop',
        stop_hook_active: false,
        transcript_path: transcriptPath,
      },
      { env: box.env },
    );
    expect(stop.code, stop.stderr).toBe(0);
    const contents = allMemories(box.dbPath).map((memory) => memory.content);
    expect(
      contents.some((content) => content.startsWith('npm install left-pad')),
      contents.join(' | '),
    ).toBe(true);
    expect(callIds(box)).not.toContain(FORGOTTEN_CALL);
  });

  it('leaves nothing held in a database that had tombstones or was made new', async () => {
    const { box } = upgraded(WITH_TOMBSTONES);
    const imported = await runCli(['import', '--json'], { env: box.env });
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ held: 0 });
    const fresh = sandbox();
    await runHook('post-tool-use', postToolUse(fresh, 'Bash', { command: 'npm test' }, bashResponse('ok')), {
      env: fresh.env,
    });
    for (const dbPath of [box.dbPath, fresh.dbPath]) {
      const db = openForRead(dbPath);
      expect(db.prepare('SELECT count(*) FROM held_sessions').pluck().get(), dbPath).toBe(0);
      db.close();
    }
  });
});
