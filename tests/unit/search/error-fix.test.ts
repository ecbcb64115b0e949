// An error hunt brings the step that fixed the error: the session's next edit, not the later run that
// only confirmed the fix (a real SQLite file, the production search SQL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../lib/db/open.js';
import { bestMatches } from '../../../lib/search/best-match-queries.js';
import { NO_FILTERS } from '../../../lib/search/queries.js';

let dir = '';
let db: Db;

const insert = (type: string, content: string, minute: number, session = 's1'): number =>
  Number(
    db
      .prepare(
        `INSERT INTO memories (session_id, tool_name, type, project, project_path, content, tags, importance, created_at, source)
         VALUES (?, 'Bash', ?, 'api', '/w/api', ?, '', 1, ?, 'hook')`,
      )
      .run(session, type, content, `2026-11-20T12:${String(minute).padStart(2, '0')}:00.000Z`).lastInsertRowid,
  );

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cmh-fix-'));
  const opened = openDb(join(dir, 'memory.db'), { create: true });
  if (!opened) throw new Error('no database');
  db = opened;
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an error followed by its fix', () => {
  it('is followed by the next edit of its session, though a later clean run resolved it', () => {
    const error = insert('error', 'Bash error (exit 1): npm test\nTypeError: widgetRegistry is undefined', 1);
    const edit = insert('file_edit', 'Edited app.ts: "init()" → "init(options)"', 2);
    const run = insert('command', 'npm test  # Run the suite again', 3);
    insert('command', 'git status', 4, 's2');
    db.prepare('UPDATE memories SET resolved_by = ?, resolved_at = ? WHERE id = ?').run(
      run,
      '2026-11-20T12:03:00.000Z',
      error,
    );

    const { matches } = bestMatches(db, 'widgetRegistry undefined', NO_FILTERS, { limit: 5 });
    expect(matches.map((match) => match.row.id).slice(0, 2)).toEqual([error, edit]);
    expect(matches[1]?.fixes).toBe(error);
  });

  it('is followed by the run that resolved it when no step follows within the window', () => {
    const error = insert('error', 'Bash error (exit 1): make deploy\nfatal: quuxFrobnicator missing', 10, 's3');
    const run = Number(
      db
        .prepare(
          `INSERT INTO memories (session_id, tool_name, type, project, project_path, content, tags, importance, created_at, source)
           VALUES ('s3', 'Bash', 'command', 'api', '/w/api', 'make deploy', '', 1, '2026-11-20T14:00:00.000Z', 'hook')`,
        )
        .run().lastInsertRowid,
    );
    db.prepare('UPDATE memories SET resolved_by = ?, resolved_at = ? WHERE id = ?').run(
      run,
      '2026-11-20T14:00:00.000Z',
      error,
    );

    const { matches } = bestMatches(db, 'quuxFrobnicator missing', NO_FILTERS, { limit: 5 });
    expect(matches.map((match) => match.row.id).slice(0, 2)).toEqual([error, run]);
    expect(matches[1]?.fixes).toBe(error);
  });

  it('is followed by its fix when every word of the query matched through a bridge alone', () => {
    // 히어독 → heredoc, 파일 → file, 실패 → failed: a bridged word counts half its weight, and one found only in
    // the intent less again, so the error's coverage is under a half, yet it holds everything the query asks.
    insert('command', 'echo "파일 복사 실패" >> notes.txt', 19, 's5');
    const error = Number(
      db
        .prepare(
          `INSERT INTO memories (session_id, tool_name, type, project, project_path, content, tags, importance, created_at, source, intent)
           VALUES ('s4', 'Bash', 'error', 'api', '/w/api', ?, 'bash,error,heredoc', 3, '2026-11-20T12:20:00.000Z', 'hook', ?)`,
        )
        .run("Bash error: cat > form.js << 'EOF'\nBad substitution: failed", 'Now let me write the whole new file:')
        .lastInsertRowid,
    );
    const write = insert('file_edit', 'Created write-form.js (40 lines): const fs = require("fs")', 21, 's4');

    const { matches } = bestMatches(db, '히어독 파일 실패', NO_FILTERS, { limit: 5 });
    expect(matches[0]?.row.id).toBe(error);
    expect(matches[0]?.allMatched).toBe(true);
    expect(matches.map((match) => match.row.id).slice(0, 2)).toEqual([error, write]);
    expect(matches[1]?.fixes).toBe(error);
  });
});
