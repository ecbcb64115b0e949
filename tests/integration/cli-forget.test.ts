import { describe, expect, it } from 'vitest';
import { hoursAgo, memory, memoryCli, openForCheck, seed, summary } from '../cli-helpers.js';
import { allMemories, openForRead, sandbox, type Sandbox } from '../helpers.js';

/** Two sessions in my-app, one in api; the first holds a secret someone wants gone. */
function seeded(): Sandbox {
  const box = sandbox();
  seed(
    box,
    [
      memory({ box, content: 'export TOKEN=hunter2secret && npm run deploy', createdAt: hoursAgo(48) }),
      memory({
        box,
        toolName: 'Edit',
        type: 'file_edit',
        filePath: `${box.project}/src/auth.ts`,
        content: 'Edited auth.ts: added "JWT 인증을 추가"',
        createdAt: hoursAgo(47),
      }),
      memory({ box, sessionId: 'sess-2222', content: 'npm test', createdAt: hoursAgo(2) }),
      memory({
        box,
        sessionId: 'sess-3333',
        project: 'api',
        projectPath: '/srv/api',
        content: 'cargo build',
        createdAt: hoursAgo(1),
      }),
    ],
    [
      summary(box, { endedAt: hoursAgo(47) }),
      summary(box, { sessionId: 'sess-2222', endedAt: hoursAgo(2) }),
      summary(box, { sessionId: 'sess-3333', project: 'api', projectPath: '/srv/api', endedAt: hoursAgo(1) }),
    ],
  );
  return box;
}

const ids = (box: Sandbox): number[] => allMemories(box.dbPath).map((row) => row.id);
const summaryIds = (box: Sandbox): string[] =>
  openForRead(box.dbPath)
    .prepare('SELECT session_id FROM session_summaries ORDER BY session_id')
    .pluck()
    .all() as string[];

function expectFtsConsistent(box: Sandbox): void {
  const db = openForCheck(box.dbPath);
  for (const table of ['memory_words', 'memory_grams']) {
    expect(
      () => db.prepare(`INSERT INTO ${table} (${table}, rank) VALUES ('integrity-check', 1)`).run(),
      table,
    ).not.toThrow();
    const indexed = db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    expect(indexed, table).toBe(db.prepare('SELECT count(*) FROM memories').pluck().get());
  }
}

describe('memory forget', () => {
  it('only shows what would go without --yes', async () => {
    const box = seeded();
    const result = await memoryCli(box, ['forget', '1']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'Would forget 1 memory:',
        '',
        '#1  2d ago  my-app  Bash/command',
        '    export TOKEN=hunter2secret && npm run deploy',
        '',
        '1 session summary would be rebuilt without it.',
        'Nothing was deleted. Run the same command with --yes to delete it.',
        '',
      ].join('\n'),
    );
    expect(ids(box)).toEqual([1, 2, 3, 4]);
  });

  it('deletes by id with --yes and leaves no trace in either FTS index', async () => {
    const box = seeded();
    const result = await memoryCli(box, ['forget', '1', '3', '--yes']);
    expect([result.code, result.stdout, result.stderr]).toEqual([
      0,
      'Forgot 2 memories and 1 session summary. Rebuilt 1 session summary without them.\n',
      '',
    ]);
    expect(ids(box)).toEqual([2, 4]);
    const db = openForRead(box.dbPath);
    expect(db.prepare(`SELECT rowid FROM memory_words WHERE memory_words MATCH '"hunter2secret"'`).all()).toEqual([]);
    expect(db.prepare(`SELECT rowid FROM memory_grams WHERE memory_grams MATCH '"hunter2"'`).all()).toEqual([]);
    expectFtsConsistent(box);
    const search = await memoryCli(box, ['search', 'hunter2secret']);
    expect(search.stdout).toBe('No memories match "hunter2secret".\n');
  });

  it('removes the summary of a session left with no memories, and keeps the others', async () => {
    const box = seeded();
    await memoryCli(box, ['forget', '3', '--yes']);
    expect(summaryIds(box)).toEqual(['sess-1111', 'sess-3333']);
  });

  it('rebuilds the summary of a session that keeps other memories, without the forgotten text', async () => {
    const box = seeded();
    seed(
      box,
      [],
      [summary(box, { summary: 'Commands: export TOKEN=hunter2secret && npm run deploy', memoryCount: 2 })],
    );
    await memoryCli(box, ['forget', '--match', 'hunter2secret', '--yes']);
    const row = openForRead(box.dbPath)
      .prepare("SELECT summary, memory_count FROM session_summaries WHERE session_id = 'sess-1111'")
      .get();
    expect(row).toEqual({ summary: 'Edited 1 file: src/auth.ts\n[1 memory, 0s, tools: Edit]', memory_count: 1 });
  });

  it('forgets a whole session and its summary', async () => {
    const box = seeded();
    const result = await memoryCli(box, ['forget', '--session', 'sess-1111', '--yes']);
    expect(result.stdout).toBe('Forgot 2 memories and 1 session summary.\n');
    expect(ids(box)).toEqual([3, 4]);
    expect(summaryIds(box)).toEqual(['sess-2222', 'sess-3333']);
    expectFtsConsistent(box);
  });

  it('forgets a project, including summaries whose memories already expired', async () => {
    const box = seeded();
    seed(box, [], [summary(box, { sessionId: 'sess-0000', endedAt: hoursAgo(24 * 200) })]);
    const result = await memoryCli(box, ['forget', '--project', 'my-app', '--yes']);
    expect(result.stdout).toBe('Forgot 3 memories and 3 session summaries.\n');
    expect(ids(box)).toEqual([4]);
    expect(summaryIds(box)).toEqual(['sess-3333']);
  });

  it('combines selectors: --project with --before keeps newer memories', async () => {
    const box = seeded();
    const result = await memoryCli(box, ['forget', '--project', 'my-app', '--before', '1d', '--yes']);
    expect(result.stdout).toBe('Forgot 2 memories and 1 session summary.\n');
    expect(ids(box)).toEqual([3, 4]);
  });

  it('forgets what the tiered search finds with --match, down to LIKE for 인증', async () => {
    const box = seeded();
    const dry = await memoryCli(box, ['forget', '--match', '인증']);
    expect(dry.stdout).toContain('Would forget 1 memory, found by plain text scan (LIKE):');
    const result = await memoryCli(box, ['forget', '--match', '인증', '--yes']);
    expect(result.stdout).toBe('Forgot 1 memory. Rebuilt 1 session summary without it.\n');
    expect(ids(box)).toEqual([1, 3, 4]);
    expectFtsConsistent(box);
  });

  it.each([['"'], [')('], ['AND'], ['*']])(
    'forgets nothing for a --match of %j, which has nothing to search for',
    async (query) => {
      const box = seeded();
      const result = await memoryCli(box, ['forget', '--match', query, '--project', 'my-app', '--yes']);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Nothing to forget: /);
      expect(ids(box)).toEqual([1, 2, 3, 4]);
    },
  );

  it('says so when nothing matches', async () => {
    const result = await memoryCli(seeded(), ['forget', '--match', 'kubernetes', '--yes']);
    expect([result.code, result.stdout]).toEqual([0, 'Nothing to forget: no memories match.\n']);
  });

  it.each([[[]], [['--yes']], [['--json']]])(
    'a --project no memory belongs to is a typo: the nearest names, exit 1 (%j)',
    async (extra) => {
      const box = seeded();
      const result = await memoryCli(box, ['forget', '--project', 'my-ap', ...extra]);
      expect(result).toMatchObject({
        code: 1,
        stdout: '',
        stderr: 'memory: no project named "my-ap" has memories (nearest: my-app, api)\n',
      });
      expect(ids(box)).toEqual([1, 2, 3, 4]);
    },
  );

  it('a known --project with nothing left in its range is not a typo', async () => {
    const result = await memoryCli(seeded(), ['forget', '--project', 'api', '--before', '30d']);
    expect([result.code, result.stdout]).toEqual([0, 'Nothing to forget: no memories match.\n']);
  });

  it('prints the dry run and the deletion as JSON', async () => {
    const box = seeded();
    const dry = await memoryCli(box, ['forget', '--session', 'sess-1111', '--json']);
    expect(JSON.parse(dry.stdout)).toEqual({
      dry_run: true,
      memories: 2,
      prompts: 0,
      session_summaries: 1,
      ids: [2, 1],
      summary_session_ids: ['sess-1111'],
      rebuilt_summary_session_ids: [],
      tier: null,
    });
    const done = await memoryCli(box, ['forget', '--match', 'cargo', '--json', '--yes']);
    expect(JSON.parse(done.stdout)).toEqual({
      dry_run: false,
      memories: 1,
      prompts: 0,
      session_summaries: 1,
      ids: [4],
      summary_session_ids: ['sess-3333'],
      rebuilt_summary_session_ids: [],
      tier: 'unicode61',
    });
  });

  it.each([
    [[], /^memory: say what to forget: ids, --session <id>, --project <name>, --before <when> or --match <query>\n$/],
    [['abc'], /^memory: memory ids are whole numbers as shown by `memory search` \(got "abc"\)\n$/],
    [['--before', 'last week'], /^memory: --before expects a duration like 7d or 12h, or a date like 2026-11-01/],
    [['--session', ' '], /^memory: --session needs a value\n$/],
  ])('memory forget %j exits 1 with one line and deletes nothing', async (args, message) => {
    const box = seeded();
    const result = await memoryCli(box, ['forget', ...args, '--yes']);
    expect([result.code, result.stdout]).toEqual([1, '']);
    expect(result.stderr).toMatch(message);
    expect(ids(box)).toEqual([1, 2, 3, 4]);
  });

  it('exits 1 with one line when there is no database', async () => {
    const box = sandbox();
    const result = await memoryCli(box, ['forget', '1', '--yes']);
    expect([result.code, result.stderr]).toEqual([
      1,
      `memory: no memory database at ${box.dbPath} yet (it is created by the first captured tool call)\n`,
    ]);
  });
});
