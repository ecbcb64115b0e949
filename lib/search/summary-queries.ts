// Session summaries as search evidence: the memories of a session whose summary (what it was asked,
// how it ended, where it stopped) holds a query word that the memories themselves barely hold.
// Reads only; bounded by sessions and rows per session, so a word in every summary costs little.
import { prepared, type Db } from '../db/open.js';

/** At most this many sessions per word, the newest first. */
const SUMMARY_SESSIONS = 20;
/** And this many of each session's memories, the newest first. */
const SESSION_ROWS = 200;

// A Korean word is matched at a word start only (after a space, or the text's start), as in search.
const SESSIONS_SQL = `
  SELECT session_id FROM session_summaries
  WHERE (' ' || coalesce(request, '')) LIKE @p ESCAPE '\\'
     OR (' ' || coalesce(outcome, '')) LIKE @p ESCAPE '\\'
  ORDER BY ended_at DESC LIMIT @cap`;
const ROWS_SQL = `SELECT id FROM memories WHERE session_id = @session ORDER BY created_at DESC LIMIT @cap`;

/** LIKE pattern of `text` for summaries: anywhere, or at a word start. */
function pattern(text: string, wordStart: boolean): string {
  const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
  return wordStart ? `% ${escaped}%` : `%${escaped}%`;
}

/** Ids of the memories whose session's summary holds `text`, newest sessions first. */
export function summaryMemoryIds(db: Db, text: string, wordStart: boolean): number[] {
  const sessions = prepared(db, SESSIONS_SQL)
    .pluck()
    .all({ p: pattern(text, wordStart), cap: SUMMARY_SESSIONS }) as string[];
  const ids: number[] = [];
  for (const session of sessions)
    for (const id of prepared(db, ROWS_SQL).pluck().all({ session, cap: SESSION_ROWS }) as number[]) ids.push(id);
  return ids;
}
