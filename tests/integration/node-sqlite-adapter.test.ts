// lib/db/node-sqlite.ts gives node:sqlite the part of better-sqlite3's API that lib/db/ relies on.
// node:sqlite with FTS5 exists from Node 22.16 on and vitest may run on an older Node, so each check
// runs in an official Node 22 and 24 binary (bench/node-binaries.ts) against the tsc output
// (dist/lib/db/), printing what it saw as JSON: the same calls are then made through better-sqlite3
// in this process and the two answers must agree.
import { NODE_FLAGS } from '../../lib/runtime/executables.js';
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIST, tempDir } from '../helpers.js';
import { nodeBinary, type NodeBinary } from '../../bench/node-binaries.js';

const nodes = new Map<number, NodeBinary>();
beforeAll(() => {
  for (const major of [22, 24] as const) nodes.set(major, nodeBinary(major));
}, 900_000);

/**
 * The calls under test, written once: `open(path)` gives a connection (better-sqlite3's or the
 * adapter's), `second(path)` another one on the same file. Returns what each call gave back.
 */
const SCENARIO = `
async function scenario(open, second, path) {
  const seen = {};
  const db = open(path);
  seen.wal = db.pragma('journal_mode = WAL', { simple: true });
  seen.pragmaRows = db.pragma('user_version');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n INTEGER)');
  db.exec("CREATE VIRTUAL TABLE f USING fts5 (body, tokenize = 'trigram')");
  const insert = db.prepare('INSERT INTO t (name, n) VALUES (@name, @n)');
  const run = insert.run({ name: 'a', n: 1, unused: 'extra keys are ignored' });
  seen.run = { changes: run.changes, lastInsertRowid: Number(run.lastInsertRowid) };
  seen.positional = db.prepare('SELECT ? + ? AS sum').get(2, 3);
  seen.spread = db.prepare('SELECT ? || ? AS joined').get(['x', 'y']);
  seen.missing = db.prepare('SELECT * FROM t WHERE id = ?').get(99) ?? 'undefined';
  seen.plucked = db.prepare('SELECT name FROM t').pluck().all();
  seen.plainObject = Object.getPrototypeOf(db.prepare('SELECT 1 AS one').get()) === Object.prototype;
  // Nested transactions are savepoints: the inner one rolls back alone, the outer one commits.
  const outer = db.transaction(() => {
    insert.run({ name: 'b', n: 2 });
    try {
      db.transaction(() => {
        insert.run({ name: 'c', n: 3 });
        throw new Error('inner');
      })();
    } catch {}
    return 'outer done';
  });
  seen.outer = outer.immediate();
  seen.afterSavepoint = db.prepare('SELECT name FROM t ORDER BY id').pluck().all();
  try {
    db.transaction(() => { insert.run({ name: 'd', n: 4 }); throw new Error('rolled back'); }).immediate();
  } catch (error) { seen.thrown = error.message; }
  seen.afterRollback = db.prepare('SELECT count(*) FROM t').pluck().get();
  seen.inTransaction = db.inTransaction;
  db.prepare('INSERT INTO f (body) VALUES (?)').run('the greeting module');
  seen.trigram = db.prepare("SELECT body FROM f WHERE f MATCH 'eeti'").pluck().all();
  try { db.exec('SELEC 1'); } catch (error) { seen.syntax = error.code; }
  try { db.prepare('INSERT INTO t (id, name) VALUES (1, ?)').run('dup'); } catch (error) { seen.constraint = error.code; }
  // Another connection holds the write lock: ours reports SQLITE_BUSY, as lib/faults/faults.ts expects.
  const other = second(path);
  other.pragma('busy_timeout = 0');
  db.pragma('busy_timeout = 0');
  other.exec('BEGIN IMMEDIATE');
  try { db.exec('BEGIN IMMEDIATE'); } catch (error) { seen.busy = error.code; }
  other.exec('ROLLBACK');
  other.close();
  db.close();
  seen.closed = db.open;
  return seen;
}`;

function viaAdapter(node: string, dir: string): unknown {
  const adapter = pathToFileURL(join(DIST, 'lib', 'db', 'node-sqlite.js')).href;
  const script = `${SCENARIO}
const { openNodeSqlite, nodeSqliteProblem } = await import(${JSON.stringify(adapter)});
if (nodeSqliteProblem() !== null) throw new Error(nodeSqliteProblem());
const open = (path) => openNodeSqlite(path, {});
console.log(JSON.stringify(await scenario(open, open, ${JSON.stringify(join(dir, 'adapter.db'))})));`;
  const result = spawnSync(node, [...NODE_FLAGS, '--input-type=module', '-e', script], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as unknown;
}

async function viaBetterSqlite3(dir: string): Promise<unknown> {
  const scenario = new Function(`${SCENARIO}; return scenario;`)() as (
    open: (path: string) => Database.Database,
    second: (path: string) => Database.Database,
    path: string,
  ) => Promise<unknown>;
  const open = (path: string): Database.Database => new Database(path);
  return scenario(open, open, join(dir, 'addon.db'));
}

describe.each([22, 24] as const)('node:sqlite behind the better-sqlite3 API, in Node %i', (major) => {
  it('answers every call lib/db/ makes as better-sqlite3 does, error codes included', async ({ skip }) => {
    const node = nodes.get(major);
    if (!node?.ok) return skip(node?.reason ?? 'not set up');
    const dir = tempDir('cmh-adapter-');
    const expected = await viaBetterSqlite3(dir);
    expect(expected).toMatchObject({
      afterSavepoint: ['a', 'b'],
      afterRollback: 2,
      busy: 'SQLITE_BUSY',
      constraint: 'SQLITE_CONSTRAINT_PRIMARYKEY',
    });
    const adapter = viaAdapter(node.path, dir) as Record<string, unknown>;
    // better-sqlite3 names extended codes (SQLITE_CONSTRAINT_PRIMARYKEY); the adapter the primary one,
    // which is what lib/faults/faults.ts and the capture path compare (by prefix).
    expect(String((expected as Record<string, unknown>)['constraint'])).toMatch(
      new RegExp(`^${String(adapter['constraint'])}`),
    );
    expect({ ...adapter, constraint: 'same family' }).toEqual({
      ...(expected as Record<string, unknown>),
      constraint: 'same family',
    });
  });
});
