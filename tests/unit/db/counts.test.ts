// memory_counts: the per-project counts the triggers keep, which search and recall read instead of
// count(*). They must equal counting the rows after an upgrade and after every kind of write.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryTotal, projectSpan } from '../../../lib/db/counts.js';
import { openDb, type Db } from '../../../lib/db/open.js';
import { MIGRATIONS } from '../../../lib/db/schema.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const INSERT = `INSERT INTO memories (session_id, tool_name, type, project, project_path, content, tags, importance, created_at)
  VALUES ('s', 'Bash', 'command', ?, ?, ?, '', 1, '2026-11-20T10:00:00.000Z')`;

/** Every project's count by counting its rows, as memoryTotal must answer. */
function counted(db: Database.Database | Db): Record<string, number> {
  const rows = db.prepare('SELECT project_path AS path, count(*) AS n FROM memories GROUP BY project_path').all() as {
    path: string;
    n: number;
  }[];
  return Object.fromEntries(rows.map(({ path, n }) => [path, n]));
}

function kept(db: Db, paths: readonly string[]): Record<string, number> {
  return Object.fromEntries(paths.map((path) => [path, projectSpan(db, path).memories]).filter(([, n]) => n !== 0));
}

describe('memory counts', () => {
  it('are counted by the upgrade, then kept by inserts, deletes and moves', () => {
    dir = mkdtempSync(join(tmpdir(), 'cmh-counts-'));
    const path = join(dir, 'memory.db');
    // A database from before the counts: the first two migrations, with rows in two projects.
    const old = new Database(path);
    old.exec(MIGRATIONS[0] as string);
    old.exec(MIGRATIONS[1] as string);
    old.pragma('user_version = 2');
    const insertOld = old.prepare(INSERT);
    for (let i = 0; i < 30; i++) insertOld.run('api', i % 3 === 0 ? '/w/web' : '/w/api', `npm run task-${i}`);
    old.close();

    const db = openDb(path, { create: false });
    if (!db) throw new Error('no database');
    try {
      const paths = ['/w/api', '/w/web', '/w/new'];
      expect(kept(db, paths)).toEqual({ '/w/api': 20, '/w/web': 10 });
      expect(memoryTotal(db)).toBe(30);

      const insert = db.prepare(INSERT);
      for (let i = 0; i < 5; i++) insert.run('new', '/w/new', `cargo build ${i}`);
      db.prepare('DELETE FROM memories WHERE project_path = ? AND id % 2 = 0').run('/w/api');
      db.prepare("UPDATE memories SET project_path = '/w/new' WHERE project_path = '/w/web' AND id < 10").run();
      // Every row of a project gone: its count goes with it.
      db.prepare("DELETE FROM memories WHERE project_path = '/w/web'").run();
      expect(kept(db, paths)).toEqual(counted(db));
      expect(memoryTotal(db)).toBe(db.prepare('SELECT count(*) FROM memories').pluck().get());
      // Each project's span of ids holds every one of its memories.
      for (const project of paths) {
        const span = projectSpan(db, project);
        const ids = db
          .prepare('SELECT min(id) AS lo, max(id) AS hi FROM memories WHERE project_path = ?')
          .get(project) as {
          lo: number | null;
          hi: number | null;
        };
        if (ids.lo === null || ids.hi === null) continue;
        expect(span.first, project).toBeLessThanOrEqual(ids.lo);
        expect(span.last, project).toBeGreaterThanOrEqual(ids.hi);
      }
      expect(db.prepare("SELECT count(*) FROM memory_counts WHERE project_path = '/w/web'").pluck().get()).toBe(0);
    } finally {
      db.close();
    }
  });
});
