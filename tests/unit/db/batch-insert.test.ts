// A batch of inserts (an import's) written many rows to a statement and indexed for search together
// must leave the database exactly as storing the same memories one by one does: the same outcomes,
// rows, resolutions, counts and search index entries, and the batch indexer's waiting range untouched.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../lib/db/memories.js';
import { insertMemories } from '../../../lib/db/memory-batch.js';
import { ADMIT_NONE, LIVE } from '../../../lib/db/memories.js';
import { openDb, type Db } from '../../../lib/db/open.js';
import { indexPending, pendingTo } from '../../../lib/db/search-index.js';
import { contentKey } from '../../../lib/db/tombstones.js';
import type { InsertOutcome, NewMemory } from '../../../lib/memory.js';
import { tempDir } from '../../helpers.js';

function database(name: string): Db {
  const db = openDb(join(tempDir(), `${name}.db`), { create: true });
  if (!db) throw new Error('no database');
  return db;
}

const at = (second: number): string => new Date(Date.UTC(2026, 10, 20, 9, 0, second)).toISOString();

function memory(n: number, content: string, fields: Partial<NewMemory> = {}): NewMemory {
  return {
    sessionId: 'busy',
    toolName: 'Bash',
    type: 'command',
    project: 'app',
    projectPath: '/w/app',
    filePath: null,
    content,
    tags: 'bash',
    importance: 1,
    createdAt: at(n),
    toolUseId: `toolu_${n}`,
    agentId: null,
    exitCode: null,
    source: 'import',
    ...fields,
  };
}

const failure = (n: number, command: string, isTest = false): NewMemory =>
  memory(n, `Bash error (exit 1): ${command}\nAssertionError: case ${n}`, {
    type: 'error',
    importance: 3,
    exitCode: 1,
    commandKey: { key: command, isTest },
  });
const pass = (n: number, command: string, isTest = false): NewMemory =>
  memory(n, `${command}  # run ${n}`, { commandKey: { key: command, isTest } });

/** One of each thing the rules look at, in one session of calls a second apart (and a few beside it). */
const BATCH: readonly NewMemory[] = [
  failure(1, 'npm test', true),
  failure(2, 'npm test tests/a.test.ts', true),
  failure(3, 'cargo build'),
  pass(4, 'npm test', true), // resolves 1 and 2 (a narrower target), not 3
  failure(5, 'npm test', true), // after the pass: stays open
  { ...failure(18, 'npm test', true), createdAt: at(3) }, // stored after the pass, from before it: stays open
  memory(6, 'npm run build  # build', { request: 'the request the payload gave' }),
  memory(7, 'npm run build  # build', { toolUseId: 'toolu_7' }), // the same content 1 s later
  memory(8, 'npm run lint', { toolUseId: 'toolu_6' }), // a tool call already in this batch
  memory(9, 'forgotten secret-free text'), // a tombstone's content
  memory(10, 'a call of a disabled session', { sessionId: 'off' }),
  memory(11, 'a held call from before the upgrade', { sessionId: 'held', createdAt: at(11) }),
  memory(12, 'a held call from after the upgrade', { sessionId: 'held', createdAt: at(50) }),
  memory(13, 'Edited app.ts: "a" → "b"', {
    toolName: 'Edit',
    type: 'file_edit',
    filePath: '/w/app/src/app.ts',
    tags: 'edit,ts',
    importance: 2,
    intent: 'rename the handler',
    request: null,
  }),
  memory(14, 'half an emoji \ud83d at the cut', { toolUseId: null }),
  memory(15, 'npm run build  # build', { toolUseId: null, createdAt: at(200) }), // same content, far later
  pass(16, 'cargo build'),
  // Another project's pass of the same command resolves nothing here.
  memory(17, 'npm test  # the web app', { projectPath: '/w/web', commandKey: { key: 'npm test', isTest: true } }),
  ...Array.from({ length: 300 }, (_, i) => memory(100 + i, `step ${i} of a long run`, { agent: 'codex' })),
];

/** The same database state either way: outcomes aside, everything a later reader sees. */
function state(db: Db): Record<string, unknown> {
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.words USING fts5vocab(main, memory_words, 'instance');
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.grams USING fts5vocab(main, memory_grams, 'instance')`);
  const all = (sql: string): unknown[] => db.prepare(sql).all();
  return {
    memories: all('SELECT *, hex(content) AS bytes FROM memories ORDER BY id'),
    counts: all('SELECT * FROM memory_counts ORDER BY project_path'),
    files: all('SELECT * FROM memory_files ORDER BY file_path'),
    words: all('SELECT * FROM temp.words ORDER BY term, doc, col, offset'),
    grams: all('SELECT * FROM temp.grams ORDER BY term, doc, col, offset'),
    sequence: all("SELECT seq FROM sqlite_sequence WHERE name = 'memories'"),
    waiting: pendingTo(db),
  };
}

/** What both databases hold before the batch: a prompt, a tombstone, a disabled and a held session. */
function prepare(db: Db): void {
  const store = new MemoryStore(db);
  expect(store.insert(memory(0, 'an earlier call'), 60)).toBe('stored');
  db.prepare(
    `INSERT INTO prompts (session_id, project, project_path, text, created_at) VALUES ('busy', 'app', '/w/app', ?, ?)`,
  ).run('make the tests pass', at(0));
  // A later prompt (the rows from its second on serve it) and another session's, which serves none here.
  const prompt = db.prepare(
    `INSERT INTO prompts (session_id, project, project_path, text, created_at) VALUES (?, 'app', '/w/app', ?, ?)`,
  );
  prompt.run('busy', 'now the lint', at(8));
  prompt.run('other', 'not this session', at(1));
  db.prepare(
    `INSERT INTO forgotten (session_id, project, tool_name, type, created_at, content_key, forgotten_at)
     VALUES ('busy', 'app', 'Bash', 'command', ?, ?, ?)`,
  ).run(at(9), contentKey('busy', 'forgotten secret-free text'), at(0));
  db.prepare('INSERT INTO disabled_sessions VALUES (?, ?)').run('off', at(0));
  db.prepare('INSERT INTO held_sessions VALUES (?, ?)').run('held', at(30));
}

describe('a batch of inserts', () => {
  it('stores, refuses and resolves exactly what storing one by one does, and indexes the same entries', () => {
    const one = database('one');
    const batch = database('batch');
    prepare(one);
    prepare(batch);
    const single = new MemoryStore(one);
    const outcomes = BATCH.map((m) => single.insert(m, 60, ADMIT_NONE));
    expect(insertMemories(batch, BATCH, 60, ADMIT_NONE)).toEqual(outcomes);
    expect(state(batch)).toEqual(state(one));

    // In BATCH's order: its first 19 memories, then 300 stored.
    const [stored, content, toolUse] = ['stored', 'duplicate-content', 'duplicate-tool-use'] as const;
    expect(outcomes.slice(0, 19)).toEqual<InsertOutcome[]>([
      ...[stored, stored, stored, stored, stored, stored, stored, content, toolUse],
      ...['forgotten', 'disabled', 'held', stored, stored, stored, stored, stored, stored, stored],
    ] as InsertOutcome[]);
    expect(outcomes.slice(19).every((outcome) => outcome === 'stored')).toBe(true);
    const open = batch
      .prepare("SELECT tool_use_id FROM memories WHERE type = 'error' AND resolved_by IS NULL ORDER BY id")
      .pluck()
      .all();
    expect(open).toEqual(['toolu_5', 'toolu_18']);
    const requests = batch
      .prepare(
        "SELECT tool_use_id AS id, request FROM memories WHERE tool_use_id IN ('toolu_4', 'toolu_6', 'toolu_16') ORDER BY rowid",
      )
      .all();
    expect(requests).toEqual([
      { id: 'toolu_4', request: 'make the tests pass' },
      { id: 'toolu_6', request: 'the request the payload gave' },
      { id: 'toolu_16', request: 'now the lint' },
    ]);
    const found = batch
      .prepare('SELECT count(*) FROM memory_words WHERE memory_words MATCH ?')
      .pluck()
      .get('"long run"');
    expect(found).toBe(300);
    one.close();
    batch.close();
  });

  it('stores the same bytes as a single insert: the batch is idempotent against either', () => {
    const db = database('again');
    const store = new MemoryStore(db);
    const odd = [memory(1, 'half an emoji \ud83d at the cut'), memory(2, 'a lone \udc00 low half')];
    expect(insertMemories(db, odd, 60, LIVE)).toEqual(['stored', 'stored']);
    const again = odd.map((m) => ({ ...m, toolUseId: null }));
    expect(insertMemories(db, again, 60, LIVE)).toEqual(['duplicate-content', 'duplicate-content']);
    expect(store.insert(again[0] as NewMemory, 60)).toBe('duplicate-content');
    db.close();
  });

  it('knows the tool calls stored before it, however their ids are spelled, as a single insert does', () => {
    const one = database('ids-one');
    const batch = database('ids-batch');
    const earlier = ['toolu_plain', 'toolu_half_\ud83d', 'toolu_low_\udc00'].map((id, n) =>
      memory(n, `earlier call ${n}`, { toolUseId: id }),
    );
    for (const db of [one, batch]) insertMemories(db, earlier, 60, LIVE);
    // 130 new ids around the three known ones: more than one statement's worth of ids.
    const later = [
      ...earlier.map((m, n) => ({ ...m, content: `later call ${n}`, createdAt: at(40 + n) })),
      ...Array.from({ length: 130 }, (_, n) => memory(100 + n, `new call ${n}`, { toolUseId: `toolu_new_${n}` })),
    ];
    const single = new MemoryStore(one);
    const outcomes = later.map((m) => single.insert(m, 60, LIVE));
    expect(outcomes.slice(0, 3)).toEqual(['duplicate-tool-use', 'duplicate-tool-use', 'duplicate-tool-use']);
    expect(insertMemories(batch, later, 60, LIVE)).toEqual(outcomes);
    expect(state(batch)).toEqual(state(one));
    one.close();
    batch.close();
  });

  it('leaves the rows still waiting for the batch indexer waiting, and indexes only its own', () => {
    const db = database('waiting');
    const store = new MemoryStore(db);
    // Rows from before an upgrade of the search indexes: not indexed, waiting up to the newest of them.
    db.prepare('INSERT INTO search_index_build (id, pending_to) VALUES (1, ?)').run(Number.MAX_SAFE_INTEGER);
    for (const n of [1, 2]) store.insert(memory(n, `zeppelin older ${n}`), 60);
    db.prepare('UPDATE search_index_build SET pending_to = (SELECT max(id) FROM memories)').run();
    const waiting = pendingTo(db);

    insertMemories(db, [memory(3, 'zeppelin newer one'), memory(4, 'zeppelin newer two')], 60, LIVE);
    const hits = (): unknown[] =>
      db.prepare("SELECT rowid FROM memory_words WHERE memory_words MATCH 'zeppelin' ORDER BY rowid").pluck().all();
    expect(pendingTo(db)).toBe(waiting);
    expect(hits()).toEqual([3, 4]);
    expect(indexPending(db, 100)).toBe(2);
    expect(hits()).toEqual([1, 2, 3, 4]);
    expect(pendingTo(db)).toBeNull();
    db.close();
  });

  it('writes nothing when any row fails: the whole batch rolls back, waiting range and all', () => {
    const db = database('rollback');
    const broken = { ...memory(2, 'no such kind'), type: 'nonsense' } as unknown as NewMemory;
    expect(() => insertMemories(db, [memory(1, 'fine'), broken], 60, LIVE)).toThrow(/CHECK constraint/);
    expect(db.prepare('SELECT count(*) FROM memories').pluck().get()).toBe(0);
    expect(pendingTo(db)).toBeNull();
    db.close();
  });
});
