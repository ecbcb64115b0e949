// `memory import`, spawned as a person runs it, over transcripts written from the documented format
// (tests/fixtures/transcripts/README.md says which shape each fixture covers).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectDocSample, terminal } from '../doc-samples.js';
import { loadConfig } from '../../lib/config/config.js';
import { MemoryStore } from '../../lib/db/memories.js';
import type { NewMemory } from '../../lib/memory.js';
import { inTransaction, openDb } from '../../lib/db/open.js';
import { importTranscripts } from '../../lib/import/importer.js';
import {
  allMemories,
  bashResponse,
  openForRead,
  postToolUse,
  RUNTIME,
  runCli,
  runHook,
  sandbox,
  tempDir,
  useSharedSandbox,
  type MemoryRecord,
  type Sandbox,
} from '../helpers.js';
import {
  copyFixtures,
  FIXTURES,
  transcript,
  writeBusyTranscript,
  writeLargeTranscript,
  type Call,
} from '../transcript-helpers.js';
import Database from 'better-sqlite3';

const SHOP = '5b2e6c1a-0f3d-4c8e-9a7b-1d2e3f4a5b6c';
const API = '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const WEB = 'e4f5a6b7-c8d9-4e0f-a1b2-c3d4e5f6a7b8';

/** A clock and a retention window under which every fixture is recent. */
const RECENT = { CLAUDE_MEMORY_NOW: '2026-04-20T00:00:00Z', CLAUDE_MEMORY_RETENTION_DAYS: '3650' };

async function importJson(box: Sandbox, args: readonly string[], env: Record<string, string> = RECENT) {
  const result = await runCli(['import', '--json', ...args], { env: { ...box.env, ...env } });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

function byToolUse(rows: readonly MemoryRecord[], id: string): MemoryRecord | undefined {
  return rows.find((row) => row.tool_use_id === id);
}

describe('importing the fixture transcripts', () => {
  // These tests only read what one import of the fixtures stored: they share it (a test that imports
  // again, or into a database that holds something, makes its own).
  let importedSummary: Record<string, unknown> = {};
  const imported = useSharedSandbox(async (box) => {
    importedSummary = await importJson(box, [FIXTURES]);
  });

  it('reads every era and counts what happened to each call', () => {
    const box = imported();
    expect(importedSummary).toEqual({
      files: 5,
      sessions: 3,
      toolCalls: 24,
      added: 18,
      duplicates: 0,
      forgotten: 0,
      disabled: 0,
      held: 0,
      noise: 3,
      notRun: 3,
      tooOld: 0,
      redactions: 5,
      badLines: 1,
      unpaired: 0,
      unreadableFiles: 0,
      dryRun: false,
      dbPath: box.dbPath,
    });
    const rows = allMemories(box.dbPath);
    expect(rows).toHaveLength(18);
    expect(new Set(rows.map((row) => row.source))).toEqual(new Set(['import']));
  });

  it('stores a 1.0.x MultiEdit and dates it by its result line', () => {
    const box = imported();
    expect(byToolUse(allMemories(box.dbPath), 'toolu_01MultiEditCart00000001')).toMatchObject({
      session_id: SHOP,
      tool_name: 'MultiEdit',
      type: 'file_edit',
      project: 'shop',
      project_path: '/home/dev/shop',
      file_path: '/home/dev/shop/src/cart.js',
      created_at: '2025-07-08T09:14:16.388Z',
      agent_id: null,
      source: 'import',
      content:
        'Edited cart.js (2 edits): "return items.reduce((s, i) => s + i.price * i.qty, 0);" → "const cents = items.reduce((s, i) => s + Math.round(i.price * 100) * i.qty, 0); return cents / 100;"',
    });
  });

  it('attaches inline sidechains, agent-*.jsonl files and subagents/ folders to the parent session', () => {
    const box = imported();
    const rows = allMemories(box.dbPath);
    const agentOf = (id: string) => [byToolUse(rows, id)?.session_id, byToolUse(rows, id)?.agent_id];
    expect(agentOf('toolu_01SideEditDb0000000001')).toEqual([SHOP, 'sidechain']);
    expect(agentOf('toolu_01AgentEditLimiter000001')).toEqual([API, '3f9a1c2e']);
    expect(agentOf('toolu_01SubWriteTheme000000001')).toEqual([WEB, 'a7c2e91']);
    expect(agentOf('toolu_01BashNpmInstallZod00001')).toEqual([WEB, null]);
  });

  it('rebuilds a subagent Write that has no toolUseResult (2.1.x)', () => {
    const box = imported();
    expect(byToolUse(allMemories(box.dbPath), 'toolu_01SubWriteTheme000000001')?.content).toBe(
      "Created theme.ts (4 lines): export const theme = { primary: '#2563eb', radius: 6, };",
    );
  });

  it('stores failures as error rows, with the exit code when the text has one', () => {
    const box = imported();
    const errors = allMemories(box.dbPath)
      .filter((row) => row.type === 'error')
      .map((row) => [row.tool_use_id, row.exit_code, row.importance]);
    expect(new Map(errors.map(([id, ...rest]) => [id, rest]))).toEqual(
      new Map([
        ['toolu_01BashNpmTest000000001', [null, 3]], // 1.0.x wrote no "Exit code" line
        ['toolu_01BashGoTest000000000001', [1, 3]],
        ['toolu_01BashVitest00000000001', [1, 3]],
        ['toolu_01SubBashLint00000000001', [2, 3]],
      ]),
    );
  });

  it('does not store user rejections, hook blocks, validation errors or interrupts', () => {
    const box = imported();
    const rows = allMemories(box.dbPath);
    for (const id of [
      'toolu_01EditRejected000000001',
      'toolu_01BashForcePush000000001',
      'toolu_01EditNotFound00000000001',
      'toolu_01BashNpmDev00000000001',
    ]) {
      expect(byToolUse(rows, id), id).toBeUndefined();
    }
  });

  it('redacts secrets inside commands and written files before storing', () => {
    const box = imported();
    const stored = allMemories(box.dbPath)
      .map((row) => `${row.content}\n${row.file_path ?? ''}`)
      .join('\n');
    for (const secret of [
      'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
      'sk_live_51HqLyjWDarjtT1zdp7dcXYZ',
      'hunter2pass',
      'AKIAIOSFODNN7EXAMPLE',
      '8f14e45fceea167a5a36dedd4bea2543',
    ]) {
      expect(stored).not.toContain(secret);
    }
    const rows = allMemories(box.dbPath);
    expect(byToolUse(rows, 'toolu_01BashGhPr00000000000001')?.content).toBe(
      'export GITHUB_TOKEN=[REDACTED] && gh pr create --title "Add rate limiter" --body "Token bucket per client IP"  # Open the pull request',
    );
    expect(byToolUse(rows, 'toolu_01WriteProdYaml000000001')?.content).toBe(
      'Created prod.yaml (4 lines): server: port: 8080 database_url: postgres://admin:[REDACTED]@db.internal:5432/app aws_access_key_id: [REDACTED]',
    );
  });

  it('keeps the project where the session started after the model ran cd', () => {
    const box = imported();
    expect(byToolUse(allMemories(box.dbPath), 'toolu_01BashVitest00000000001')).toMatchObject({
      project: 'web',
      project_path: '/home/dev/web',
    });
  });

  it('writes a structural summary for every imported session', () => {
    const box = imported();
    const summaries = openForRead(box.dbPath)
      .prepare(
        'SELECT session_id, project, summary, memory_count, error_count FROM session_summaries ORDER BY session_id',
      )
      .all();
    expect(summaries).toEqual([
      {
        session_id: SHOP,
        project: 'shop',
        memory_count: 5,
        error_count: 1,
        summary: [
          'Asked: "the cart total is off by a cent, fix it and add a test"',
          'Edited 3 files: src/cart.js, server/db.js, src/payments.js',
          'Commands: cd server && npm run migrate',
          'Errors (1): ● total › sums in cents',
          'Stopped at: "I\'ll look at the rounding in cart.js."',
          '[5 memories, 190s, tools: MultiEdit/Bash/Edit/Write]',
        ].join('\n'),
      },
      {
        session_id: API,
        project: 'api',
        memory_count: 5,
        error_count: 1,
        summary: expect.stringContaining('Edited 2 files: internal/limiter.go, config/prod.yaml'),
      },
      {
        session_id: WEB,
        project: 'web',
        memory_count: 8,
        error_count: 2,
        summary: expect.stringContaining(
          "Errors (2): AssertionError: expected 'Save' to be 'Submit'; 3:11 error Unexpected magic number: 6 no-magic-numbers",
        ),
      },
    ]);
  });

  it('prints a closing summary', async () => {
    const box = sandbox();
    const result = await runCli(['import', FIXTURES], { env: { ...box.env, ...RECENT } });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatchInlineSnapshot(`
      "Imported 5 transcript files (3 sessions, 24 tool calls) into ~/.claude/memory.db
        added      18 memories (5 secrets redacted)
        duplicates  0 skipped (already stored)
        noise       3 skipped (read-only commands, ignored paths, interrupts)
        not run     3 skipped (rejected, blocked by a hook, refused)
        too old     0 skipped (older than 3650 days)
        bad lines   1 skipped
      "
    `);
    expectDocSample('import', terminal([['memory import tests/fixtures/transcripts/projects', result]]));
  });
});

describe('importing again, and after live capture', () => {
  it('adds nothing the second time', async () => {
    const box = sandbox();
    await importJson(box, [FIXTURES]);
    const summariesBefore = openForRead(box.dbPath)
      .prepare('SELECT * FROM session_summaries ORDER BY session_id')
      .all();
    const second = await importJson(box, [FIXTURES]);
    expect(second).toMatchObject({ added: 0, duplicates: 18, redactions: 0 });
    expect(allMemories(box.dbPath)).toHaveLength(18);
    expect(openForRead(box.dbPath).prepare('SELECT * FROM session_summaries ORDER BY session_id').all()).toEqual(
      summariesBefore,
    );
  });

  const SESSION = '2f0c9a55-1e7b-4d2c-9b8a-3c4d5e6f7a8b';
  const AT = '2026-04-14T10:00:00.000Z';
  const build = (id: string): Call => ({
    id,
    name: 'Bash',
    input: { command: 'npm run build', description: 'Build the app' },
    content: 'built in 2.1s',
    isError: false,
    toolUseResult: { stdout: 'built in 2.1s', stderr: '', interrupted: false, isImage: false },
    at: AT,
  });

  function writeSession(box: Sandbox, calls: readonly Call[]): string {
    const path = join(tempDir(), `${SESSION}.jsonl`);
    writeFileSync(path, transcript({ sessionId: SESSION, cwd: box.project, calls }));
    return path;
  }

  async function liveHook(box: Sandbox, toolUseId: string | undefined): Promise<void> {
    const payload = postToolUse(
      box,
      'Bash',
      { command: 'npm run build', description: 'Build the app' },
      bashResponse('built in 2.1s'),
      { session_id: SESSION, tool_use_id: toolUseId },
    );
    // The hook stamps its own clock: a couple of seconds after the transcript's result line.
    const result = await runHook('post-tool-use', payload, {
      env: { ...box.env, CLAUDE_MEMORY_NOW: '2026-04-14T10:00:02Z' },
    });
    expect(result.code).toBe(0);
  }

  it('does not duplicate a row the live hook captured (same tool_use_id)', async () => {
    const box = sandbox();
    await liveHook(box, 'toolu_01LiveThenImport00000001');
    const summary = await importJson(box, [writeSession(box, [build('toolu_01LiveThenImport00000001')])]);
    expect(summary).toMatchObject({ added: 0, duplicates: 1 });
    expect(allMemories(box.dbPath).map((row) => row.source)).toEqual(['hook']);
  });

  it('does not duplicate a row a 2025 client captured without a tool_use_id', async () => {
    const box = sandbox();
    await liveHook(box, undefined);
    const summary = await importJson(box, [writeSession(box, [build('toolu_01LiveThenImport00000002')])]);
    expect(summary).toMatchObject({ added: 0, duplicates: 1 });
    expect(allMemories(box.dbPath)).toHaveLength(1);
  });

  it('stores the same memory the live hook would have stored', async () => {
    const live = sandbox();
    await liveHook(live, 'toolu_01LiveThenImport00000003');
    const imported = sandbox();
    // Same project folder as the live run, so the project identity can match.
    const path = join(tempDir(), `${SESSION}.jsonl`);
    writeFileSync(
      path,
      transcript({ sessionId: SESSION, cwd: live.project, calls: [build('toolu_01LiveThenImport00000003')] }),
    );
    await importJson(imported, [path]);
    const strip = ({ id: _id, source: _source, created_at: _createdAt, ...rest }: MemoryRecord) => rest;
    const [liveRow] = allMemories(live.dbPath);
    const [importedRow] = allMemories(imported.dbPath);
    expect(liveRow && strip(liveRow)).toEqual(importedRow && strip(importedRow));
    expect(importedRow).toMatchObject({
      source: 'import',
      created_at: AT,
      project: 'my-app',
      project_path: live.project,
    });
  });
});

describe('dry run', () => {
  it('counts without creating the database', async () => {
    const box = sandbox();
    expect(await importJson(box, ['--dry-run', FIXTURES])).toMatchObject({ added: 18, duplicates: 0, dryRun: true });
    expect(existsSync(box.dbPath)).toBe(false);
  });

  it('knows what an existing database already holds, and writes nothing to it', async () => {
    const box = sandbox();
    await importJson(box, [join(FIXTURES, '-home-dev-api')]);
    const before = allMemories(box.dbPath);
    expect(await importJson(box, ['--dry-run', FIXTURES])).toMatchObject({ added: 13, duplicates: 5, redactions: 2 });
    expect(allMemories(box.dbPath)).toEqual(before);
  });
});

describe('what is skipped', () => {
  it('skips and counts calls older than the retention window', async () => {
    const box = sandbox();
    // 90 days before 2026-04-20 is 2026-01-20: the 2025 sessions are too old, the April one is not.
    const summary = await importJson(box, [FIXTURES], { CLAUDE_MEMORY_NOW: '2026-04-20T00:00:00Z' });
    expect(summary).toMatchObject({ tooOld: 14, added: 8 });
    expect(new Set(allMemories(box.dbPath).map((row) => row.session_id))).toEqual(new Set([WEB]));
  });

  it('skips and counts bad lines without failing', async () => {
    const box = sandbox();
    const path = join(tempDir(), 'ragged.jsonl');
    const good = transcript({
      sessionId: 'ragged-session',
      cwd: box.project,
      calls: [
        {
          id: 'toolu_01Ragged0000000000001',
          name: 'Edit',
          input: { file_path: join(box.project, 'src', 'a.ts'), old_string: 'a', new_string: 'b' },
          content: 'updated',
          at: '2026-04-14T09:00:00.000Z',
        },
      ],
    });
    const orphan = JSON.stringify({
      type: 'user',
      sessionId: 'ragged-session',
      timestamp: '2026-04-14T09:01:00Z',
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_unknown', content: 'x' }] },
    });
    writeFileSync(
      path,
      [
        'not json',
        '',
        '[1,2]',
        'null',
        good.trimEnd(),
        '   ',
        orphan,
        '{"type":"user","message":{"content":[{"type":"tool_result"',
      ].join('\n'),
    );
    expect(await importJson(box, [path])).toMatchObject({ files: 1, sessions: 1, toolCalls: 1, added: 1, badLines: 4 });
  });

  it('reports calls whose result never came', async () => {
    const box = sandbox();
    const path = join(tempDir(), 'cut.jsonl');
    const text = transcript({
      sessionId: 'cut-session',
      cwd: box.project,
      calls: [
        {
          id: 'toolu_01Cut00000000000000001',
          name: 'Bash',
          input: { command: 'npm run build' },
          content: 'ok',
          at: '2026-04-14T09:00:00.000Z',
        },
      ],
    });
    writeFileSync(path, text.split('\n')[0] ?? '');
    expect(await importJson(box, [path])).toMatchObject({ toolCalls: 0, unpaired: 1, badLines: 0 });
  });
  it('counts a transcript that vanished before it was read, and carries on', async () => {
    const box = sandbox();
    const claude = { agent: 'claude-code', projectRoot: '' } as const;
    const gone = { path: join(box.home, 'gone.jsonl'), size: 100, sessionHint: 'gone', agentHint: '', ...claude };
    const fixture = join(FIXTURES, '-home-dev-api', `${API}.jsonl`);
    const summary = await importTranscripts({
      files: [gone, { path: fixture, size: statSync(fixture).size, sessionHint: API, agentHint: '', ...claude }],
      config: loadConfig({ ...box.env, ...RECENT }),
      dryRun: false,
    });
    expect(summary).toMatchObject({ files: 2, unreadableFiles: 1, added: 3 });
  });
});

describe('where it reads', () => {
  it('reads ~/.claude/projects by default', async () => {
    const box = sandbox();
    copyFixtures(join(box.home, '.claude', 'projects'));
    expect(await importJson(box, [])).toMatchObject({ files: 5, added: 18 });
  });

  it('reads $CLAUDE_CONFIG_DIR/projects when it is set', async () => {
    const box = sandbox();
    const config = join(box.home, 'claude-config');
    copyFixtures(join(config, 'projects'));
    expect(await importJson(box, [], { ...RECENT, CLAUDE_CONFIG_DIR: config })).toMatchObject({ files: 5, added: 18 });
  });

  it('says so, and succeeds, when there are no transcripts yet', async () => {
    const box = sandbox();
    const result = await runCli(['import', '--json'], { env: box.env });
    expect(result.code).toBe(0);
    const [claude, codex, gemini] = [join(box.home, '.claude'), join(box.home, '.codex'), join(box.home, '.gemini')];
    // The sandbox sets no XDG_DATA_HOME or OPENCODE_DB: OpenCode's store is where it puts it by default.
    const opencode = join(box.home, '.local', 'share', 'opencode');
    expect(result.stderr).toBe(
      `memory: no session files yet (looked in ${claude}/projects, ${codex}/sessions, ${codex}/archived_sessions, ${gemini}/tmp, ${opencode}/opencode.db, ${opencode}/storage/session)\n`,
    );
    expect(JSON.parse(result.stdout)).toMatchObject({ files: 0, added: 0 });
    expect(existsSync(box.dbPath)).toBe(false);
  });

  it('exits 1 with one line for a missing path', async () => {
    const box = sandbox();
    const missing = join(box.home, 'nowhere');
    const result = await runCli(['import', FIXTURES, missing], { env: box.env });
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: `memory: no such file or directory: ${missing}\n` });
    expect(existsSync(box.dbPath)).toBe(false);
  });
});

describe('writing', () => {
  it('nests MemoryStore inserts in one transaction per batch (savepoints), all or nothing', () => {
    const dbPath = join(tempDir(), 'memory.db');
    const db = openDb(dbPath, { create: true });
    if (!db) throw new Error('no database');
    const store = new MemoryStore(db);
    const memory = (n: number): NewMemory => ({
      sessionId: 's',
      toolName: 'Bash',
      type: 'command',
      project: 'p',
      projectPath: '/p',
      filePath: null,
      content: `npm run task${n}`,
      tags: 'bash',
      importance: 1,
      createdAt: '2026-04-14T09:00:00.000Z',
      toolUseId: `toolu_${n}`,
      agentId: null,
      exitCode: null,
      source: 'import',
    });
    expect(() =>
      inTransaction(db, () => {
        expect(store.insert(memory(1), 60)).toBe('stored');
        expect(store.insert(memory(1), 60)).toBe('duplicate-tool-use');
        throw new Error('the file failed half-way');
      }),
    ).toThrow('half-way');
    expect(db.prepare('SELECT count(*) AS n FROM memories').get()).toEqual({ n: 0 });
    inTransaction(db, () => {
      store.insert(memory(2), 60);
      store.insert(memory(3), 60);
    });
    expect(db.prepare('SELECT count(*) AS n FROM memories').get()).toEqual({ n: 2 });
    db.close();
  });

  it('streams a transcript of a hundred megabytes with flat memory', { timeout: 180_000 }, async () => {
    const box = sandbox();
    const dir = join(box.home, 'big');
    mkdirSync(dir);
    const path = join(dir, '11111111-2222-4333-8444-555555555555.jsonl');
    const calls = await writeLargeTranscript(path, 100);
    expect(statSync(path).size).toBeGreaterThan(100 * 1024 * 1024);
    const result = await runCli(['import', '--json', '--debug-rss', path], {
      env: { ...box.env, ...RECENT },
      killAfterMs: 170_000,
    });
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout) as { added: number; maxRssMb: number };
    expect(summary.added).toBe(calls);
    // Reading the file whole peaks above 200 MB (its bytes, then its text: 232 MB measured, against
    // about 100 MB for the streaming import); streaming stays near Node's baseline.
    expect(summary.maxRssMb).toBeLessThan(160);
  });
});

/** Starts `memory import <path>`, signals it once its first batch is stored, and waits for it to end. */
async function importThenSignal(box: Sandbox, path: string, signal: NodeJS.Signals, args: readonly string[] = []) {
  const child = spawn(process.execPath, [join(RUNTIME, 'dist', 'commands', 'cli.js'), 'import', ...args, path], {
    env: { ...box.env, ...RECENT },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const stored = (): number => {
    if (!existsSync(box.dbPath)) return 0;
    const db = new Database(box.dbPath, { readonly: true });
    try {
      return (db.prepare('SELECT count(*) AS n FROM memories').get() as { n: number }).n;
    } catch {
      return 0; // still being created
    } finally {
      db.close();
    }
  };
  while (child.exitCode === null && stored() === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  child.kill(signal);
  const code = await ended;
  return { code, stdout, stderr, stored: stored() };
}

describe('stopping an import', () => {
  const CALLS = 12_000;

  it.each([
    ['Ctrl-C (SIGINT)', 'SIGINT', 130],
    ['SIGTERM', 'SIGTERM', 143],
  ] as const)(
    '%s keeps what was read, prints what was kept and exits 128 + the signal number',
    async (name, signal, exitCode) => {
      const box = sandbox();
      const path = join(box.home, 'busy.jsonl');
      await writeBusyTranscript(path, CALLS);
      const result = await importThenSignal(box, path, signal);
      expect(result.code).toBe(exitCode);
      expect(result.stderr).toBe(
        `memory: stopped by ${name}: what was read before it is kept; run memory import again to finish (what is stored is skipped)\n`,
      );
      const added = Number(/^ {2}added +([\d,]+) memories/m.exec(result.stdout)?.[1]?.replace(/,/g, ''));
      expect(added).toBe(result.stored);
      expect(added).toBeGreaterThan(0);
      expect(added).toBeLessThan(CALLS);
      expect(result.stdout.split('\n')[0]).toMatch(
        new RegExp(
          `^Stopped after ${added.toLocaleString('en-US')} tool calls \\(1 session; 0 of 1 transcript file read to the end\\) into `,
        ),
      );
      // Running it again finishes the job: what was kept is skipped, the rest is added.
      const again = await importJson(box, [path]);
      expect(again).toMatchObject({ added: CALLS - added, duplicates: added });
    },
  );

  it('says in --json which signal stopped it', async () => {
    const box = sandbox();
    const path = join(box.home, 'busy.jsonl');
    await writeBusyTranscript(path, CALLS);
    const result = await importThenSignal(box, path, 'SIGINT', ['--json']);
    expect(result.code).toBe(130);
    expect(JSON.parse(result.stdout)).toMatchObject({ stoppedBy: 'SIGINT', added: result.stored });
  });
});

describe('memory import --refresh', () => {
  it("re-derives stored rows through today's capture, keeps ids, times and sessions, and is idempotent", async () => {
    const box = sandbox();
    await importJson(box, [FIXTURES]);
    const before = allMemories(box.dbPath);
    const target = before.find((row) => row.tool_use_id !== null && row.type === 'command') as MemoryRecord;
    // As an older capture might have stored it: other text, no request.
    const db = openDb(box.dbPath, { create: false });
    db?.prepare("UPDATE memories SET content = 'stale text zebracorn', request = NULL WHERE id = ?").run(target.id);
    db?.close();
    const stale = openForRead(box.dbPath).prepare('SELECT content, request FROM memories WHERE id = ?').get(target.id);

    expect(await importJson(box, ['--refresh', '--dry-run', FIXTURES])).toMatchObject({
      refreshed: 1,
      added: 0,
      dryRun: true,
    });
    expect(
      openForRead(box.dbPath).prepare('SELECT content, request FROM memories WHERE id = ?').get(target.id),
    ).toEqual(stale);

    expect(await importJson(box, ['--refresh', FIXTURES])).toMatchObject({
      refreshed: 1,
      unchanged: before.length - 1,
      added: 0,
    });
    const after = allMemories(box.dbPath);
    expect(after.map((row) => [row.id, row.session_id, row.created_at, row.content])).toEqual(
      before.map((row) => [row.id, row.session_id, row.created_at, row.content]),
    );
    // The search index follows: the stale word is gone, the re-derived text is found.
    expect((await runCli(['search', 'zebracorn', '--json'], { env: { ...box.env, ...RECENT } })).stdout).toBe('[]\n');
    expect(await importJson(box, ['--refresh', FIXTURES])).toMatchObject({ refreshed: 0, unchanged: before.length });
  });
});
