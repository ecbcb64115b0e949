import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANSI, NOW, hoursAgo, memory, memoryCli, searchHits, searchJson, seed, summary } from '../cli-helpers.js';
import { postToolUse, runCli, runHook, RUNTIME, sandbox, useSharedSandbox, type Sandbox } from '../helpers.js';
import { expectRecords } from '../record-schema.js';
import { openDb } from '../../lib/db/open.js';
import { handleApi } from '../../lib/ui/api.js';

/** Captures an Edit through the real PostToolUse hook, at NOW. */
async function captureEdit(box: Sandbox, file: string, oldString: string, newString: string): Promise<void> {
  const path = join(box.project, file);
  const payload = postToolUse(
    box,
    'Edit',
    { file_path: path, old_string: oldString, new_string: newString },
    { filePath: path, success: true },
  );
  const result = await runHook('post-tool-use', payload, { env: { ...box.env, CLAUDE_MEMORY_NOW: NOW } });
  expect(result.code).toBe(0);
}

async function captureThreeEdits(box: Sandbox): Promise<void> {
  await captureEdit(box, 'src/theme.ts', 'light', 'dark mode toggle');
  await captureEdit(box, 'src/handler.ts', 'old', 'export function handler() {}');
  await captureEdit(box, 'src/auth.ts', '', 'JWT 인증을 추가');
}

/** The three edits, captured once for the file: the tests that only search share them. */
const captured = useSharedSandbox(captureThreeEdits);

describe('memory search tiers', () => {
  it('finds whole words through the unicode61 index', async () => {
    const box = captured();
    const rows = await searchHits(box, ['dark', 'mode']);
    expect(rows.map((row) => [row.tier, row.memory['file_path']])).toEqual([
      ['unicode61', join(box.project, 'src/theme.ts')],
    ]);
  });

  it('finds a substring inside a word through the trigram index', async () => {
    const box = captured();
    const rows = await searchHits(box, ['andle']);
    expect(rows.map((row) => [row.tier, row.memory['file_path']])).toEqual([
      ['trigram', join(box.project, 'src/handler.ts')],
    ]);
  });

  it('finds a two-syllable Korean word with a particle attached through the word index', async () => {
    const box = captured();
    const rows = await searchHits(box, ['인증']);
    expect(rows.map((row) => [row.tier, row.memory['file_path']])).toEqual([
      ['unicode61', join(box.project, 'src/auth.ts')],
    ]);
    // The particle may be typed too: 인증을 → 인증.
    expect((await searchHits(box, ['인증을'])).map((row) => row.memory['file_path'])).toEqual([
      join(box.project, 'src/auth.ts'),
    ]);
  });

  it('ranks the row with "JWT" and "인증" first, then a row with only one of them, with score and matched words', async () => {
    const box = sandbox();
    await captureThreeEdits(box);
    seed(box, [memory({ box, content: 'JWT refresh token rotation' })]);
    const rows = await searchHits(box, ['JWT', '인증']);
    expect(rows.map((row) => [row.memory['content'], row.matched])).toEqual([
      ['Edited auth.ts: added "JWT 인증을 추가"', ['JWT', '인증']],
      ['JWT refresh token rotation', ['JWT']],
    ]);
    const [first, second] = rows.map((row) => row.score);
    expect(first).toBeGreaterThan(second as number);
    expect(first).toBeLessThanOrEqual(1);
    expect(second).toBeGreaterThan(0);
  });

  it('matches wildcard characters in a Korean term literally, and ASCII letters in any case', async () => {
    const box = sandbox();
    seed(box, [
      memory({ box, content: '인*증 literal star' }),
      memory({ box, content: '인증 plain' }),
      memory({ box, content: 'Fixed TypeError in 인증서' }),
    ]);
    expect((await searchHits(box, ['인*'])).map((row) => row.memory['content'])).toEqual(['인*증 literal star']);
    // Only the last tier can see "나?다", and its "?" is a character, not GLOB's any-character.
    seed(box, [memory({ box, content: '가나*다 star' })]);
    expect((await searchHits(box, ['나?다'])).map((row) => row.memory['content'])).toEqual([]);
    // "pEer" is no word of any row: the substring index finds it inside TypeError, in any case.
    expect((await searchHits(box, ['pEer', '인증'])).map((row) => [row.tier, row.memory['content']])[0]).toEqual([
      'trigram',
      'Fixed TypeError in 인증서',
    ]);
  });

  it('rejects a mistyped flag in one line, and searches it after --', async () => {
    const box = captured();
    expect(await memoryCli(box, ['search', 'dark', '--limt', '1'])).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'memory: unknown option --limt (did you mean --limit? to search for it, put -- before it)\n',
    });
    expect(await memoryCli(box, ['search', '--', '--limt'])).toMatchObject({
      code: 0,
      stdout: 'No memories match "--limt".\n',
    });
  });

  it('rejects a short flag that is not ours (-n 3) in one line, and searches it after --', async () => {
    const box = captured();
    for (const args of [
      ['search', 'dark', '-n', '3'],
      ['search', '-n3', 'dark'],
      ['search', '-xvf', 'dark'],
    ]) {
      const result = await memoryCli(box, args);
      expect(result).toMatchObject({ code: 1, stdout: '' });
      expect(result.stderr).toMatch(
        /^memory: unknown option -(n|n3|xvf) \(see memory search --help; to search for it, put -- before it\)\n$/,
      );
    }
    // After --, `-n` is a query word like any other (best match: the row with `dark` is found).
    const searched = await memoryCli(box, ['search', '--', '-n', 'dark']);
    expect(searched).toMatchObject({ code: 0, stderr: '' });
    expect(searched.stdout).toMatch(/^\d+ memor(y|ies) match "-n dark"/);
    expect(searched.stdout).toContain('dark mode toggle');
  });

  it('ranks a strong old match above a weak new one, and breaks near-ties by recency', async () => {
    const box = sandbox();
    seed(box, [
      memory({ box, content: 'deploy deploy deploy to staging', createdAt: hoursAgo(24 * 60) }),
      memory({
        box,
        content: 'deploy notes for a very long and wordy changelog entry about many other things',
        createdAt: hoursAgo(1),
      }),
      memory({ box, content: 'deploy to staging', createdAt: hoursAgo(24 * 90) }),
      memory({ box, content: 'deploy to staging', createdAt: hoursAgo(2) }),
      // A word in every row says nothing: these make "deploy" as rare as a searched word usually is.
      ...['lint the sources', 'format the sources', 'run the tests', 'build the bundle'].map((content) =>
        memory({ box, content, createdAt: hoursAgo(5) }),
      ),
    ]);
    const rows = await searchHits(box, ['deploy']);
    expect(rows.map((row) => row.memory['id'])).toEqual([1, 4, 3, 2]);
  });

  it('shows time, project, tool/type, file, a highlighted snippet and the tier', async () => {
    const box = captured();
    const result = await memoryCli(box, ['search', 'JWT', '인증']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      [
        '1 memory matches "JWT 인증" · best match first · words (unicode61)',
        '',
        '#3  just now  my-app  Edit/file_edit  src/auth.ts',
        '    Edited auth.ts: added "JWT 인증을 추가"',
        '',
      ].join('\n'),
    );
  });

  it('highlights a substring match in colour, where it is inside a word', async () => {
    const box = captured();
    const result = await memoryCli(box, ['search', 'andle', '--color=always']);
    const hit = '\u001b[1m\u001b[33mandle\u001b[39m\u001b[22m';
    expect(result.stdout).toContain(`    Edited h${hit}r.ts: "old" → "export function h${hit}r() {}"`);
  });

  it('counts every match in the header, not only the rows shown, in each tier and under filters', async () => {
    const box = sandbox();
    seed(box, [
      ...Array.from({ length: 25 }, (_, i) =>
        memory({ box, content: `deploy step ${i} 배포단계`, createdAt: hoursAgo(i + 1) }),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        memory({
          box,
          project: 'api',
          projectPath: '/srv/api',
          content: `deploy api ${i} 배포함`,
          createdAt: hoursAgo(i + 1),
        }),
      ),
      memory({ box, content: 'unrelated' }),
    ]);
    const header = async (args: string[]) => {
      const lines = (await memoryCli(box, ['search', ...args])).stdout.trimEnd().split('\n');
      return [lines[0], lines.at(-1)];
    };
    expect(await header(['deploy', '--limit', '5'])).toEqual([
      '30 memories match "deploy" · best match first · words (unicode61)',
      'Showing the first 5 of 30; use --limit for more.',
    ]);
    expect(await header(['eplo', '--limit', '5'])).toEqual([
      '30 memories match "eplo" · best match first · substrings (trigram)',
      'Showing the first 5 of 30; use --limit for more.',
    ]);
    // A Korean word finds its forms with a particle or ending attached through the word index.
    expect(await header(['배포', '--limit', '5'])).toEqual([
      '30 memories match "배포" · best match first · words (unicode61)',
      'Showing the first 5 of 30; use --limit for more.',
    ]);
    expect(await header(['deploy', '--project', 'api', '--limit', '3'])).toEqual([
      '5 memories match "deploy" · best match first · words (unicode61)',
      'Showing the first 3 of 5; use --limit for more.',
    ]);
    // A page that happens to hold every match says no more.
    const exact = (await memoryCli(box, ['search', 'deploy', '--project', 'api', '--limit', '5'])).stdout;
    expect(exact.split('\n')[0]).toBe('5 memories match "deploy" · best match first · words (unicode61)');
    expect(exact).not.toContain('Showing the first');
  });

  it('finds a Korean word through its English bridge, below the word itself, and --explain says which bridge matched', async () => {
    const box = sandbox();
    seed(box, [
      memory({ box, content: 'rm -rf .next/cache  # clear the build cache', createdAt: hoursAgo(3) }),
      memory({ box, content: 'npm run build  # 캐시 정리 후 다시 빌드', createdAt: hoursAgo(2) }),
      memory({ box, content: 'git status', createdAt: hoursAgo(1) }),
    ]);
    const rows = await searchJson(box, ['캐시를', '지우고']);
    expect(rows.map((row) => [row['content'], row['matched'], row['bridged'] ?? []])).toEqual([
      ['rm -rf .next/cache  # clear the build cache', ['캐시를', '지우고'], ['캐시를', '지우고']],
      ['npm run build  # 캐시 정리 후 다시 빌드', ['캐시를'], []],
    ]);
    const explained = (await memoryCli(box, ['search', '캐시를', '지우고', '--explain'])).stdout;
    expect(explained.split('\n').slice(0, 3)).toEqual([
      'Words:',
      '  캐시를: 1 memory (words (unicode61)); bridge: 캐시 = Hangul spelling of cache, caches, cached, 1 more memory (each weighs less than the word itself)',
      '  지우고: 0 memories (words (unicode61)); bridge: 지우 = Korean word for delete, remove, clear, rm, 1 more memory (each weighs less than the word itself)',
    ]);
    expect(explained).toContain('matched: 캐시를 (as cache/caches/cached), 지우고 (as delete/remove/clear/rm)');
  });

  it('says so, and exits 0, when nothing matches', async () => {
    const box = captured();
    const result = await memoryCli(box, ['search', 'kubernetes']);
    expect([result.code, result.stdout, result.stderr]).toEqual([0, 'No memories match "kubernetes".\n', '']);
  });
});

describe('hostile queries', () => {
  it.each([
    ['a lone quote', ['"']],
    ['a star', ['*']],
    ['a bare AND', ['AND']],
    ['NEAR(', ['NEAR(']],
    ['-x after --', ['--', '-x']],
    ['a column filter', ['col:']],
    [')(', [')(']],
    ['10,000 characters', ['x'.repeat(10_000)]],
    ['only punctuation', ['" * )(']],
    ['a flag-like word', ['--force']],
    ['a LIKE wildcard', ['%']],
    ['operators between words', ['a', 'OR', 'NOT', 'b']],
  ])('exits 0 without an error for %s', async (_name, query) => {
    const box = captured();
    const result = await memoryCli(box, ['search', ...query]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^(No memories match|Nothing to search for in|\d+ memor(y|ies) match)/);
  });
});

describe('memory search modes', () => {
  function seededBox(): Sandbox {
    const box = sandbox();
    seed(
      box,
      [
        memory({ box, content: 'npm test', createdAt: hoursAgo(30) }),
        memory({
          box,
          type: 'error',
          content: 'Bash error (exit 1): npm test\nENOENT',
          importance: 3,
          createdAt: hoursAgo(10),
        }),
        memory({
          box,
          toolName: 'Edit',
          type: 'file_edit',
          filePath: join(box.project, 'src/auth.ts'),
          content: 'Edited auth.ts',
          createdAt: hoursAgo(3),
        }),
        memory({
          box,
          sessionId: 'sess-2222',
          project: 'api',
          projectPath: '/srv/api',
          content: 'git commit -m "api"',
          createdAt: hoursAgo(2),
        }),
      ],
      [
        summary(box),
        summary(box, {
          sessionId: 'sess-2222',
          project: 'api',
          projectPath: '/srv/api',
          summary: 'Commands: git commit',
          endedAt: hoursAgo(2),
        }),
      ],
    );
    return box;
  }

  it('--recent --json prints public records (docs/record.md), newest first', async () => {
    const rows = await searchJson(seededBox(), ['--recent']);
    expect(rows.map((row) => row['id'])).toEqual([4, 3, 2, 1]);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'version',
      'origin',
      'id',
      'session_id',
      'agent',
      'agent_id',
      'project',
      'project_path',
      'tool',
      'type',
      'file_path',
      'content',
      'excerpt',
      'tags',
      'importance',
      'created_at',
      'exit_code',
      'source',
      'resolved_by',
      'resolved_at',
      'request',
      'intent',
      'tool_use_id',
    ]);
    expectRecords(rows);
  });

  it('search --json gives each public record with its tier', async () => {
    const rows = await searchHits(seededBox(), ['auth']);
    expect(Object.keys(rows[0] ?? {})).toContain('tier');
    expect(rows[0]).toMatchObject({
      memory: { id: 3, session_id: 'sess-1111', file_path: expect.stringMatching(/src\/auth\.ts$/) },
      tier: 'unicode61',
    });
    expectRecords(rows.map((row) => row.memory));
  });

  it('--summaries --json prints summary rows with their lists parsed', async () => {
    const rows = await searchJson(seededBox(), ['--summaries']);
    expect(rows.map((row) => row['session_id'])).toEqual(['sess-1111', 'sess-2222']);
    expect(rows[0]).toMatchObject({
      tools_used: ['Edit', 'Bash'],
      memory_count: 2,
      summary: expect.stringContaining('Edited 1 file'),
    });
  });

  it('counts a session one way in --stats, --summaries and the page: one that only talked is none', async () => {
    const box = sandbox();
    seed(
      box,
      [memory({ box, content: 'npm test' }), memory({ box, sessionId: 'sess-2222', content: 'npm run build' })],
      [
        summary(box),
        summary(box, { sessionId: 'sess-2222' }),
        summary(box, { sessionId: 'sess-talk', memoryCount: 0, summary: 'Asked: what does greet do?' }),
      ],
    );
    const stats = await searchJson<Record<string, unknown>>(box, ['--stats']);
    expect(stats).toMatchObject({ total: 2, sessions: 2, summaries: 2 });
    const listed = await searchJson(box, ['--summaries']);
    expect(listed.map((row) => row['session_id']).sort()).toEqual(['sess-1111', 'sess-2222']);
    const db = openDb(box.dbPath, { create: false, readonly: true });
    if (!db) throw new Error('no database');
    try {
      expect(
        handleApi({ db, dbPath: box.dbPath, now: () => new Date(NOW) }, '/api/timeline', new URLSearchParams()),
      ).toMatchObject({
        status: 200,
        body: { total: 2 },
      });
    } finally {
      db.close();
    }
  });

  it('--stats --json prints one object of totals', async () => {
    const stats = await searchJson<Record<string, unknown>>(seededBox(), ['--stats']);
    expect(stats).toMatchObject({
      total: 4,
      sessions: 2,
      summaries: 2,
      errors: 1,
      oldest: hoursAgo(30),
      newest: hoursAgo(2),
      by_type: [
        { name: 'command', count: 2 },
        { name: 'error', count: 1 },
        { name: 'file_edit', count: 1 },
      ],
      by_project: [
        { name: 'my-app', count: 3 },
        { name: 'api', count: 1 },
      ],
      top_commands: [
        { command: 'git commit', count: 1 },
        { command: 'npm test', count: 1 },
      ],
      top_files: [{ count: 1, file: expect.stringMatching(/auth\.ts$/) }],
    });
    expect(stats['per_day']).toHaveLength(14);
    expect((stats['per_day'] as Array<{ day: string; count: number; errors: number }>).slice(-2)).toEqual([
      { day: '2026-03-09', count: 1, errors: 0 },
      { day: '2026-03-10', count: 3, errors: 1 },
    ]);
    expect((stats['database'] as { bytes: number }).bytes).toBeGreaterThan(0);
  });

  it('--stats draws activity per day as bars', async () => {
    const result = await memoryCli(seededBox(), ['search', '--stats']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('  03-09 Mon  ██████████▋                      1');
    expect(result.stdout).toContain('  03-10 Tue  ████████████████████████████████ 3');
    expect(result.stdout).toMatch(/Top commands\n +1 {2}git commit\n +1 {2}npm test/);
  });

  it('--stats keeps the script a runner runs in Top commands (npm run build, not npm run)', async () => {
    const box = sandbox();
    seed(box, [
      memory({ box, content: 'npm run build', createdAt: hoursAgo(3) }),
      memory({ box, content: 'cd web && npm run build -- --watch', createdAt: hoursAgo(2) }),
      memory({ box, content: 'npm run test:unit', createdAt: hoursAgo(1) }),
    ]);
    const result = await memoryCli(box, ['search', '--stats']);
    expect(result.stdout).toMatch(/Top commands\n +2 {2}npm run build\n +1 {2}npm run test:unit\n/);
  });

  it('--summaries prints each session, newest first', async () => {
    const result = await memoryCli(seededBox(), ['search', '--summaries', '--project', 'my-app']);
    expect(result.stdout).toBe(
      [
        '1h ago  my-app  sess-1111  2 memories, 2m',
        '    Edited 1 file: auth.ts',
        '    Commands: npm test',
        '    [2 observations, 90s, tools: Edit/Bash]',
        '',
      ].join('\n'),
    );
  });
});

describe('filters', () => {
  function twoProjects(): Sandbox {
    const box = sandbox();
    seed(box, [
      memory({ box, content: 'npm run build old', createdAt: hoursAgo(24 * 10) }),
      memory({
        box,
        type: 'error',
        content: 'Bash error: npm run build failed',
        importance: 3,
        createdAt: hoursAgo(5),
      }),
      memory({ box, project: 'api', projectPath: '/srv/api', content: 'npm run build api', createdAt: hoursAgo(1) }),
    ]);
    return box;
  }
  // Sorted: these cases are about which rows pass, not their order.
  const ids = async (box: Sandbox, args: string[]): Promise<number[]> =>
    (await searchJson(box, args))
      // --recent lists records; a word search lists hits, each holding its record.
      .map((item) => item['id'] as number)
      .sort((a, b) => a - b);

  it.each([
    [['build'], [1, 2, 3]],
    [['build', '--project', 'api'], [3]],
    [
      ['--recent', '--project', 'my-app'],
      [1, 2],
    ],
    [['--recent', '--type', 'error'], [2]],
    [
      ['build', '--type', 'command'],
      [1, 3],
    ],
    [
      ['--recent', '--since', '7d'],
      [2, 3],
    ],
    [
      ['build', '--since', '2026-02-01'],
      [1, 2, 3],
    ],
    [
      ['build', '--since', '2026-03-05'],
      [2, 3],
    ],
    [['--recent', '--limit', '1'], [3]],
    // The current project (the sandbox's, where the CLI runs) comes first among equal matches.
    [
      ['build', '--limit', '2'],
      [1, 2],
    ],
  ])('memory search %j → ids %j', async (args, expected) => {
    expect(await ids(twoProjects(), args)).toEqual(expected);
  });

  it('--here keeps the project of the current directory', async () => {
    const box = twoProjects();
    const deep = join(box.project, 'src', 'deep');
    mkdirSync(deep, { recursive: true });
    const result = await runCli(['search', '--recent', '--here', '--json'], {
      env: { ...box.env, CLAUDE_MEMORY_NOW: NOW },
      cwd: deep,
    });
    expect((JSON.parse(result.stdout) as Array<{ id: number }>).map((row) => row.id)).toEqual([2, 1]);
  });
});

describe('failures', () => {
  it.each([
    [
      ['search', 'x', '--type', 'bogus'],
      /^memory: --type expects one of observation, file_edit, command, error \(got "bogus"\)\n$/,
    ],
    [['search', 'x', '--since', 'yesterday'], /^memory: --since expects a duration like 7d or 12h/],
    [['search', '--recent', '--limit', '0'], /^memory: --limit expects a whole number from 1 to 10000/],
    [['search', '--recent', '--here', '--project', 'a'], /^memory: use either --project <name> or --here, not both\n$/],
    [['search', '--recent', '--stats'], /^memory: choose one of --recent, --stats\n$/],
    [['search', '--recent', 'foo'], /^memory: --recent takes no search words/],
    [['search'], /^memory: give words to search for, or one of --recent, --stats, --summaries, --reindex\n$/],
  ])('memory %j exits 1 with one line', async (args, message) => {
    const box = captured();
    const result = await memoryCli(box, args);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('reports a brand-new install (no database yet) as empty stats, exit 0, creating nothing', async () => {
    const box = sandbox();
    const result = await memoryCli(box, ['search', '--stats']);
    expect(result).toMatchObject({
      code: 0,
      stderr: '',
      stdout: `No memories yet: ${box.dbPath} is created by the first edit, command or error a session records.\n`,
    });
    const json = await memoryCli(box, ['search', '--stats', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({
      total: 0,
      sessions: 0,
      summaries: 0,
      errors: 0,
      database: { path: box.dbPath, exists: false },
    });
    expect(existsSync(box.dbPath)).toBe(false);
  });

  it('prints its version', async () => {
    const result = await memoryCli(sandbox(), ['--version']);
    expect(result).toMatchObject({ code: 0, stdout: '0.1.0\n', stderr: '' });
  });

  it('exits 1 with one line, and creates nothing, when there is no database', async () => {
    const box = sandbox();
    const result = await memoryCli(box, ['search', 'anything']);
    expect([result.code, result.stdout]).toEqual([1, '']);
    expect(result.stderr).toBe(
      `memory: no memory database at ${box.dbPath} yet (it is created by the first captured tool call)\n`,
    );
    expect(existsSync(box.dbPath)).toBe(false);
  });
});

describe('colour', () => {
  it('prints no escape codes when stdout is not a terminal, even without NO_COLOR and with CI set', async () => {
    const box = captured();
    const { NO_COLOR: _unset, ...env } = box.env;
    const result = await memoryCli({ ...box, env: { ...env, CI: '1' } }, ['search', 'handler']);
    expect(result.stdout).toContain('Edited handler.ts: "old" → "export function handler() {}"');
    expect(result.stdout).not.toMatch(ANSI);
  });

  it('marks no match in piped output, so `| grep` reads the stored text (as ripgrep does)', async () => {
    const box = captured();
    const result = await memoryCli(box, ['search', 'handler']);
    expect(result.stdout).not.toContain('**');
    expect(result.stdout).toContain('    Edited handler.ts: "old" → "export function handler() {}"');
  });

  it.each([
    ['--color=always', ['--color=always'], {}, true],
    ['--color always, even with NO_COLOR', ['--color', 'always'], { NO_COLOR: '1' }, true],
    ['--color=never, even with FORCE_COLOR', ['--color=never'], { FORCE_COLOR: '1', NO_COLOR: '' }, false],
    ['--color=auto on a pipe', ['--color=auto'], { NO_COLOR: '' }, false],
    ['--color=auto with FORCE_COLOR', ['--color=auto'], { FORCE_COLOR: '1', NO_COLOR: '' }, true],
  ])('%s', async (_, flags, env, coloured) => {
    const box = captured();
    const result = await memoryCli(box, ['search', 'handler', ...flags], env);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(ANSI.test(result.stdout)).toBe(coloured);
    expect(result.stdout).not.toContain('**');
  });

  it('rejects a --color it does not know, in one line', async () => {
    const result = await memoryCli(captured(), ['search', 'handler', '--color=sometimes']);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toBe(
      "error: option '--color <when>' argument 'sometimes' is invalid. Allowed choices are auto, always, never.\n",
    );
  });

  it('prints bold highlights with FORCE_COLOR, unless NO_COLOR is set', async () => {
    const box = captured();
    const forced = await memoryCli(box, ['search', 'handler'], { FORCE_COLOR: '1', NO_COLOR: '' });
    expect(forced.stdout).toContain('\u001b[1m');
    const refused = await memoryCli(box, ['search', 'handler'], { FORCE_COLOR: '1' });
    expect(refused.stdout).not.toMatch(ANSI);
  });

  it('never lets escape sequences captured from a command reach the terminal', async () => {
    const box = sandbox();
    seed(box, [
      memory({ box, type: 'error', content: 'Bash error: \u001b[31mFAIL\u001b[0m \u001b]0;pwned\u0007 tests' }),
    ]);
    for (const args of [
      ['search', 'FAIL'],
      ['search', '--recent'],
    ]) {
      const result = await memoryCli(box, args);
      expect(result.stdout).not.toMatch(/\u001b|\u0007/);
      expect(result.stdout).toContain('Bash error: ');
    }
  });
});

describe('what the output says', () => {
  it('says a --project no memory belongs to is unknown, and offers the nearest names', async () => {
    const box = sandbox();
    seed(box, [
      memory({ box, content: 'npm run build' }),
      memory({ box, project: 'api-server', projectPath: '/srv/api-server', content: 'npm run lint' }),
      memory({ box, project: 'web', projectPath: '/srv/web', content: 'npm test' }),
      memory({ box, project: 'docs', projectPath: '/srv/docs', content: 'npm run docs' }),
      memory({ box, project: 'infra', projectPath: '/srv/infra', content: 'terraform plan' }),
    ]);
    for (const args of [
      ['search', 'npm', '--project', 'api'],
      ['search', '--recent', '--project', 'api'],
      ['search', '--stats', '--project', 'api', '--json'],
    ]) {
      const result = await memoryCli(box, args);
      expect(result).toMatchObject({ code: 1, stdout: '' });
      expect(result.stderr).toBe('memory: no project named "api" has memories (nearest: api-server, web, docs)\n');
    }
  });

  it('says --here in a folder with no memories has none yet, and lists the projects there are', async () => {
    const box = sandbox();
    seed(box, [memory({ box, project: 'api-server', projectPath: '/srv/api-server', content: 'npm run lint' })]);
    const elsewhere = join(box.home, 'work', 'notes');
    mkdirSync(elsewhere, { recursive: true });
    const result = await runCli(['search', 'npm', '--here'], {
      env: { CLAUDE_MEMORY_NOW: NOW, ...box.env },
      cwd: elsewhere,
    });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(
      `No memories from this folder's project yet (notes, ${elsewhere}); projects with memories: api-server.\n`,
    );
  });

  it('says a row found only through its request matched the request', async () => {
    const box = sandbox();
    seed(box, [
      memory({ box, content: 'npm run build', request: '이름 필드를 추가해줘' }),
      memory({ box, content: 'Edited form.ts: 이름 → name', request: '이름 필드를 추가해줘' }),
    ]);
    const result = await memoryCli(box, ['search', '이름']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(
      [
        '2 memories match "이름" · best match first · words (unicode61)',
        '',
        '#2  1h ago  my-app  Bash/command',
        '    Edited form.ts: 이름 → name',
        '',
        '#1  1h ago  my-app  Bash/command',
        '    npm run build',
        '    matched the request: "이름 필드를 추가해줘"',
        '',
      ].join('\n'),
    );
  });

  it('quotes the query once, and lists matched words without their punctuation', async () => {
    const box = sandbox();
    seed(box, [memory({ box, content: 'echo "Hello, Ada"' }), memory({ box, content: 'echo Hello' })]);
    const quoted = await memoryCli(box, ['search', '"Hello, Ada"']);
    expect(quoted.stdout.split('\n')[0]).toBe('2 memories match "Hello, Ada" · best match first · words (unicode61)');
    expect(quoted.stdout).not.toContain('""');
    expect(quoted.stdout).toContain('#2  1h ago  my-app  Bash/command  matched: Hello\n');
    const none = await memoryCli(box, ['search', '"Grace Hopper"']);
    expect(none.stdout).toBe('No memories match "Grace Hopper".\n');
  });
});

describe('memory search words, without flags', () => {
  it('prints what the full CLI prints for the same search (the launcher runs the search bundle alone)', async () => {
    const box = captured();
    const plain = await memoryCli(box, ['search', 'dark', 'mode']);
    // `--limit 20` is the default: the same search through commander and the whole CLI bundle.
    const full = await memoryCli(box, ['search', 'dark', 'mode', '--limit', '20']);
    expect(plain).toMatchObject({ code: 0, stderr: '' });
    expect(plain.stdout).toContain('Edited theme.ts');
    expect(plain.stdout).toBe(full.stdout);
  });

  it('stops quietly, exit 0, when the reader goes away (memory search … | head -1)', async () => {
    const box = captured();
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [join(RUNTIME, 'dist', 'commands', 'cli.js'), 'search', 'dark'], {
      env: { ...box.env, CLAUDE_MEMORY_NOW: NOW },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The read end closes before the search writes anything.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });
});
