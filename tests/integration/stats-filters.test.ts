// memoryStats writes its SQL for the filters given (so the planner can use the covering indexes):
// every filter, alone and combined, must give the numbers a plain count over the rows gives; so must
// the counts per file the triggers keep, after deletes and updates.
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDb, type Db } from '../../lib/db/open.js';
import { NO_FILTERS, type Filters } from '../../lib/search/queries.js';
import { memoryStats, type Count, type DayRange } from '../../lib/overview/queries.js';
import type { MemoryRow, NewMemory } from '../../lib/memory.js';
import { memory, seed, summary } from '../cli-helpers.js';
import { sandbox, type Sandbox } from '../helpers.js';

const DAYS: DayRange[] = [
  { day: '2026-03-08', from: '2026-03-08T00:00:00.000Z', to: '2026-03-09T00:00:00.000Z' },
  { day: '2026-03-09', from: '2026-03-09T00:00:00.000Z', to: '2026-03-10T00:00:00.000Z' },
  { day: '2026-03-10', from: '2026-03-10T00:00:00.000Z', to: '2026-03-11T00:00:00.000Z' },
];

// Projects with tied counts and names whose order differs between UTF-16 and UTF-8 ("\u{1F600}" sorts
// before "\uFF5E" in JS, after it in SQLite).
const PROJECTS = ['my-app', 'api', 'z\u{1F600}', 'z\uFF5E'];

function rows(box: Sandbox): NewMemory[] {
  return Array.from({ length: 72 }, (_, i) => {
    const kind = i % 4;
    const project = PROJECTS[i % PROJECTS.length] as string;
    return memory({
      box,
      sessionId: `sess-${i % 7}`,
      project,
      projectPath: `/work/${project}`,
      type: kind === 0 ? 'file_edit' : kind === 1 ? 'command' : kind === 2 ? 'error' : 'file_edit',
      toolName: kind === 0 ? 'Edit' : kind === 3 ? 'Write' : 'Bash',
      filePath: kind === 0 || kind === 3 ? `/work/${project}/src/f${i % 5}.ts` : null,
      content: kind === 1 || kind === 2 ? `npm run job-${i % 6} --flag` : `edit ${i}`,
      createdAt: new Date(Date.parse('2026-03-08T00:30:00.000Z') + i * 3_600_000).toISOString(),
    });
  });
}

const byBytes = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

function counted(values: readonly string[]): Count[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || byBytes(a.name, b.name))
    .slice(0, 50);
}

/** What memoryStats must say, counted in JS over every row. */
function expected(all: readonly MemoryRow[], sessionsWithSummary: ReadonlySet<string>, filters: Filters, top: number) {
  const rows = all.filter(
    (row) =>
      (filters.project === null || row.project === filters.project) &&
      (filters.projectPath === null || row.project_path === filters.projectPath) &&
      (filters.type === null || row.type === filters.type) &&
      (filters.since === null || row.created_at >= filters.since) &&
      (filters.before === null || row.created_at < filters.before) &&
      (filters.sessionId === null || row.session_id === filters.sessionId) &&
      (filters.ids === null || filters.ids.includes(row.id)),
  );
  const times = rows.map((row) => row.created_at).sort();
  const sessions = new Set(rows.map((row) => row.session_id));
  const files = new Map<string, { name: string; project_path: string; count: number; last: string }>();
  for (const row of rows) {
    if (row.file_path === null) continue;
    const key = `${row.file_path}\n${row.project_path}`;
    const file = files.get(key) ?? { name: row.file_path, project_path: row.project_path, count: 0, last: '' };
    files.set(key, { ...file, count: file.count + 1, last: row.created_at > file.last ? row.created_at : file.last });
  }
  const byType = counted(rows.map((row) => row.type));
  return {
    total: rows.length,
    sessions: sessions.size,
    errors: rows.filter((row) => row.type === 'error').length,
    summaries: [...sessions].filter((session) => sessionsWithSummary.has(session)).length,
    oldest: times[0] ?? null,
    newest: times.at(-1) ?? null,
    byType,
    byTool: counted(rows.map((row) => row.tool_name)),
    byProject: counted(rows.map((row) => row.project)),
    perDay: DAYS.map((day) => {
      const inDay = rows.filter((row) => row.created_at >= day.from && row.created_at < day.to);
      return { name: day.day, count: inDay.length, errors: inDay.filter((row) => row.type === 'error').length };
    }),
    topFiles: [...files.values()]
      .sort((a, b) => b.count - a.count || (a.last < b.last ? 1 : a.last > b.last ? -1 : 0))
      .slice(0, top)
      .map(({ name, project_path: projectPath, count }) => ({ name, project_path: projectPath, count })),
    commandHeads: rows
      .filter((row) => row.type === 'command')
      .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))
      .map((row) => row.content.slice(0, 200)),
  };
}

/** A database of the rows above, its rows as stored, and the sessions that have a summary. */
function fixture(): { db: Db; all: MemoryRow[]; withSummary: Set<string> } {
  const box = sandbox();
  seed(box, rows(box), [
    summary(box, { sessionId: 'sess-1' }),
    summary(box, { sessionId: 'sess-4' }),
    summary(box, { sessionId: 'sess-none' }),
  ]);
  const db = openDb(box.dbPath, { create: false });
  if (!db) throw new Error('no database');
  onTestFinished(() => {
    db.close();
  });
  const all = db.prepare('SELECT * FROM memories ORDER BY id').all() as MemoryRow[];
  return { db, all, withSummary: new Set(['sess-1', 'sess-4', 'sess-none']) };
}

const CASES: Array<[string, Partial<Filters>]> = [
  ['no filter', {}],
  ['project', { project: 'api' }],
  ['project path', { projectPath: '/work/z\uFF5E' }],
  ['type', { type: 'error' }],
  ['since', { since: '2026-03-09T12:00:00.000Z' }],
  ['before', { before: '2026-03-09T06:00:00.000Z' }],
  ['session', { sessionId: 'sess-4' }],
  ['ids', { ids: [1, 2, 3, 4, 5, 30, 31, 70] }],
  ['project, type and since', { project: 'my-app', type: 'file_edit', since: '2026-03-08T10:00:00.000Z' }],
  ['a project with no rows', { project: 'nothing-here' }],
];

describe('memoryStats under every filter', () => {
  it('gives what counting every row gives, for each filter alone and combined', () => {
    const { db, all, withSummary } = fixture();
    for (const [name, given] of CASES) {
      const filters = { ...NO_FILTERS, ...given };
      expect(memoryStats(db, filters, DAYS, 3), name).toEqual(expected(all, withSummary, filters, 3));
    }
  });

  it('is not vacuous: the filters select different rows, and one selects none', () => {
    const { db } = fixture();
    const totals = CASES.map(([, given]) => memoryStats(db, { ...NO_FILTERS, ...given }, DAYS, 3).total);
    expect(new Set(totals).size).toBeGreaterThan(6);
    expect(totals.at(-1)).toBe(0);
  });

  // Top files under no filter but project, project path and type come from counts the triggers keep
  // (memory_files, schema v7): they must follow every delete and update of a file memory.
  it('keeps the counts per file in step with deletes and updates of file memories', () => {
    const { db, withSummary } = fixture();
    const files = (): string[] =>
      db.prepare('SELECT id FROM memories WHERE file_path IS NOT NULL ORDER BY id').pluck().all() as string[];
    const before = files().length;
    // The newest memory of one file while older ones stay; every memory of another; a path and a time rewritten.
    const newest = db
      .prepare(
        "SELECT id FROM memories WHERE file_path = '/work/my-app/src/f0.ts' AND type = 'file_edit' ORDER BY created_at DESC LIMIT 1",
      )
      .pluck()
      .get() as number;
    db.prepare('DELETE FROM memories WHERE id = ?').run(newest);
    db.prepare("DELETE FROM memories WHERE file_path = '/work/api/src/f1.ts'").run();
    db.prepare(
      "UPDATE memories SET file_path = '/work/api/src/moved.ts' WHERE id IN (SELECT id FROM memories WHERE file_path = '/work/api/src/f3.ts' LIMIT 2)",
    ).run();
    db.prepare(
      "UPDATE memories SET created_at = '2026-03-10T23:59:00.000Z' WHERE file_path = '/work/my-app/src/f2.ts' AND id = (SELECT min(id) FROM memories WHERE file_path = '/work/my-app/src/f2.ts')",
    ).run();
    db.prepare(
      "UPDATE memories SET file_path = NULL WHERE id = (SELECT max(id) FROM memories WHERE file_path = '/work/z\uFF5E/src/f4.ts')",
    ).run();
    db.prepare(
      "UPDATE memories SET file_path = '/work/api/src/new.ts' WHERE id = (SELECT min(id) FROM memories WHERE file_path IS NULL AND project = 'api')",
    ).run();
    expect(files().length).toBeLessThan(before);
    const all = db.prepare('SELECT * FROM memories ORDER BY id').all() as MemoryRow[];
    const counted = CASES.filter(([, given]) =>
      Object.keys(given).every((key) => ['project', 'projectPath', 'type'].includes(key)),
    );
    expect(counted.length).toBeGreaterThan(3);
    for (const [name, given] of counted) {
      const filters = { ...NO_FILTERS, ...given };
      expect(memoryStats(db, filters, DAYS, 20).topFiles, name).toEqual(
        expected(all, withSummary, filters, 20).topFiles,
      );
    }
    // And the counts themselves equal a count over the rows.
    expect(
      db
        .prepare(
          'SELECT file_path, project_path, project, type, memories, last_at FROM memory_files ORDER BY 1, 2, 3, 4',
        )
        .all(),
    ).toEqual(
      db
        .prepare(
          `SELECT file_path, project_path, project, type, count(*) AS memories, max(created_at) AS last_at FROM memories
           WHERE file_path IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
        )
        .all(),
    );
  });
});
