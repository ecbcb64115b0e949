// SessionStart's open errors walk the project's open errors newest first only as far as the block needs.
// What they show must be what one GROUP BY over every open error shows (the query they replace), on a
// real SQLite file full of repeated failures, failures without a command key, equal times and a window;
// where a failure's newest runs share one time, the GROUP BY takes any of them and the walk the last
// stored. And the walk must read along its own index, so thousands of open errors cost no more.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../lib/db/open.js';
import {
  OPEN_ERRORS_COUNT_BY_KEY,
  OPEN_ERRORS_COUNT_BY_TEXT,
  OPEN_ERRORS_FIRST_PAGE,
  OPEN_ERRORS_NEXT_PAGE,
  openErrors,
} from '../../../lib/session/context-queries.js';
import { tempDir } from '../../helpers.js';

const PROJECT = '/w/app';

interface Shown {
  readonly content: string;
  readonly filePath: string | null;
  readonly createdAt: string;
  readonly sessionId?: string;
  readonly times?: number;
  readonly agent?: string;
}

/** A row as the comparison sees it: which failure, when, how often; not which of its equal-time runs. */
const failure = ({ content, filePath, createdAt, times, agent }: Shown) => ({
  failure: content.replace(/ \(\d+\)$/, ''),
  filePath,
  createdAt,
  times,
  agent,
});

/** The GROUP BY that SessionStart ran before the walk, kept here as the reference. */
function grouped(db: Db, limit: number, since = ''): Shown[] {
  return db
    .prepare(
      `SELECT content, file_path AS filePath, max(created_at) AS createdAt, session_id AS sessionId, count(*) AS times, agent
       FROM memories WHERE project_path = ? AND type = 'error' AND resolved_by IS NULL AND created_at >= ?
       GROUP BY coalesce(command_key, tool_name || char(0) || content)
       ORDER BY createdAt DESC, max(id) DESC LIMIT ?`,
    )
    .all(PROJECT, since, limit) as Shown[];
}

/** The failure's newest open run in the window, the last stored of those at that time. */
function newestRun(db: Db, shown: Shown, since: string): unknown {
  return db
    .prepare(
      `SELECT content, session_id AS sessionId FROM memories
       WHERE project_path = ? AND type = 'error' AND resolved_by IS NULL AND created_at >= ?
         AND coalesce(command_key, tool_name || char(0) || content) = (
           SELECT coalesce(command_key, tool_name || char(0) || content) FROM memories WHERE content = ?)
       ORDER BY created_at DESC, id DESC LIMIT 1`,
    )
    .get(PROJECT, since, shown.content);
}

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function seeded(rows: number, seed: number): Db {
  const db = openDb(join(tempDir(), `open-errors-${seed}.db`), { create: true });
  if (!db) throw new Error('no database');
  const next = random(seed);
  const insert = db.prepare(
    `INSERT INTO memories (session_id, tool_name, type, project, project_path, content, tags, importance, created_at,
       source, command_key, resolved_by)
     VALUES (@session, @tool, @type, 'app', @project, @content, '', 3, @createdAt, 'hook', @key, @resolvedBy)`,
  );
  db.transaction(() => {
    for (let i = 0; i < rows; i++) {
      const failure = Math.floor(next() * 40);
      const keyed = failure % 5 !== 0;
      // Minutes drawn from a small range, so many rows share a time; rows are not inserted in time order.
      const minute = Math.floor(next() * 90);
      insert.run({
        session: `s${Math.floor(next() * 6)}`,
        tool: keyed ? 'Bash' : failure % 2 ? 'Edit' : 'Write',
        type: next() < 0.85 ? 'error' : 'command',
        project: next() < 0.9 ? PROJECT : '/w/other',
        content: keyed
          ? `Bash error: npm run task-${failure} (${i})`
          : `${failure % 2 ? 'Edit' : 'Write'} failed on file-${failure % 3}.ts`,
        createdAt: new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString(),
        key: keyed ? `npm run task-${failure}` : null,
        resolvedBy: next() < 0.2 ? 1 : null,
      });
    }
  })();
  return db;
}

describe("SessionStart's open errors", () => {
  it.each([
    [5, 1],
    [300, 2],
    [300, 3],
    [2000, 4],
  ])('show what a GROUP BY over all of them shows (%i rows, seed %i)', (rows, seed) => {
    const db = seeded(rows, seed);
    for (const limit of [1, 5, 12, 100])
      for (const since of ['', '2026-11-20T09:45:00.000Z', '2026-11-21T00:00:00.000Z']) {
        const shown = openErrors(db, PROJECT, limit, since);
        expect(shown.map(failure)).toEqual(grouped(db, limit, since).map(failure));
        for (const row of shown)
          expect({ content: row.content, sessionId: row.sessionId }).toEqual(newestRun(db, row, since));
      }
    db.close();
  });

  it('walk along their own index, newest first, with no sort of their own, and count each failure by an index seek', () => {
    const db = seeded(50, 5);
    const plan = (sql: string): string =>
      (
        db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({
          projectPath: PROJECT,
          since: '',
          beforeAt: '2027',
          beforeId: 1e9,
          key: 'npm test',
          toolName: 'Edit',
          content: 'x',
        }) as Array<{
          detail: string;
        }>
      )
        .map((row) => row.detail)
        .join(' | ');
    for (const sql of [OPEN_ERRORS_FIRST_PAGE, OPEN_ERRORS_NEXT_PAGE]) {
      expect(plan(sql)).toMatch(/USING INDEX memories_open_errors_recent/);
      expect(plan(sql)).not.toMatch(/TEMP B-TREE/);
    }
    expect(plan(OPEN_ERRORS_COUNT_BY_KEY)).toMatch(
      /USING INDEX memories_open_errors \(project_path=\? AND command_key=\?\)/,
    );
    expect(plan(OPEN_ERRORS_COUNT_BY_TEXT)).toMatch(
      /USING INDEX memories_open_unkeyed \(project_path=\? AND tool_name=\? AND/,
    );
    db.close();
  });
});
