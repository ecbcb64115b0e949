// How many memories there are, in all or in one project, and the span of a project's ids, from what
// the triggers keep (memory_counts, schema v6) instead of count(*) or min(id) over every row.
import { prepared, type Db } from './open.js';

export function memoryTotal(db: Db): number {
  return prepared(db, 'SELECT coalesce(sum(memories), 0) FROM memory_counts').pluck().get() as number;
}

/** Ids from `first` to `last` hold every memory of the project (and, after deletes, maybe fewer). */
export interface ProjectSpan {
  readonly memories: number;
  readonly first: number;
  readonly last: number;
}

export function projectSpan(db: Db, projectPath: string): ProjectSpan {
  const row = prepared(
    db,
    'SELECT memories, first_id AS first, last_id AS last FROM memory_counts WHERE project_path = ?',
  ).get(projectPath) as ProjectSpan | undefined;
  return row ?? { memories: 0, first: 0, last: 0 };
}

/** Whether the database holds anything captured before `iso`: a memory or a prompt. */
export function holdsBefore(db: Db, iso: string): boolean {
  return (
    prepared(
      db,
      `SELECT EXISTS (SELECT 1 FROM memories WHERE created_at < @iso)
        OR EXISTS (SELECT 1 FROM prompts WHERE created_at < @iso)`,
    )
      .pluck()
      .get({ iso }) === 1
  );
}
