// SQL of `memory forget`: what a selection reaches (memories, the prompts and session summaries that
// hold its words, the summaries that go or are rebuilt with them), and the one transaction that deletes
// it. FTS follows through the triggers; the freed bytes are zeroed and the WAL truncated.
import type { MemoryRow, SessionRow, SessionSummaryRow } from '../memory.js';
import { MemoryStore } from '../db/memories.js';
import { prepared, sleepMs, withBusyRetry, type Db } from '../db/open.js';
import { bestMatches } from '../search/best-match-queries.js';
import { bind, recentMemories, searchMemories, type Filters } from '../search/queries.js';
import { indexPending } from '../db/search-index.js';
import { sessionPrompts, type PromptRow } from '../db/prompts.js';
import { queueTombstones } from '../team/tombstone-queries.js';
import { buryRows } from '../db/tombstones.js';
import type { SearchPlan, Tier } from '../search/plan.js';

export interface ForgetTarget {
  readonly filters: Filters;
  /** `--match`: the rows the tiered search finds under `filters`. */
  readonly match: SearchPlan | null;
  /** `--match` as typed: the rows `memory search` finds with every one of its words (in their request or intent too). */
  readonly query?: string | null;
}

export interface ForgetSelection {
  readonly rows: readonly MemoryRow[];
  /** Session summaries that go too: their sessions have no memories left afterwards. */
  readonly summaries: readonly string[];
  /** Session summaries rebuilt from the memories their sessions keep, so no forgotten text lingers there. */
  readonly rebuilt: readonly string[];
  readonly tier: Tier | null;
  /** Prompts that hold every word of a --match (deleted with it). */
  readonly prompts: number;
}

/** Folds a session's remaining rows, prompts and last answer into its new summary (the same fold Stop runs). */
export type Resummarize = (
  sessionId: string,
  rows: readonly SessionRow[],
  intent: { readonly prompts: readonly PromptRow[]; readonly outcome: string | null },
) => SessionSummaryRow | null;

/** What `forget` would delete, without deleting it. */
export function selectForget(db: Db, target: ForgetTarget, now: Date): ForgetSelection {
  const { filters, match } = target;
  // Every memory must be searchable here: one left out of the index would be left undeleted.
  if (match) indexPending(db, Number.MAX_SAFE_INTEGER);
  const found = match ? searchMemories(db, match, filters, { limit: null, now }) : null;
  const rows = found ? [...found.rows] : recentMemories(db, filters, -1);
  if (match && target.query) {
    // What `memory search` finds with every word, also through the request or intent a memory keeps.
    const have = new Set(rows.map((row) => row.id));
    const best = bestMatches(db, target.query, filters, { limit: Number.MAX_SAFE_INTEGER - 1 });
    for (const hit of best.matches)
      if (hit.allMatched && hit.bridged.length === 0 && hit.summarised.length === 0 && !have.has(hit.row.id))
        rows.push(hit.row);
  }
  const sessions = new Set(rows.map((row) => row.session_id));
  // A session whose prompts, request, summary or last answer hold the words is rebuilt without them.
  if (match && match.like.length > 0) for (const id of sessionsHolding(db, target)) sessions.add(id);
  // Selecting by session, project or date also reaches summaries whose memories are already gone
  // (retention keeps summaries longer than most memories).
  if (!match && filters.ids === null) {
    const direct = prepared(
      db,
      `
      SELECT s.session_id FROM session_summaries s
      WHERE (@project IS NULL OR s.project = @project)
        AND (@projectPath IS NULL OR s.project_path = @projectPath)
        AND (@sessionId IS NULL OR s.session_id = @sessionId)
        AND (@before IS NULL OR s.ended_at < @before)
        AND (@since IS NULL OR s.ended_at >= @since)`,
    )
      .pluck()
      .all(bind(filters)) as string[];
    for (const id of direct) sessions.add(id);
  }
  const kept = prepared(
    db,
    `
    SELECT s.session_id AS id, EXISTS (SELECT 1 FROM memories m WHERE m.session_id = s.session_id
                      AND m.id NOT IN (SELECT value FROM json_each(@ids))) AS keeps
    FROM session_summaries s WHERE s.session_id IN (SELECT value FROM json_each(@sessions))
    ORDER BY s.ended_at DESC`,
  ).all({ sessions: JSON.stringify([...sessions]), ids: JSON.stringify(rows.map((row) => row.id)) }) as Array<{
    id: string;
    keeps: number;
  }>;
  return {
    rows,
    summaries: kept.filter((session) => !session.keeps).map((session) => session.id),
    rebuilt: kept.filter((session) => session.keeps).map((session) => session.id),
    tier: found && found.rows.length > 0 ? found.tier : null,
    prompts: match && match.like.length > 0 ? matchingPrompts(db, target) : 0,
  };
}

/** Sessions with a summary or a prompt holding every term of a --match (under its project and session filters). */
function sessionsHolding(db: Db, target: ForgetTarget): string[] {
  const text = matchAll(
    target,
    "(coalesce(s.summary, '') || ' ' || coalesce(s.request, '') || ' ' || coalesce(s.outcome, ''))",
  );
  const prompt = matchAll(target, 'p.text');
  const { projectPath, sessionId } = target.filters;
  return prepared(
    db,
    `SELECT s.session_id FROM session_summaries s WHERE ${text.terms}
      AND (@projectPath IS NULL OR s.project_path = @projectPath) AND (@sessionId IS NULL OR s.session_id = @sessionId)
    UNION SELECT p.session_id FROM prompts p WHERE ${prompt.terms}
      AND (@projectPath IS NULL OR p.project_path = @projectPath) AND (@sessionId IS NULL OR p.session_id = @sessionId)`,
  )
    .pluck()
    .all({ ...text.patterns, projectPath, sessionId }) as string[];
}

function matchingPrompts(db: Db, target: ForgetTarget): number {
  const { terms, patterns } = matchAll(target, 'text');
  const { projectPath, sessionId } = target.filters;
  return prepared(
    db,
    `SELECT count(*) FROM prompts WHERE ${terms}
    AND (@projectPath IS NULL OR project_path = @projectPath) AND (@sessionId IS NULL OR session_id = @sessionId)`,
  )
    .pluck()
    .get({ ...patterns, projectPath, sessionId }) as number;
}

/** `column LIKE` every term of a --match, and the patterns it binds. */
function matchAll(target: ForgetTarget, column: string): { terms: string; patterns: Record<string, string> } {
  const like = target.match?.like ?? [];
  return {
    terms: like.map((_, i) => `${column} LIKE @p${i} ESCAPE '\\'`).join(' AND '),
    patterns: Object.fromEntries(like.map((pattern, i) => [`p${i}`, pattern])),
  };
}

/** Prompts containing every term of a --match (under its project and session filters). */
function forgetMatchingPrompts(db: Db, target: ForgetTarget): void {
  const { terms, patterns } = matchAll(target, 'text');
  const { projectPath, sessionId } = target.filters;
  prepared(
    db,
    `DELETE FROM prompts WHERE ${terms}
    AND (@projectPath IS NULL OR project_path = @projectPath) AND (@sessionId IS NULL OR session_id = @sessionId)`,
  ).run({ ...patterns, projectPath, sessionId });
}

/** The session's last answer, unless it holds every term of a --match. */
function keptOutcome(db: Db, sessionId: string, target: ForgetTarget): string | null {
  const { terms, patterns } = matchAll(target, 'outcome');
  return (
    (prepared(
      db,
      `SELECT outcome FROM session_summaries WHERE session_id = @sessionId${terms ? ` AND NOT (${terms})` : ''}`,
    )
      .pluck()
      .get({ ...patterns, sessionId }) as string | null | undefined) ?? null
  );
}

/**
 * Selects, deletes and rebuilds summaries in one IMMEDIATE transaction. The delete triggers keep both FTS
 * indexes in step; secure_delete and an FTS optimize then drop the forgotten text from free pages and
 * old index segments.
 */
export function forgetNow(db: Db, target: ForgetTarget, now: Date, resummarize: Resummarize): ForgetSelection {
  db.pragma('secure_delete = ON');
  const store = new MemoryStore(db);
  const work = db.transaction((): ForgetSelection => {
    const selection = selectForget(db, target, now);
    // What this host already pushed to a team server is removed there too (at the next contact),
    // rebuilt summaries included: the server's copy still holds the forgotten text.
    queueTombstones(db, selection.rows, [...selection.summaries, ...selection.rebuilt], now.toISOString());
    const ids = JSON.stringify(selection.rows.map((row) => row.id));
    prepared(db, 'DELETE FROM memories WHERE id IN (SELECT value FROM json_each(?))').run(ids);
    prepared(db, 'DELETE FROM session_summaries WHERE session_id IN (SELECT value FROM json_each(?))').run(
      JSON.stringify(selection.summaries),
    );
    // What a session was asked goes with its summary; a --match also reaches the prompts holding it.
    prepared(db, 'DELETE FROM prompts WHERE session_id IN (SELECT value FROM json_each(?))').run(
      JSON.stringify(selection.summaries),
    );
    if (target.match && target.match.like.length > 0) forgetMatchingPrompts(db, target);
    buryRows(db, selection.rows, now.toISOString());
    for (const sessionId of selection.rebuilt) {
      // A rebuilt summary keeps what the session was asked (the prompts a --match left) and where it
      // stopped, unless a --match reaches that answer too.
      const outcome = keptOutcome(db, sessionId, target);
      prepared(db, 'UPDATE session_summaries SET request = NULL, outcome = NULL WHERE session_id = ?').run(sessionId);
      const summary = resummarize(sessionId, store.sessionRows(sessionId), {
        prompts: sessionPrompts(db, sessionId),
        outcome,
      });
      if (summary) store.upsertSummary(summary);
    }
    return selection;
  });
  const selection = withBusyRetry(() => work.immediate());
  if (selection.rows.length > 0 || selection.prompts > 0 || selection.rebuilt.length > 0) {
    withBusyRetry(() =>
      db
        .transaction(() => {
          prepared(db, "INSERT INTO memory_words (memory_words) VALUES ('optimize')").run();
          prepared(db, "INSERT INTO memory_grams (memory_grams) VALUES ('optimize')").run();
        })
        .immediate(),
    );
    truncateWal(db);
  }
  return selection;
}

/**
 * Copies the WAL into the file and empties it, so the old pages (and the text they held) leave it. A
 * reader in the middle of a transaction holds the checkpoint back: it is tried again a few times, and
 * when a reader still holds it the next write's checkpoint completes it.
 */
function truncateWal(db: Db): void {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
    if (!result || result.busy === 0) return;
    sleepMs(50);
  }
}
