// Aggregates behind `memory search --stats` and the page's overview: totals, counts by type, tool and
// project, activity per day, top files and the heads of recent commands, under the same filters as search.
import { prepared, type Db } from '../db/open.js';
import type { Filters } from '../search/queries.js';

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

// Each filter's condition. Only the filters given are written into the SQL (the statement cache keys
// on the text): `@x IS NULL OR …` hides from the planner which index could answer, and every
// aggregate would then read the wide rows (content inline) instead of a narrow covering index.
const CONDITIONS: { readonly [K in keyof Filters]-?: string } = {
  project: 'm.project = @project',
  projectPath: 'm.project_path = @projectPath',
  type: 'm.type = @type',
  since: 'm.created_at >= @since',
  before: 'm.created_at < @before',
  sessionId: 'm.session_id = @sessionId',
  ids: 'm.id IN (SELECT value FROM json_each(@ids))',
  agent: 'm.agent = @agent',
};

/** Filters memory_files cannot answer: it counts memories per file, type and project, not per time or row. */
const COUNTED: ReadonlyArray<keyof Filters> = ['since', 'before', 'sessionId', 'ids', 'agent'];

/** The WHERE of the filters given, and the parameters it names (no others). */
function filterSql(filters: Filters): { readonly where: string; readonly params: Record<string, string> } {
  const conditions: string[] = [];
  const params: Record<string, string> = {};
  for (const key of Object.keys(CONDITIONS) as Array<keyof Filters>) {
    const value = filters[key];
    if (value === null || value === undefined) continue;
    conditions.push(CONDITIONS[key]);
    params[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return { where: conditions.length === 0 ? '1' : conditions.join(' AND '), params };
}

/**
 * Everything `--stats` shows, under the usual filters. Table scans are the cost at 100k rows: with
 * the SQL written for the filters given, totals, types, tools, projects and the time span come from
 * one pass over the narrow covering index memories_stats, sessions from memories_session, top files
 * from the counts per file (memory_files), the rest from the indexes that already had them. Days are
 * counted over their UTC ranges (the created_at index; converting every row with SQLite's
 * 'localtime' costs ten times more).
 */
export function memoryStats(db: Db, filters: Filters, days: readonly DayRange[], top: number): RawStats {
  const filtered = filterSql(filters);
  const byPath = (filters.projectPath ?? null) !== null;
  // Under a project name, memories_stats (project, type, tool_name, created_at, …) reaches a time range
  // only with every type and tool named: the project's own pairs, found a seek each.
  const named = !byPath && (filters.project ?? null) !== null ? projectPairs(db, filters.project as string) : null;
  const timed = (filters.since ?? null) !== null || (filters.before ?? null) !== null;
  const where = named && timed ? `${filtered.where} AND ${NAMED}` : filtered.where;
  const params: Record<string, string> = named && timed ? { ...filtered.params, ...named } : filtered.params;
  // One pass in the order of memories_stats (no sort): totals by type, tool and project, and the
  // time span, summed here over the few groups.
  const groups = prepared(
    db,
    `
    SELECT m.project AS project, m.type AS type, m.tool_name AS tool, count(*) AS count,
           min(m.created_at) AS oldest, max(m.created_at) AS newest
    FROM memories m WHERE ${where}
    GROUP BY m.project, m.type, m.tool_name`,
  ).all(params) as Array<{
    project: string;
    type: string;
    tool: string;
    count: number;
    oldest: string;
    newest: string;
  }>;
  const sum = (key: 'project' | 'type' | 'tool'): Count[] => {
    const counts = new Map<string, number>();
    for (const group of groups) counts.set(group[key], (counts.get(group[key]) ?? 0) + group.count);
    // Ties by name in SQLite's order (bytes of UTF-8), as ORDER BY name gave them.
    return [...counts]
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => b.count - a.count || Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)))
      .slice(0, 50);
  };
  const byType = sum('type');
  const oldest = groups.reduce<string | null>(
    (min, group) => (min === null || group.oldest < min ? group.oldest : min),
    null,
  );
  const newest = groups.reduce<string | null>(
    (max, group) => (max === null || group.newest > max ? group.newest : max),
    null,
  );
  // Alone in its statement: count(DISTINCT) then walks memories_session in order, without a sort.
  const sessions = prepared(db, `SELECT count(DISTINCT m.session_id) FROM memories m WHERE ${where}`)
    .pluck()
    .get(params) as number;
  const summaries = prepared(
    db,
    `
    SELECT count(*) AS n FROM session_summaries s
    WHERE s.session_id IN (SELECT m.session_id FROM memories m WHERE ${where})`,
  ).get(params) as { n: number };
  // A day's count is a range of an index on created_at: under a project path, every importance named
  // (the column holds 1–3) makes it three ranges of (project_path, importance, created_at); under a
  // project name, its types and tools named, ranges of memories_stats. Without them, both would walk
  // the whole project for every day.
  const byTime = byPath ? `${where} AND m.importance IN (1, 2, 3)` : named && !timed ? `${where} AND ${NAMED}` : where;
  const perDay = prepared(
    db,
    `
    SELECT d.value ->> '$.day' AS name,
           (SELECT count(*) FROM memories m WHERE ${byTime}
              AND m.created_at >= d.value ->> '$.from' AND m.created_at < d.value ->> '$.to') AS count,
           (SELECT count(*) FROM memories m WHERE ${byTime} AND m.type = 'error'
              AND m.created_at >= d.value ->> '$.from' AND m.created_at < d.value ->> '$.to') AS errors
    FROM json_each(@days) d ORDER BY d.key`,
  ).all({ ...params, ...named, days: JSON.stringify(days) }) as RawStats['perDay'];
  // Under no filter but project, project path and type, the counts per file the triggers keep (schema
  // v7: a few rows per file); under a time, session or id filter, the rows themselves.
  const topFiles = prepared(
    db,
    COUNTED.every((key) => filters[key] === null || filters[key] === undefined)
      ? `
    SELECT m.file_path AS name, m.project_path AS project_path, sum(m.memories) AS count FROM memory_files m
    WHERE ${where} AND m.memories > 0
    GROUP BY m.file_path, m.project_path ORDER BY count DESC, max(m.last_at) DESC LIMIT @top`
      : `
    SELECT m.file_path AS name, m.project_path AS project_path, count(*) AS count FROM memories m
    WHERE ${where} AND m.file_path IS NOT NULL
    GROUP BY m.file_path, m.project_path ORDER BY count DESC, max(m.created_at) DESC LIMIT @top`,
  ).all({ ...params, top }) as RawStats['topFiles'];
  // Per tool, the filters alone: the tool and type then make one ordered range of memories_stats.
  const commandHeads = named
    ? newestCommands(db, filtered.where, filtered.params, false, commandTools(groups))
    : newestCommands(db, where, params, byPath, null);
  return {
    total: groups.reduce((total, group) => total + group.count, 0),
    sessions,
    errors: byType.find((count) => count.name === 'error')?.count ?? 0,
    summaries: summaries.n,
    oldest,
    newest,
    byType,
    byTool: sum('tool'),
    byProject: sum('project'),
    perDay,
    topFiles,
    commandHeads,
  };
}

const NAMED =
  'm.type IN (SELECT value FROM json_each(@types)) AND m.tool_name IN (SELECT value FROM json_each(@tools))';

/** The types and tools of a project's memories (JSON lists): a seek of memories_stats per pair. */
function projectPairs(db: Db, project: string): { types: string; tools: string } {
  const nextType = prepared(
    db,
    'SELECT m.type FROM memories m WHERE m.project = @project AND m.type > @type ORDER BY m.type LIMIT 1',
  ).pluck();
  const nextTool = prepared(
    db,
    `SELECT m.tool_name FROM memories m WHERE m.project = @project AND m.type = @type AND m.tool_name > @tool
     ORDER BY m.tool_name LIMIT 1`,
  ).pluck();
  const types: string[] = [];
  const tools = new Set<string>();
  let type = nextType.get({ project, type: '' }) as string | undefined;
  while (type !== undefined) {
    types.push(type);
    let tool = nextTool.get({ project, type, tool: '' }) as string | undefined;
    while (tool !== undefined) {
      tools.add(tool);
      tool = nextTool.get({ project, type, tool }) as string | undefined;
    }
    type = nextType.get({ project, type }) as string | undefined;
  }
  return { types: JSON.stringify(types), tools: JSON.stringify([...tools]) };
}

/** How many of the newest commands the top commands are counted from. */
const COMMAND_HEADS = 5000;

/** The tools of the command memories the groups found. */
function commandTools(groups: ReadonlyArray<{ readonly type: string; readonly tool: string }>): string[] {
  return [...new Set(groups.filter((group) => group.type === 'command').map((group) => group.tool))];
}

/**
 * Heads of the newest commands under the filters. Under a project name, one pass per tool (almost
 * always Bash alone) walks memories_stats (project, type, tool_name, created_at) in time order; under
 * a project path, three ranges of (project_path, importance, created_at); otherwise the created_at index.
 */
function newestCommands(
  db: Db,
  where: string,
  params: Record<string, string>,
  byPath: boolean,
  tools: readonly string[] | null,
): string[] {
  const sql = (extra: string): string => `
    SELECT substr(m.content, 1, 200) AS head, m.created_at AS at FROM memories m
    WHERE ${where}${extra} AND m.type = 'command' ORDER BY m.created_at DESC LIMIT ${COMMAND_HEADS}`;
  type Head = { head: string; at: string };
  if (tools === null)
    return (prepared(db, sql(byPath ? ' AND m.importance IN (1, 2, 3)' : '')).all(params) as Head[]).map(
      (row) => row.head,
    );
  const heads = tools.flatMap(
    (tool) => prepared(db, sql(' AND m.tool_name = @tool')).all({ ...params, tool }) as Head[],
  );
  if (tools.length > 1) heads.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return heads.slice(0, COMMAND_HEADS).map((row) => row.head);
}
