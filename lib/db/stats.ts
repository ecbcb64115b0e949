// Aggregates behind `memory search --stats` and the page's overview: totals, counts by type, tool and
// project, activity per day, top files and the heads of recent commands, under the same filters as search.
import { prepared, type Db } from './open.js';
import { bind, WHERE, type Filters } from './search.js';

export interface Count {
  readonly name: string;
  readonly count: number;
}

/** One local calendar day as the half-open UTC range [from, to) of its instants. */
export interface DayRange {
  readonly day: string;
  readonly from: string;
  readonly to: string;
}

export interface RawStats {
  readonly total: number;
  readonly sessions: number;
  readonly errors: number;
  readonly summaries: number;
  readonly oldest: string | null;
  readonly newest: string | null;
  readonly byType: Count[];
  readonly byTool: Count[];
  readonly byProject: Count[];
  /** Memories, and errors among them, on each of the days asked for. */
  readonly perDay: Array<Count & { readonly errors: number }>;
  readonly topFiles: Array<Count & { readonly project_path: string }>;
  /** Heads of the newest 5,000 command memories, for the caller to group by command. */
  readonly commandHeads: string[];
}

/**
 * Everything `--stats` shows, under the usual filters. Table scans are the cost at 100k rows, so
 * totals, types and tools come from one scan grouped by (type, tool), the rest from indexes where
 * an index has it, and days are counted over their UTC ranges (the created_at index; converting
 * every row with SQLite's 'localtime' costs ten times more).
 */
export function memoryStats(db: Db, filters: Filters, days: readonly DayRange[], top: number): RawStats {
  const params = bind(filters);
  const groups = prepared(
    db,
    `
    SELECT m.type AS type, m.tool_name AS tool, count(*) AS count FROM memories m WHERE ${WHERE}
    GROUP BY m.type, m.tool_name`,
  ).all(params) as Array<{ type: string; tool: string; count: number }>;
  const sum = (key: 'type' | 'tool'): Count[] => {
    const counts = new Map<string, number>();
    for (const group of groups) counts.set(group[key], (counts.get(group[key]) ?? 0) + group.count);
    return [...counts]
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .slice(0, 50);
  };
  const byType = sum('type');
  const span = prepared(
    db,
    `
    SELECT count(DISTINCT m.session_id) AS sessions, min(m.created_at) AS oldest, max(m.created_at) AS newest
    FROM memories m WHERE ${WHERE}`,
  ).get(params) as Pick<RawStats, 'sessions' | 'oldest' | 'newest'>;
  const byProject = prepared(
    db,
    `
    SELECT m.project AS name, count(*) AS count FROM memories m WHERE ${WHERE}
    GROUP BY m.project ORDER BY count DESC, name LIMIT 50`,
  ).all(params) as Count[];
  const summaries = prepared(
    db,
    `
    SELECT count(*) AS n FROM session_summaries s
    WHERE s.session_id IN (SELECT DISTINCT m.session_id FROM memories m WHERE ${WHERE})`,
  ).get(params) as { n: number };
  const perDay = prepared(
    db,
    `
    SELECT d.value ->> '$.day' AS name,
           (SELECT count(*) FROM memories m WHERE ${WHERE}
              AND m.created_at >= d.value ->> '$.from' AND m.created_at < d.value ->> '$.to') AS count,
           (SELECT count(*) FROM memories m WHERE ${WHERE} AND m.type = 'error'
              AND m.created_at >= d.value ->> '$.from' AND m.created_at < d.value ->> '$.to') AS errors
    FROM json_each(@days) d ORDER BY d.key`,
  ).all({ ...params, days: JSON.stringify(days) }) as RawStats['perDay'];
  const topFiles = prepared(
    db,
    `
    SELECT m.file_path AS name, m.project_path AS project_path, count(*) AS count FROM memories m
    WHERE ${WHERE} AND m.file_path IS NOT NULL
    GROUP BY m.file_path, m.project_path ORDER BY count DESC, max(m.created_at) DESC LIMIT @top`,
  ).all({ ...params, top }) as RawStats['topFiles'];
  const commandHeads = prepared(
    db,
    `
    SELECT substr(m.content, 1, 200) AS head FROM memories m WHERE ${WHERE} AND m.type = 'command'
    ORDER BY m.created_at DESC LIMIT 5000`,
  )
    .pluck()
    .all(params) as string[];
  return {
    total: groups.reduce((total, group) => total + group.count, 0),
    sessions: span.sessions,
    errors: byType.find((count) => count.name === 'error')?.count ?? 0,
    summaries: summaries.n,
    oldest: span.oldest,
    newest: span.newest,
    byType,
    byTool: sum('tool'),
    byProject,
    perDay,
    topFiles,
    commandHeads,
  };
}
