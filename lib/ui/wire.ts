// The JSON the page's API sends and the browser code reads: one set of types for both sides.
// Types only: the browser bundle imports this file, so it must not import anything at run time.
import type { MemoryRecord } from '../memory-record.js';
import type { SearchHit, Tier } from '../search/hit.js';

export type TierName = Tier;

/**
 * A memory is the public record (lib/memory-record.ts), every string cleaned of escape sequences and
 * invisible characters (the content keeps its newlines). Render as text.
 */
export type WireMemory = MemoryRecord;

export interface WireSession {
  readonly session_id: string;
  readonly project: string;
  readonly started_at: string;
  readonly last_at: string;
  readonly memories: number;
  readonly errors: number;
  readonly headline: string | null;
}

export interface PageInfo {
  readonly page: number;
  readonly pages: number;
  readonly total: number;
}

export interface TimelineResponse extends PageInfo {
  readonly sessions: WireSession[];
}

export interface SessionResponse extends PageInfo {
  readonly session_id: string;
  readonly summary: {
    readonly text: string;
    readonly started_at: string;
    readonly ended_at: string;
    readonly duration_sec: number;
  } | null;
  readonly memories: WireMemory[];
}

export interface WireSegment {
  readonly text: string;
  readonly hit: boolean;
}

export interface SearchResponse {
  readonly query: string;
  readonly tier: TierName | null;
  readonly tier_label: string | null;
  readonly page: number;
  readonly has_more: boolean;
  /** Best match first: each the search hit every surface shows (lib/search/hit.ts), with its marked text. */
  readonly hits: WireHit[];
}

/** A search hit, every string cleaned as a WireMemory's, with the content's and intent's search words marked. */
export interface WireHit extends SearchHit {
  readonly snippet: WireSegment[];
  /** What the call was for (its intent), search words marked; null when nothing said it. */
  readonly why: WireSegment[] | null;
}

export interface WireCount {
  readonly name: string;
  readonly count: number;
}

export interface OverviewResponse {
  readonly project: string | null;
  readonly days: number;
  readonly total: number;
  readonly sessions: number;
  readonly summaries: number;
  readonly errors: number;
  /** errors / total, 0 when there is nothing. */
  readonly error_rate: number;
  readonly oldest: string | null;
  readonly newest: string | null;
  readonly by_type: WireCount[];
  readonly by_tool: WireCount[];
  readonly per_day: Array<{ readonly day: string; readonly count: number; readonly errors: number }>;
  readonly top_commands: Array<{ readonly command: string; readonly count: number }>;
  readonly top_files: Array<{ readonly file: string; readonly count: number }>;
}

export interface ProjectsResponse {
  readonly projects: Array<{ readonly project: string; readonly memories: number; readonly last_at: string }>;
}

export interface ErrorResponse {
  readonly error: string;
}
