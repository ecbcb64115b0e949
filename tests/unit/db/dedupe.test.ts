// The write path's keyed look-ups on a real database: what the duplicate check catches, and that a busy
// session's check, and a passing run's resolving of errors, read only the rows that match by key.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DUPLICATE_CONTENT, MemoryStore } from '../../../lib/db/memories.js';
import { RESOLVE_SQL } from '../../../lib/db/resolution.js';
import { openDb, type Db } from '../../../lib/db/open.js';
import type { NewMemory } from '../../../lib/memory.js';
import { tempDir } from '../../helpers.js';

function database(): Db {
  const db = openDb(join(tempDir(), 'memory.db'), { create: true });
  if (!db) throw new Error('no database');
  return db;
}

const memory = (content: string, createdAt: string, toolUseId: string | null = null): NewMemory => ({
  sessionId: 'busy',
  toolName: 'Bash',
  type: 'command',
  project: 'app',
  projectPath: '/app',
  filePath: null,
  content,
  tags: 'bash',
  importance: 1,
  createdAt,
  toolUseId,
  agentId: null,
  exitCode: null,
  source: 'import',
});

describe('the duplicate check', () => {
  it.each([
    ['the same content 30 s later', 'npm run build', '2026-04-14T09:00:30.000Z', 'duplicate-content'],
    ['the same content 2 minutes later', 'npm run build', '2026-04-14T09:02:00.000Z', 'stored'],
    ['the same length and ending, another start', 'pnp run build', '2026-04-14T09:00:30.000Z', 'stored'],
    ['a longer content with the same ending', 'npx npm run build', '2026-04-14T09:00:30.000Z', 'stored'],
  ])('%s → %s', (_, content, createdAt, outcome) => {
    const db = database();
    const store = new MemoryStore(db);
    expect(store.insert(memory('npm run build', '2026-04-14T09:00:00.000Z'), 60)).toBe('stored');
    expect(store.insert(memory(content, createdAt), 60)).toBe(outcome);
    db.close();
  });

  it.each([
    ['59.9 s later', '2026-04-14T09:01:00.800Z', 'duplicate-content'],
    ['60.05 s later, in the whole second the window ends in', '2026-04-14T09:01:00.950Z', 'stored'],
    ['59.9 s earlier', '2026-04-14T08:59:01.000Z', 'duplicate-content'],
    ['60.05 s earlier, in the whole second the window starts in', '2026-04-14T08:59:00.850Z', 'stored'],
  ])('keeps the window exact to the millisecond: the same content %s → %s', (_, createdAt, outcome) => {
    const db = database();
    const store = new MemoryStore(db);
    expect(store.insert(memory('npm run build', '2026-04-14T09:00:00.900Z'), 60)).toBe('stored');
    expect(store.insert(memory('npm run build', createdAt), 60)).toBe(outcome);
    db.close();
  });

  it('tells apart long contents that differ only before their last 16 characters', () => {
    const db = database();
    const store = new MemoryStore(db);
    const tail = 'x'.repeat(20);
    expect(store.insert(memory(`a${tail}`, '2026-04-14T09:00:00.000Z'), 60)).toBe('stored');
    expect(store.insert(memory(`b${tail}`, '2026-04-14T09:00:01.000Z'), 60)).toBe('stored');
    expect(store.insert(memory(`a${tail}`, '2026-04-14T09:00:02.000Z'), 60)).toBe('duplicate-content');
    db.close();
  });

  it("searches a session's rows by content length, ending and second, not by time alone", () => {
    const db = database();
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${DUPLICATE_CONTENT}`)
      .all({ sessionId: 's', content: 'c', from: 'a', to: 'b' }) as Array<{ detail: string }>;
    expect(plan.map((step) => step.detail).join('\n')).toMatch(
      /SEARCH memories USING INDEX memories_dedupe \(session_id=\? AND <expr>=\? AND <expr>=\? AND <expr>>\? AND <expr><\?\)/,
    );
    db.close();
  });
});

describe('resolving errors by a passing run', () => {
  it("reads the project's open errors of its key and narrower targets by key, not all of them", () => {
    const db = database();
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${RESOLVE_SQL}`)
      .all({ byId: 1, at: 'a', projectPath: '/p', key: 'npm test', isTest: 1 }) as Array<{ detail: string }>;
    expect(plan.map((step) => step.detail).join('\n')).toMatch(
      /USING INDEX memories_open_errors \(project_path=\? AND command_key>\? AND command_key<\?\)/,
    );
    db.close();
  });
});
