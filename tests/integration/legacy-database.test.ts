// A memory.db written by the design's first implementation (same path, no user_version) is adopted:
// its rows move into the current schema, searchable, and the original tables are kept. Files written
// by later builds are read before anything migrates them, and migrated by what may write.
import Database from 'better-sqlite3';
import { chmodSync, copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../lib/db/schema.js';
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
import { startMcp } from '../mcp-helpers.js';
import { login, rawRequest, startUi } from '../ui-helpers.js';

// The schema of the design document (003): standalone FTS5 tables filled by INSERT triggers.
const LEGACY_SCHEMA = `
  CREATE TABLE memories (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT, tool_name TEXT, type TEXT,
    project TEXT, file_path TEXT, content TEXT, tags TEXT, importance INTEGER DEFAULT 1, created_at TEXT);
  CREATE INDEX idx_memories_session ON memories(session_id);
  CREATE INDEX memories_project ON memories(project);
  CREATE INDEX idx_memories_importance ON memories(importance);
  CREATE INDEX idx_memories_created ON memories(created_at);
  CREATE VIRTUAL TABLE memories_fts USING fts5(body, tags, file_path, tokenize='unicode61');
  CREATE VIRTUAL TABLE memories_trigram USING fts5(body, tags, tokenize='trigram');
  CREATE TRIGGER memories_ai AFTER INSERT ON memories BEGIN
    INSERT INTO memories_fts(rowid, body, tags, file_path) VALUES (new.id, new.content, new.tags, new.file_path);
    INSERT INTO memories_trigram(rowid, body, tags) VALUES (new.id, new.content, new.tags);
  END;
  CREATE TABLE session_summaries (session_id TEXT PRIMARY KEY, project TEXT, summary TEXT, tools_used TEXT,
    files_changed TEXT, memory_count INTEGER, duration_sec INTEGER, created_at TEXT);
`;

describe('a database from the first implementation', () => {
  it('is adopted: old rows are searchable next to new ones, and the old tables are kept', async () => {
    const box = sandbox();
    mkdirSync(dirname(box.dbPath), { recursive: true });
    const legacy = new Database(box.dbPath);
    legacy.pragma('journal_mode = WAL');
    legacy.exec(LEGACY_SCHEMA);
    const insert = legacy.prepare(
      'INSERT INTO memories (session_id, tool_name, type, project, file_path, content, tags, importance, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    insert.run(
      'old-1',
      'Edit',
      'file_edit',
      'claude-desk',
      '/w/claude-desk/schema.ts',
      'Edit schema.ts: added memories table',
      'edit',
      2,
      '2026-11-01T10:00:00.000Z',
    );
    insert.run(
      'old-1',
      'Bash',
      'error',
      'claude-desk',
      null,
      'Bash error: npm test → ENOENT 인증서',
      'bash,error',
      3,
      '2026-11-01 10:05:00',
    );
    legacy
      .prepare('INSERT INTO session_summaries VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(
        'old-1',
        'claude-desk',
        'Edited 1 file: schema.ts',
        '["Edit","Bash"]',
        '["/w/claude-desk/schema.ts"]',
        2,
        300,
        '2026-11-01T10:06:00Z',
      );
    legacy.close();

    const result = await runHook('post-tool-use', postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse()), {
      env: box.env,
    });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });

    expect(allMemories(box.dbPath).map((row) => [row.session_id, row.type, row.created_at, row.source])).toEqual([
      ['old-1', 'file_edit', '2026-11-01T10:00:00.000Z', 'legacy'],
      ['old-1', 'error', '2026-11-01T10:05:00.000Z', 'legacy'],
      ['sess-1111', 'command', expect.any(String), 'hook'],
    ]);
    const db = openForRead(box.dbPath);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.prepare('SELECT count(*) AS n FROM legacy_memories').get()).toEqual({ n: 2 });
    expect(db.prepare('SELECT session_id, summary, error_count FROM session_summaries').all()).toEqual([
      { session_id: 'old-1', summary: 'Edited 1 file: schema.ts', error_count: 1 },
    ]);
    const search = await runCli(['search', '인증서', '--json'], { env: box.env });
    expect(search.code).toBe(0);
    expect((JSON.parse(search.stdout) as Array<{ content: string }>).map((row) => row.content)).toEqual([
      'Bash error: npm test → ENOENT 인증서',
    ]);
  });

  it('is left untouched when its rows do not fit', async () => {
    const box = sandbox();
    mkdirSync(dirname(box.dbPath), { recursive: true });
    const legacy = new Database(box.dbPath);
    legacy.exec(
      "CREATE TABLE memories (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO memories (text) VALUES ('mine');",
    );
    legacy.close();
    const result = await runHook('post-tool-use', postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse()), {
      env: box.env,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^\[memory-hook\] post-tool-use: .*no such column.*\n$/);
    const db = openForRead(box.dbPath);
    expect(db.prepare('SELECT text FROM memories').all()).toEqual([{ text: 'mine' }]);
    expect(db.pragma('user_version', { simple: true })).toBe(0);
  });
});

// Files written by older builds' own hooks (tests/fixtures/databases/README.md): what a person who
// upgrades has on disk before any hook of the new build ran.
const OLD_FILES = [
  ['v7-65cb1e4.db', 7],
  ['v9-4c41184.db', 9],
] as const;

function oldFile(name: string): Sandbox {
  const box = sandbox({ CLAUDE_MEMORY_NOW: '2026-11-22T12:00:00Z', TZ: 'UTC' });
  mkdirSync(dirname(box.dbPath), { recursive: true, mode: 0o700 });
  copyFileSync(join(ROOT, 'tests', 'fixtures', 'databases', name), box.dbPath);
  chmodSync(box.dbPath, 0o600);
  return box;
}

const versionOf = (path: string): number => {
  const db = new Database(path, { readonly: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
};

describe.each(OLD_FILES)('a database an older build wrote (%s, schema v%i)', (name, version) => {
  it('is read by search, show and --stats', async () => {
    const box = oldFile(name);
    const search = await runCli(['search', 'greet', '--json'], { env: box.env });
    expect(search).toMatchObject({ code: 0, stderr: '' });
    const rows = JSON.parse(search.stdout) as Array<{ id: number; content: string }>;
    expect(rows.map((row) => row.content)).toContain('npx jest greet.test.js');
    const show = await runCli(['show', String(rows[0]?.id)], { env: box.env });
    expect(show).toMatchObject({ code: 0, stderr: '' });
    const stats = await runCli(['search', '--stats', '--json'], { env: box.env });
    expect(stats).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(stats.stdout)).toMatchObject({ total: 6, sessions: 2 });
  });

  it('is read by the page and the MCP server without being changed', async () => {
    const box = oldFile(name);
    const ui = await startUi(box);
    try {
      const cookie = await login(ui);
      const timeline = await rawRequest(ui.port, '/api/timeline', { cookie });
      expect(timeline.status).toBe(200);
      expect(JSON.parse(timeline.body)).toMatchObject({ total: 2 });
    } finally {
      expect(await ui.stop()).toBe(0);
    }
    const mcp = await startMcp(box);
    const found = await mcp.call('search', { query: 'greet', project: '*' });
    expect(found.isError).toBe(false);
    expect(found.text).toContain('npx jest greet.test.js');
    expect(mcp.stderr()).toBe('');
    expect(versionOf(box.dbPath)).toBe(version);
  });

  it('memory doctor says the one command that migrates it, checks its text for secrets, and --repair migrates', async () => {
    const box = oldFile(name);
    const doctor = await runCli(['doctor', '--json'], { env: box.env });
    const checks = (JSON.parse(doctor.stdout) as { checks: Array<{ message: string; fix?: string }> }).checks;
    expect(checks).toContainEqual(
      expect.objectContaining({
        message: `schema v${version}, this version uses v${MIGRATIONS.length} (search, the page and MCP read a migrated copy meanwhile)`,
        fix: 'memory doctor --repair migrates it now (so does the next captured tool call)',
      }),
    );
    expect(checks.map((check) => check.message).join('\n')).not.toContain('could not check the stored text');
    expect(checks.map((check) => check.message)).toContainEqual(
      expect.stringMatching(/^no stored text matches the current secret rules \(\d+ rows checked\)$/),
    );
    expect(versionOf(box.dbPath)).toBe(version);

    const repair = await runCli(['doctor', '--repair'], { env: box.env });
    expect(repair).toMatchObject({
      code: 0,
      stderr: '',
      stdout: `The database passes its integrity check; it was migrated from schema v${version} to v${MIGRATIONS.length}: nothing else to repair.\n`,
    });
    expect(versionOf(box.dbPath)).toBe(MIGRATIONS.length);
    expect(allMemories(box.dbPath)).toHaveLength(6);
  });
});

describe('a database a newer build wrote', () => {
  it('is left as it is, and the message says what to do', async () => {
    const box = oldFile('v9-4c41184.db');
    const db = new Database(box.dbPath);
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    const search = await runCli(['search', 'greet'], { env: box.env });
    expect(search.code).toBe(1);
    expect(search.stderr).toContain(
      `is newer than this claude-memory-hooks (v${MIGRATIONS.length}), which leaves it as it is: install the newer version again`,
    );
    expect(versionOf(box.dbPath)).toBe(MIGRATIONS.length + 1);
  });
});
