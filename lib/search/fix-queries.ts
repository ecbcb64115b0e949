// An error among the best matches brings the step that fixed it along (and a fixing run its error), so
// someone hunting an error sees the failure and the change together. Reads only.
import type { Ranked } from './rank.js';
import { prepared, type Db } from '../db/open.js';
import { bind, WHERE, type Filters } from './queries.js';
import { PLACEMENT, type Found, type Placement } from './placement-queries.js';

/** How many of the best error matches bring the step that fixed them along. */
const FIXED_ERRORS = 5;
/** A next step later than this after the error is not taken for its fix. */
const FIX_WINDOW_MS = 30 * 60_000;

// What fixed an error: the session's next step (edit or command) — the change itself, where the later
// clean run that resolved it only confirms it; with no step within the window, that resolving run.
const FIX_SQL = `
  SELECT ${PLACEMENT} FROM memories m
  WHERE m.id = coalesce((
      SELECT n.id FROM memories n
      WHERE n.session_id = @sessionId AND n.id > @id AND n.type IN ('file_edit', 'command')
        AND n.created_at <= @until ORDER BY n.id LIMIT 1), @resolvedBy)
    AND ${WHERE}`;

// The latest error a run resolved.
const FIXED_SQL = `SELECT ${PLACEMENT} FROM memories m WHERE m.resolved_by = @id AND ${WHERE} ORDER BY m.id DESC LIMIT 1`;

/**
 * Someone hunting an error wants the failing run and the change that fixed it: each of the best
 * matching errors is followed by its fix (scored just below it), unless the fix already ranks higher.
 */
export function followFixes(
  db: Db,
  found: readonly Found[],
  filters: Filters,
  wanted: number,
  rankOf: (id: number) => Ranked | undefined,
): Found[] {
  const out: Found[] = [];
  const placed = new Set<number>();
  let errors = 0;
  // A row holding every word of the query is a match whatever its coverage: a query said through
  // bridges alone (히어독 → heredoc) weighs each word less, yet it is as much about that error.
  const strong = (rank: Ranked): boolean => rank.allMatched || rank.coverage >= 0.5;
  for (const item of found) {
    if (out.length >= wanted) break;
    if (placed.has(item.row.id)) continue;
    out.push(item);
    placed.add(item.row.id);
    if (item.row.type !== 'error' && errors < FIXED_ERRORS && strong(item.rank)) {
      // A run that fixed an error: the failure it fixed comes along too.
      const failed = prepared(db, FIXED_SQL).get({ ...bind(filters), id: item.row.id }) as Placement | undefined;
      if (failed && !placed.has(failed.id)) {
        errors++;
        const own = rankOf(failed.id);
        out.push({ rank: own ?? { ...item.rank, matched: [], allMatched: false }, row: failed });
        placed.add(failed.id);
      }
      continue;
    }
    if (item.row.type !== 'error' || errors >= FIXED_ERRORS || !strong(item.rank)) continue;
    errors++;
    const until = new Date(Date.parse(item.row.created_at) + FIX_WINDOW_MS).toISOString();
    const fix = prepared(db, FIX_SQL).get({
      ...bind(filters),
      resolvedBy: item.row.resolved_by ?? null,
      sessionId: item.row.session_id,
      id: item.row.id,
      until,
    }) as Placement | undefined;
    if (!fix || placed.has(fix.id)) continue;
    const own = rankOf(fix.id);
    out.push({ rank: own ?? { ...item.rank, matched: [], allMatched: false }, row: fix, fixes: item.row.id });
    placed.add(fix.id);
  }
  return out;
}
