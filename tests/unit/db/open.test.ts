// How lib/db/open.ts sizes SQLite's page cache: small for a one-shot reader (a search, recall), whose
// scattered reads would otherwise each fault in fresh memory; the driver's default for everyone else.
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ONE_SHOT_CACHE_PAGES, openDb, type Db } from '../../../lib/db/open.js';
import { tempDir } from '../../helpers.js';

describe('the page cache of a connection', () => {
  const dirs: string[] = [];
  const open = (oneShot?: boolean): Db => {
    const dir = tempDir();
    dirs.push(dir);
    const db = openDb(join(dir, 'memory.db'), { create: true, ...(oneShot === undefined ? {} : { oneShot }) });
    if (!db) throw new Error('openDb returned null with create');
    return db;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is ONE_SHOT_CACHE_PAGES pages for a one-shot reader', () => {
    const db = open(true);
    expect(db.pragma('cache_size', { simple: true })).toBe(ONE_SHOT_CACHE_PAGES);
    db.close();
  });

  it("is the driver's default otherwise", () => {
    const plain = new Database(':memory:');
    const byDefault = plain.pragma('cache_size', { simple: true });
    plain.close();
    expect(byDefault).not.toBe(ONE_SHOT_CACHE_PAGES);
    for (const db of [open(), open(false)]) {
      expect(db.pragma('cache_size', { simple: true })).toBe(byDefault);
      db.close();
    }
  });
});
