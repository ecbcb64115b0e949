// In-process figures of the benchmark report: where the bytes of a memory go (SQLite's dbstat), and what
// SessionStart's queries and a search cost on an open connection at each database size. Returns the lines.
import Database from 'better-sqlite3';
import { openErrors, recentByImportance, recentSummaries } from '../lib/session/context-queries.js';
import { openDb } from '../lib/db/open.js';
import { bestMatches } from '../lib/search/best-match-queries.js';
import { NO_FILTERS } from '../lib/search/queries.js';
import { IMPORTANCE } from '../lib/memory.js';
import { ms, timeCalls } from './measure.js';

/** Where the bytes per memory go, table by table and index by index (SQLite's dbstat). */
export function storageLines(path: string): string[] {
  const lines: string[] = [];
  const db = new Database(path, { readonly: true });
  try {
    const memories = (db.prepare('SELECT count(*) AS n FROM memories').get() as { n: number }).n;
    const rows = db
      .prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name HAVING bytes > 0 ORDER BY bytes DESC')
      .all() as Array<{ name: string; bytes: number }>;
    const total = rows.reduce((sum, row) => sum + row.bytes, 0);
    lines.push(
      `Where the ${(total / memories).toFixed(0)} bytes per memory go at ${memories.toLocaleString('en')} memories: ${rows
        .filter((row) => row.bytes / memories >= 5)
        .map((row) => `${row.name} ${(row.bytes / memories).toFixed(0)}`)
        .join(', ')}.`,
    );
    lines.push('');
  } finally {
    db.close();
  }
  return lines;
}

/** In-process: where the time of SessionStart's queries and of a search goes, against size. */
export function inProcessLines(
  databases: ReadonlyMap<number, string>,
  mainSize: number,
  project: string,
  searches: ReadonlyArray<readonly [string, string]>,
): string[] {
  const lines: string[] = [];
  const sizes = [...databases.keys()];
  lines.push('## In-process query cost against size (one project, no errors)');
  lines.push('');
  lines.push(
    'Medians of 30 calls on an open connection, statements prepared: the part of a process that grows with the database.',
  );
  lines.push('');
  lines.push(`| query | ${sizes.map((s) => s.toLocaleString('en')).join(' | ')} |`);
  lines.push(`|---|${sizes.map(() => '---:').join('|')}|`);
  const rows: Array<[string, (db: Database.Database) => unknown]> = [
    ['SessionStart: 3 latest summaries', (db) => recentSummaries(db, project, 3)],
    ['SessionStart: 10 latest changes (importance 2)', (db) => recentByImportance(db, project, IMPORTANCE.change, 10)],
    ['SessionStart: 5 open errors', (db) => openErrors(db, project, 5)],
    ...searches.map(([label, query]): [string, (db: Database.Database) => unknown] => [
      `search ${label} \`${query}\` (20 results)`,
      (db) => bestMatches(db, query, NO_FILTERS, { limit: 20 }),
    ]),
  ];
  for (const [label, call] of rows) {
    const cells = sizes.map((size) => {
      const db = openDb(databases.get(size) as string, { create: false }) as Database.Database;
      try {
        return ms(timeCalls(30, () => call(db)).median);
      } finally {
        db.close();
      }
    });
    lines.push(`| ${label} | ${cells.join(' | ')} |`);
  }
  const db = openDb(databases.get(mainSize) as string, { create: false }) as Database.Database;
  const plan = db
    .prepare(
      'EXPLAIN QUERY PLAN SELECT content FROM memories WHERE project_path = ? AND importance = 3 ORDER BY created_at DESC LIMIT 5',
    )
    .all(project) as Array<{ detail: string }>;
  db.close();
  lines.push('');
  lines.push(`Plan of the errors query: ${plan.map((row) => `\`${row.detail}\``).join(', ')}.`);
  lines.push('');
  return lines;
}
