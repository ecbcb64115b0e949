// Schema v3 (best-match search) and v7 (the compact substring index) on real files: a v2 database built with the shipped v2 migrations keeps
// every row through the upgrade and stays searchable while its older rows wait for the batch indexer;
// and every memory keeps the request it served, which search matches as a field of lower weight.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bestMatches } from '../../lib/search/best-match-queries.js';
import { registerIndexFunctions } from '../../lib/db/index-functions.js';
import { openDb } from '../../lib/db/open.js';
import { MIGRATIONS } from '../../lib/db/schema.js';
import { NO_FILTERS } from '../../lib/search/queries.js';
import { memoryCli, openForCheck, searchHits } from '../cli-helpers.js';
import {
  allMemories,
  bashResponse,
  openForRead,
  postToolUse,
  runCli,
  runHook,
  sandbox,
  type HookName,
  type Sandbox,
} from '../helpers.js';

const V2_ROWS = [
  ['Bash', 'command', null, 'pnpm dev --port 3001  # Start development server', 'bash,pnpm'],
  ['Edit', 'file_edit', '/work/my-app/src/useTodos.ts', 'Edited useTodos.ts: "const a" → "const todos"', 'edit,ts'],
  ['Bash', 'error', null, 'Bash error (exit 1): pytest\nAssertionError: expected 2 got 3', 'bash,pytest,error'],
] as const;

/** A database exactly as release v2 wrote it: its two migrations, its triggers, `user_version` 2. */
function v2Database(box: Sandbox): void {
  mkdirSync(dirname(box.dbPath), { recursive: true });
  const db = new Database(box.dbPath);
  db.pragma('journal_mode = WAL');
  db.exec(MIGRATIONS[0] as string);
  db.exec(MIGRATIONS[1] as string);
  db.pragma('user_version = 2');
  const insert =
    db.prepare(`INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags, importance, created_at)
    VALUES ('old-1', ?, ?, 'my-app', '/work/my-app', ?, ?, ?, 2, ?)`);
  V2_ROWS.forEach(([tool, type, file, content, tags], i) =>
    insert.run(tool, type, file, content, tags, `2026-11-0${i + 1}T10:00:00.000Z`),
  );
  db.close();
}

async function hook(box: Sandbox, name: HookName, payload: unknown, now: string): Promise<void> {
  const result = await runHook(name, payload, { env: { ...box.env, CLAUDE_MEMORY_NOW: now } });
  expect(result).toMatchObject({ code: 0, stderr: '' });
}

describe('upgrading a v2 database to best-match search', () => {
  it('keeps every row, answers searches before the old rows are indexed, and indexes them in batches', async () => {
    const box = sandbox();
    v2Database(box);
    const before = allMemories(box.dbPath).map((row) => [row.id, row.content]);

    await hook(
      box,
      'post-tool-use',
      postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse('ok')),
      '2026-11-20T10:00:00Z',
    );
    const db = openForRead(box.dbPath);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(
      allMemories(box.dbPath)
        .map((row) => [row.id, row.content])
        .slice(0, 3),
    ).toEqual(before);
    // The hook indexed only its own row; the three older ones wait.
    expect(db.prepare('SELECT pending_to FROM search_index_build').pluck().get()).toBe(3);
    expect(db.prepare('SELECT count(*) FROM memory_words').pluck().get()).toBe(1);
    expect(
      db.prepare("SELECT name FROM sqlite_master WHERE name IN ('memories_fts', 'memories_trigram')").all(),
    ).toEqual([]);
    expect(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'memories_project_importance'").get()).toBeDefined();
    expect(
      db.prepare("SELECT name FROM sqlite_master WHERE name IN ('memories_stats', 'memory_files') ORDER BY name").all(),
    ).toEqual([{ name: 'memories_stats' }, { name: 'memory_files' }]);
    db.close();

    // A reader that cannot write (the MCP server, the page) still finds the waiting rows.
    const reader = openDb(box.dbPath, { create: false, queryOnly: true });
    try {
      const found = reader && bestMatches(reader, 'development server', NO_FILTERS, { limit: 5 });
      expect(found?.matches.map((match) => match.row.id)).toEqual([1]);
    } finally {
      reader?.close();
    }

    // `memory search` only reads: it finds the waiting row, and the file stays as it was.
    const scanned = await searchHits(box, ['assertion', 'error']);
    expect(scanned.map((row) => row.memory['id'])).toEqual([3]);
    const unchanged = openForRead(box.dbPath);
    expect(unchanged.prepare('SELECT pending_to FROM search_index_build').pluck().get()).toBe(3);
    unchanged.close();

    // `--reindex` indexes them all; then the words index answers with identifier parts.
    const reindex = await runCli(['search', '--reindex'], { env: box.env });
    expect(reindex.stdout).toBe('Indexed 3 memories; every memory is in the search index.\n');
    const rows = await searchHits(box, ['assertion', 'error']);
    expect(rows.map((row) => [row.memory['id'], row.tier])).toEqual([[3, 'unicode61']]);
    const after = openForRead(box.dbPath);
    expect(after.prepare('SELECT count(*) FROM search_index_build').pluck().get()).toBe(0);
    expect(after.prepare('SELECT count(*) FROM memory_words').pluck().get()).toBe(4);
    after.close();
    expect((await searchHits(box, ['use', 'todos'])).map((row) => row.memory['id'])).toEqual([2]);
    const again = await runCli(['search', '--reindex'], { env: box.env });
    expect(again.stdout).toBe('Every memory was already in the search index.\n');
  });
});

describe('the request a memory served', () => {
  it('is the session prompt before it, without its <private> part, and search finds the memory by it', async () => {
    const box = sandbox();
    const base = {
      session_id: 'sess-1111',
      transcript_path: join(box.home, 'none.jsonl'),
      cwd: box.project,
      permission_mode: 'default',
    };
    await hook(
      box,
      'user-prompt-submit',
      {
        ...base,
        hook_event_name: 'UserPromptSubmit',
        prompt: '로그인할 때 에러 나는 거 고쳐줘 <private>hunter2</private>',
      },
      '2026-11-20T09:00:00Z',
    );
    await hook(
      box,
      'post-tool-use',
      postToolUse(
        box,
        'Edit',
        { file_path: join(box.project, 'src/login.ts'), old_string: 'a', new_string: 'session.refresh()' },
        { filePath: join(box.project, 'src/login.ts'), success: true },
      ),
      '2026-11-20T09:01:00Z',
    );
    await hook(
      box,
      'post-tool-use',
      postToolUse(box, 'Bash', { command: 'npm test -- login' }, bashResponse('로그인 에러 test passes')),
      '2026-11-20T09:02:00Z',
    );
    const requests = openForRead(box.dbPath).prepare('SELECT id, request FROM memories ORDER BY id').all();
    expect(requests).toEqual([
      { id: 1, request: '로그인할 때 에러 나는 거 고쳐줘 [private]' },
      { id: 2, request: '로그인할 때 에러 나는 거 고쳐줘 [private]' },
    ]);
    // Both are found; the one whose own text holds the words ranks first.
    const rows = await searchHits(box, ['로그인', '에러']);
    expect(rows.map((row) => row.memory['id'])).toEqual([2, 1]);
    expect((await searchHits(box, ['hunter2'])).map((row) => row.memory['id'])).toEqual([]);
  });
});

const V5_ROWS = [
  ['Bash', 'command', null, 'pnpm dev --port 3001  # Start development server', 'bash,pnpm', 'start the dev server'],
  ['Edit', 'file_edit', 'src/useTodos.ts', 'Edited useTodos.ts: "const a" → "const todos"', 'edit,ts', null],
  [
    'Bash',
    'error',
    null,
    'Bash error (exit 1): pytest\nAssertionError: 인증을 handler expected 2',
    'bash,pytest,error',
    null,
  ],
] as const;

/** A database as release v5 wrote it: its five migrations, its triggers and index text, rows in it. */
function v5Database(box: Sandbox): void {
  mkdirSync(dirname(box.dbPath), { recursive: true });
  const db = new Database(box.dbPath);
  db.pragma('journal_mode = WAL');
  registerIndexFunctions(db);
  for (const migration of MIGRATIONS.slice(0, 5)) db.exec(migration);
  db.pragma('user_version = 5');
  const insert = db.prepare(`
    INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags, importance, created_at, tool_use_id, request)
    VALUES ('old-1', ?, ?, 'my-app', ?, ?, ?, ?, 2, ?, ?, ?)`);
  V5_ROWS.forEach(([tool, type, file, content, tags, request], i) =>
    insert.run(
      tool,
      type,
      box.project,
      file === null ? null : join(box.project, file),
      content,
      tags,
      `2026-11-0${i + 1}T10:00:00.000Z`,
      `toolu_old_${i}`,
      request,
    ),
  );
  db.close();
}

describe('upgrading a v5 database to the compact substring index (v7)', () => {
  it('keeps every row and both indexes whole, finds old and new memories alike, and drops the indexes v7 replaced', async () => {
    const box = sandbox();
    v5Database(box);
    const before = openForRead(box.dbPath).prepare('SELECT * FROM memories ORDER BY id').all();
    expect(before).toHaveLength(V5_ROWS.length);

    await hook(
      box,
      'post-tool-use',
      postToolUse(
        box,
        'Edit',
        { file_path: join(box.project, 'src/handlerRegistry.ts'), old_string: 'a', new_string: 'register(handler)' },
        { filePath: join(box.project, 'src/handlerRegistry.ts'), success: true },
      ),
      '2026-11-20T10:00:00Z',
    );
    // A later version (intent) remade both indexes: the rows of v5 wait for the batch indexer.
    expect((await memoryCli(box, ['search', '--reindex'])).code).toBe(0);
    const db = openForCheck(box.dbPath);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    // Every row as it was, with the columns later versions added: the intent (empty: nothing said it) and
    // the agent (Claude Code's, the only one a v5 database knew).
    expect(db.prepare('SELECT * FROM memories ORDER BY id').all().slice(0, before.length)).toEqual(
      before.map((row) => ({ ...(row as object), intent: null, agent: 'claude-code' })),
    );
    expect(db.prepare('SELECT count(*) FROM memories').pluck().get()).toBe(before.length + 1);
    // Nothing waits for an indexer: the rows of v5 keep their entries, the new row has the v7 text.
    expect(db.prepare('SELECT count(*) FROM search_index_build').pluck().get()).toBe(0);
    for (const table of ['memory_words', 'memory_grams']) {
      expect(db.prepare(`SELECT count(*) FROM ${table}_docsize`).pluck().get(), table).toBe(before.length + 1);
      expect(() =>
        db.prepare(`INSERT INTO ${table} (${table}, rank) VALUES ('integrity-check', 1)`).run(),
      ).not.toThrow();
    }
    expect(
      db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'memories_project%' ORDER BY name").pluck().all(),
    ).toEqual(['memories_project_importance']);
    // The overview's counts per file start from the rows v5 left, and count the new one.
    expect(
      db.prepare('SELECT file_path, project_path, project, type, memories, last_at FROM memory_files ORDER BY 1').all(),
    ).toEqual([
      {
        file_path: join(box.project, 'src/handlerRegistry.ts'),
        project_path: box.project,
        project: 'my-app',
        type: 'file_edit',
        memories: 1,
        last_at: '2026-11-20T10:00:00.000Z',
      },
      {
        file_path: join(box.project, 'src/useTodos.ts'),
        project_path: box.project,
        project: 'my-app',
        type: 'file_edit',
        memories: 1,
        last_at: '2026-11-02T10:00:00.000Z',
      },
    ]);
    expect(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'memories_files'").get()).toBeUndefined();
    const newRow = db
      .prepare('SELECT rowid FROM memory_grams WHERE memory_grams MATCH \'"src/handlerRegistry"\'')
      .pluck()
      .all();
    expect(newRow).toEqual([before.length + 1]);

    // A substring (trigram tier) reaches a v5 row and the v7 row; a word, a v5 row; so does its request.
    const andle = await searchHits(box, ['andle']);
    expect(andle.map((row) => [row.memory['id'], row.tier]).sort()).toEqual([
      [3, 'trigram'],
      [4, 'trigram'],
    ]);
    expect((await searchHits(box, ['pnpm'])).map((row) => row.memory['id'])).toEqual([1]);
    expect((await searchHits(box, ['evelopmen'])).map((row) => row.memory['id'])).toEqual([1]);
    expect((await searchHits(box, ['useTodos'])).map((row) => row.memory['id'])).toEqual([2]);

    // An old row rewritten in place (the update trigger) and one deleted (the delete trigger) keep both indexes whole.
    const writer = openForCheck(box.dbPath);
    registerIndexFunctions(writer);
    writer.prepare("UPDATE memories SET content = 'pnpm dev --port 4000  # restart' WHERE id = 1").run();
    writer.prepare('DELETE FROM memories WHERE id = 2').run();
    for (const table of ['memory_words', 'memory_grams']) {
      expect(writer.prepare(`SELECT count(*) FROM ${table}_docsize`).pluck().get(), table).toBe(before.length);
      expect(() =>
        writer.prepare(`INSERT INTO ${table} (${table}, rank) VALUES ('integrity-check', 1)`).run(),
      ).not.toThrow();
    }
    expect((await searchHits(box, ['4000'])).map((row) => row.memory['id'])).toEqual([1]);
    expect((await searchHits(box, ['todos'])).map((row) => row.memory['id'])).toEqual([]);
  });
});
