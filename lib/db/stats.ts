// Aggregates behind `memory search --stats`: totals, counts by type, tool and project, activity per
// day, top files and the heads of recent commands, all under the same filters as search.
import { prepared, type Db } from './open.js';
import { bind, WHERE, type Filters } from './search.js';

export interface Count {
  readonly name: string;
  readonly count: number;
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
  /** Local calendar day (YYYY-MM-DD) → memories, for days since `dayFrom`. */
  readonly perDay: Count[];
  readonly topFiles: Array<Count & { readonly project_path: string }>;
  /** Heads of the newest 5,000 command memories, for the caller to group by command. */
  readonly commandHeads: string[];
}

/** Everything `--stats` shows, under the usual filters. */
export function memoryStats(db: Db, filters: Filters, dayFrom: string, top: number): RawStats {
  const params = bind(filters);
  const totals = prepared(db, `
    SELECT count(*) AS total, count(DISTINCT m.session_id) AS sessions,
           coalesce(sum(m.type = 'error'), 0) AS errors, min(m.created_at) AS oldest, max(m.created_at) AS newest
    FROM memories m WHERE ${WHERE}`).get(params) as Pick<RawStats, 'total' | 'sessions' | 'errors' | 'oldest' | 'newest'>;
  const groupBy = (column: string): Count[] => prepared(db, `
    SELECT m.${column} AS name, count(*) AS count FROM memories m WHERE ${WHERE}
    GROUP BY m.${column} ORDER BY count DESC, name LIMIT 50`).all(params) as Count[];
  const summaries = prepared(db, `
    SELECT count(*) AS n FROM session_summaries s
    WHERE s.session_id IN (SELECT DISTINCT m.session_id FROM memories m WHERE ${WHERE})`).get(params) as { n: number };
  // SQLite's 'localtime' follows the process TZ, as the JS side that labels the days does.
  const perDay = prepared(db, `
    SELECT date(m.created_at, 'localtime') AS name, count(*) AS count FROM memories m
    WHERE ${WHERE} AND m.created_at >= @dayFrom GROUP BY name ORDER BY name`).all({ ...params, dayFrom }) as Count[];
  const topFiles = prepared(db, `
    SELECT m.file_path AS name, m.project_path AS project_path, count(*) AS count FROM memories m
    WHERE ${WHERE} AND m.file_path IS NOT NULL
    GROUP BY m.file_path, m.project_path ORDER BY count DESC, max(m.created_at) DESC LIMIT @top`)
    .all({ ...params, top }) as RawStats['topFiles'];
  const commandHeads = prepared(db, `
    SELECT substr(m.content, 1, 200) AS head FROM memories m WHERE ${WHERE} AND m.type = 'command'
    ORDER BY m.created_at DESC LIMIT 5000`).pluck().all(params) as string[];
  return {
    ...totals,
    summaries: summaries.n,
    byType: groupBy('type'),
    byTool: groupBy('tool_name'),
    byProject: groupBy('project'),
    perDay,
    topFiles,
    commandHeads,
  };
}
