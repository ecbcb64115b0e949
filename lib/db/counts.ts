// How many memories there are, in all or in one project, from the counts the triggers keep
// (memory_counts, schema v6) instead of count(*) over every row.
import { prepared, type Db } from './open.js';

export function memoryTotal(db: Db, projectPath: string | null = null): number {
  return projectPath === null
    ? (prepared(db, 'SELECT coalesce(sum(memories), 0) FROM memory_counts').pluck().get() as number)
    : ((prepared(db, 'SELECT memories FROM memory_counts WHERE project_path = ?').pluck().get(projectPath) as
        number | undefined) ?? 0);
}
