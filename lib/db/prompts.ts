// What each session was asked (the prompts table) and the transcript read offsets Stop keeps.
import type { Db } from './open.js';
import { withBusyRetry } from './open.js';

export interface NewPrompt {
  readonly sessionId: string;
  readonly project: string;
  readonly projectPath: string;
  readonly text: string;
  readonly createdAt: string;
  readonly source: 'hook' | 'import';
}

export interface PromptRow {
  readonly text: string;
  readonly createdAt: string;
  readonly project: string;
  readonly projectPath: string;
}

/** Stores a prompt once per session (the hook and a transcript catch-up may both see it). */
export function insertPrompt(db: Db, prompt: NewPrompt): boolean {
  const run = () =>
    db
      .prepare(
        `
    INSERT OR IGNORE INTO prompts (session_id, project, project_path, text, created_at, source)
    VALUES (@sessionId, @project, @projectPath, @text, @createdAt, @source)`,
      )
      .run(prompt).changes > 0;
  return withBusyRetry(run);
}

export function sessionPrompts(db: Db, sessionId: string, limit = 50): PromptRow[] {
  return db
    .prepare(
      `
    SELECT text, created_at AS createdAt, project, project_path AS projectPath FROM prompts
    WHERE session_id = ? ORDER BY created_at, id LIMIT ?`,
    )
    .all(sessionId, limit) as PromptRow[];
}

export function readOffset(db: Db, path: string): number {
  const row = db.prepare('SELECT offset FROM transcript_reads WHERE path = ?').get(path) as
    { offset: number } | undefined;
  return row?.offset ?? 0;
}

export function saveOffset(db: Db, path: string, offset: number, at: string): void {
  withBusyRetry(() =>
    db
      .prepare(
        `
    INSERT INTO transcript_reads (path, offset, updated_at) VALUES (?, ?, ?)
    ON CONFLICT (path) DO UPDATE SET offset = excluded.offset, updated_at = excluded.updated_at`,
      )
      .run(path, offset, at),
  );
}
