// Marks a project's open errors resolved when the same command (or, for tests, the same or a
// broader target) later ran cleanly. Runs inside the insert's transaction.
import type { CommandKey } from '../memory.js';
import { prepared, type Db } from './open.js';

// The test-target rule of command-key.ts's resolves(), in SQL: the passing run's key, then a
// separator (` `, `:` as in pytest's `file::test`, `/` for a folder). Every such key sorts from the
// key itself up to `key;` (`;` follows `:` and `/`): that range reads memories_open_errors by key,
// not every open error of the project. Only errors stored before the run (a lower id): a batch
// resolves after writing all its rows, and a failure later in it stays open, as if stored one by one.
export const RESOLVE_SQL = `UPDATE memories SET resolved_by = @byId, resolved_at = @at
WHERE type = 'error' AND resolved_by IS NULL AND project_path = @projectPath AND created_at <= @at AND id < @byId
AND command_key >= @key AND command_key < @key || ';'
AND (command_key = @key OR (@isTest = 1 AND substr(command_key, length(@key) + 1, 1) IN (' ', ':', '/')))`;

/** Returns how many errors the run `byId` resolved. */
export function resolveErrors(db: Db, projectPath: string, key: CommandKey, byId: number, at: string): number {
  return prepared(db, RESOLVE_SQL).run({ byId, at, projectPath, key: key.key, isTest: key.isTest ? 1 : 0 }).changes;
}
