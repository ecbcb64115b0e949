// The page's JSON API over a read-only connection: timeline, session, search, overview, projects.
// Same search engine and stats computation as the CLI; every stored string leaves as plain data
// (cleaned of escape sequences) for the browser to render as text.
import { projectList, sessionDetail, sessionPage, sessionRank } from './queries.js';
import type { Db } from '../db/open.js';
import { bestMatches } from '../search/best-match-queries.js';
import { NO_FILTERS, type Filters } from '../search/queries.js';
import type { MemoryRow } from '../memory.js';
import { toPublicRecord } from '../memory-record.js';
import { searchHit } from '../search/hit.js';
import { cleanBlock, cleanText, displayPath } from '../text/sanitize.js';
import { parseType, parseWhen } from '../search/filters.js';
import { searchTerms, TIER_LABELS } from '../search/plan.js';
import { likeSnippet, markedSegments } from '../search/snippet.js';
import { computeStats } from '../overview/stats.js';
import type {
  ErrorResponse,
  OverviewResponse,
  ProjectsResponse,
  SearchResponse,
  SessionResponse,
  TimelineResponse,
  WireMemory,
} from './wire.js';

export const TIMELINE_PAGE = 25;
export const SESSION_PAGE = 200;
export const SEARCH_PAGE = 20;
/** Chart spans the overview offers; the first is `memory search --stats`'s. */
export const OVERVIEW_DAYS: readonly number[] = [14, 30, 90];
const TOP = 10;
/** How deep search pages go: 50 pages of 20. */
const SEARCH_DEPTH = 1000;

export interface ApiContext {
  readonly db: Db;
  readonly dbPath: string;
  readonly now: () => Date;
}

export interface ApiResult {
  readonly status: number;
  readonly body: unknown;
}

class BadRequest extends Error {}

type Handler = (context: ApiContext, params: URLSearchParams) => unknown;

const ROUTES: Readonly<Record<string, Handler>> = {
  '/api/projects': projects,
  '/api/timeline': timeline,
  '/api/session': session,
  '/api/search': search,
  '/api/overview': overview,
};

/** The answer for an API path, or null when `path` is not one. */
export function handleApi(context: ApiContext, path: string, params: URLSearchParams): ApiResult | null {
  const handler = Object.hasOwn(ROUTES, path) ? ROUTES[path] : undefined;
  if (!handler) return null;
  try {
    return { status: 200, body: handler(context, params) };
  } catch (error) {
    if (error instanceof BadRequest) return { status: 400, body: { error: error.message } satisfies ErrorResponse };
    throw error;
  }
}

function projects(context: ApiContext): ProjectsResponse {
  return { projects: projectList(context.db) };
}

function timeline(context: ApiContext, params: URLSearchParams): TimelineResponse {
  const project = textParam(params, 'project');
  const sessionId = textParam(params, 'session');
  let page = pageParam(params);
  if (sessionId !== null && !params.has('page')) {
    const rank = sessionRank(context.db, project, sessionId);
    if (rank !== null) page = Math.floor(rank / TIMELINE_PAGE) + 1;
  }
  const { total, sessions } = sessionPage(context.db, project, TIMELINE_PAGE, (page - 1) * TIMELINE_PAGE);
  return { page, pages: pagesOf(total, TIMELINE_PAGE), total, sessions };
}

function session(context: ApiContext, params: URLSearchParams): SessionResponse {
  const sessionId = textParam(params, 'id');
  if (sessionId === null) throw new BadRequest('id: which session?');
  const page = pageParam(params);
  const detail = sessionDetail(context.db, sessionId, SESSION_PAGE, (page - 1) * SESSION_PAGE);
  const summary = detail.summary && {
    text: cleanBlock(detail.summary.summary),
    started_at: detail.summary.started_at,
    ended_at: detail.summary.ended_at,
    duration_sec: detail.summary.duration_sec,
  };
  return {
    session_id: sessionId,
    page,
    pages: pagesOf(detail.total, SESSION_PAGE),
    total: detail.total,
    summary,
    memories: detail.memories.map(wireMemory),
  };
}

function search(context: ApiContext, params: URLSearchParams): SearchResponse {
  const query = params.get('q') ?? '';
  const page = pageParam(params);
  if (searchTerms(query).length === 0) return { query, tier: null, tier_label: null, page, has_more: false, hits: [] };
  // The engine answers "the best N"; page p is the slice after the first p-1 pages of that answer.
  const end = page * SEARCH_PAGE;
  if (end > SEARCH_DEPTH) throw new BadRequest(`page: at most ${SEARCH_DEPTH / SEARCH_PAGE}`);
  const found = bestMatches(context.db, query, filtersOf(params, context.now()), {
    limit: SEARCH_PAGE,
    offset: end - SEARCH_PAGE,
  });
  return {
    query,
    tier: found.tier,
    tier_label: TIER_LABELS[found.tier],
    page,
    has_more: found.more && end < SEARCH_DEPTH,
    hits: found.matches.map((match) => ({
      ...searchHit(wireMemory(match.row), found.tier, match),
      snippet: markedSegments(likeSnippet(match.row.content, match.matched)),
      why: match.row.intent ? markedSegments(likeSnippet(match.row.intent, match.matched, 160)) : null,
    })),
  };
}

function overview(context: ApiContext, params: URLSearchParams): OverviewResponse {
  const now = context.now();
  const filters = filtersOf(params, now);
  const daysText = params.get('days');
  const days = daysText === null ? (OVERVIEW_DAYS[0] as number) : Number(daysText);
  if (!OVERVIEW_DAYS.includes(days)) throw new BadRequest(`days: one of ${OVERVIEW_DAYS.join(', ')}`);
  const stats = computeStats(context.db, filters, context.dbPath, now, TOP, days);
  return {
    project: filters.project,
    days,
    total: stats.total,
    sessions: stats.sessions,
    summaries: stats.summaries,
    errors: stats.errors,
    error_rate: stats.total === 0 ? 0 : stats.errors / stats.total,
    oldest: stats.oldest,
    newest: stats.newest,
    by_type: stats.by_type,
    by_tool: stats.by_tool,
    per_day: stats.per_day,
    top_commands: stats.top_commands.map(({ command, count }) => ({ command: cleanText(command), count })),
    top_files: stats.top_files.map(({ file, project_path: projectPath, count }) => ({
      file: displayPath(file, projectPath),
      count,
    })),
  };
}

/** The public record with every string as plain text for the browser. */
function wireMemory(row: MemoryRow): WireMemory {
  return toPublicRecord(row, { text: cleanText, content: { text: cleanBlock(row.content), excerpt: false } });
}

/** project, type and since, validated as the CLI validates its flags. */
function filtersOf(params: URLSearchParams, now: Date): Filters {
  const type = textParam(params, 'type');
  const since = textParam(params, 'since');
  return {
    ...NO_FILTERS,
    project: textParam(params, 'project'),
    type: type === null ? null : valid(parseType(type)),
    since: since === null ? null : valid(parseWhen('since', since, now)),
  };
}

function valid<T>(parsed: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!parsed.ok) throw new BadRequest(parsed.error.replace(/^--/, ''));
  return parsed.value;
}

/** A non-empty parameter, or null when absent or blank. */
function textParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim() ?? '';
  return value === '' ? null : value;
}

function pageParam(params: URLSearchParams): number {
  const text = params.get('page');
  if (text === null || text === '') return 1;
  if (!/^\d{1,6}$/.test(text) || Number(text) < 1) throw new BadRequest('page: a whole number from 1');
  return Number(text);
}

function pagesOf(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
