// One found memory, the same on every surface that shows search results (the CLI's text and --json,
// the MCP search tool, team search, the page): its public record, with how it was found beside it.
// Flat, so a `--json` reader finds the record's keys where it always has (docs/record.md).
// It imports only types: the page's browser code reads its types (lib/ui/wire.ts).
import type { MemoryRecord } from '../memory-record.js';

/** The search indexes, most exact first (lib/search/plan.ts runs them). */
export type Tier = 'unicode61' | 'trigram' | 'like';

export interface SearchHit extends MemoryRecord {
  /** The least exact index the search needed (the same on every hit of one search and origin). */
  readonly tier: Tier;
  /** 0–1, comparable across queries; null for a team memory (the server orders them, it scores none). */
  readonly score: number | null;
  /** The query words it holds, as typed; empty for a team memory (the server does not say). */
  readonly matched: readonly string[];
  /** Matched words it holds only through their bridge (캐시 → cache); absent when none. */
  readonly bridged?: readonly string[];
  /** Matched words it holds only through its session's summary; absent when none. */
  readonly summarised?: readonly string[];
  /** Set when it is here as the fix of error #fixes, which ranks just above it. */
  readonly fixes?: number;
}

/** How the engine found a memory (lib/search's BestMatch has these). */
export interface HowFound {
  readonly score: number | null;
  readonly matched: readonly string[];
  readonly bridged?: readonly string[];
  readonly summarised?: readonly string[];
  readonly fixes?: number | undefined;
}

/** A team memory: the server ranks it but gives neither a score nor its matched words. */
export const FOUND_BY_THE_SERVER: HowFound = { score: null, matched: [] };

export function searchHit(memory: MemoryRecord, tier: Tier, found: HowFound): SearchHit {
  const bridged = found.bridged ?? [];
  const summarised = found.summarised ?? [];
  return {
    ...memory,
    tier,
    score: found.score,
    matched: found.matched,
    ...(bridged.length === 0 ? {} : { bridged }),
    ...(summarised.length === 0 ? {} : { summarised }),
    ...(found.fixes === undefined ? {} : { fixes: found.fixes }),
  };
}
