// Marks a project's open errors resolved when the same command (or, for tests, the same or a
// broader target) later ran cleanly. Runs inside the insert's transaction.
import type { CommandKey } from '../memory.js';
import { prepared, type Db } from './open.js';

// A passing run resolves the errors of its own key, and, for tests, those of a narrower target:
// the rule of command-key.ts's resolves() in SQL, the passing run's key, then a separator (` `, `:`
// as in pytest's `file::test`, `/` for a folder). Two statements, so each reads memories_open_errors
// by key (the narrower targets as the key range from `key ` up to `key;`) instead of every open error
// of the project.
const OPEN_ERRORS = `
  UPDATE memories SET resolved_by = @byId, resolved_at = @at
  WHERE type = 'error' AND resolved_by IS NULL AND project_path = @projectPath AND created_at <= @at`;
export const RESOLVE_SAME = `${OPEN_ERRORS} AND command_key = @key`;
export const RESOLVE_NARROWER = `${OPEN_ERRORS} AND command_key >= @key || ' ' AND command_key < @key || ';'
    AND substr(command_key, length(@key) + 1, 1) IN (' ', ':', '/')`;

/** Returns how many errors the run `byId` resolved. */
export function resolveErrors(db: Db, projectPath: string, key: CommandKey, byId: number, at: string): number {
  const values = { byId, at, projectPath, key: key.key };
  const same = prepared(db, RESOLVE_SAME).run(values).changes;
  return key.isTest ? same + prepared(db, RESOLVE_NARROWER).run(values).changes : same;
}
