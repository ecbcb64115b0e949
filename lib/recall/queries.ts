// What recall reads from the database: how many memories the project holds, in how many of them each
// query word occurs, the rows that hold one of the seed words with their bm25 and matched words, and the
// (session, memory) pairs already injected. The one module that knows recall's FTS tables: a new
// index layout changes this file and nothing else of recall.
import { projectSpan } from '../db/counts.js';
import { prepared, withBusyRetry, type Db } from '../db/open.js';

/** One query word as the index is asked for it. */
export interface CandidateWord {
  readonly text: string;
  /** Match stored words that start with it (Korean words carry particles). */
  readonly prefix: boolean;
  /** Look up these English words instead (a Korean word's bridge), each as a word. */
  readonly english?: readonly string[];
}

export interface CandidateRow {
  readonly id: number;
  readonly type: string;
  readonly toolName: string;
  readonly filePath: string | null;
  readonly content: string;
  readonly createdAt: string;
}

/**
 * An FTS5 string literal (no operator, column filter or bracket survives it), looked up in a memory's
 * own text only: every memory of a turn shares the request column, which would make a word of the
 * prompt look common and pull in rows for what was asked rather than what was done.
 */
function ftsLiteral(word: CandidateWord): string {
  const quote = (text: string): string => `"${text.replaceAll('"', '""')}"`;
  if (word.english && word.english.length > 0) return `{name head body} : (${word.english.map(quote).join(' OR ')})`;
  return `{name head body} : ${quote(word.text)}${word.prefix ? '*' : ''}`;
}

/** The project's memories, and whether they are the whole word index (no other project, nothing left to index). */
export interface ProjectScope {
  readonly total: number;
  /**
   * True when every indexed memory is the project's: a word's count in the index is then its count
   * in the project, with no check of each hit (the cost of recall in one big project).
   */
  readonly whole: boolean;
  /** The project's first and last rowid: no word list is read outside them. */
  readonly lo: number;
  readonly hi: number;
}

// Two index seeks: a row of any other project sorts before or after this one.
const OTHER_PROJECT_SQL = `
  SELECT EXISTS (SELECT 1 FROM memories WHERE project_path < @projectPath)
      OR EXISTS (SELECT 1 FROM memories WHERE project_path > @projectPath)
      OR EXISTS (SELECT 1 FROM search_index_build)`;
// The index's own row list is far narrower than any index of the memories table.
const INDEX_ENDS_SQL = `SELECT (SELECT min(id) FROM memory_words_docsize) AS lo, (SELECT max(id) FROM memory_words_docsize) AS hi`;

export function projectScope(db: Db, projectPath: string): ProjectScope {
  const whole = (prepared(db, OTHER_PROJECT_SQL).pluck().get({ projectPath }) as number) === 0;
  const span = projectSpan(db, projectPath);
  if (!whole) return { total: span.memories, whole, lo: span.first, hi: span.last };
  const ends = prepared(db, INDEX_ENDS_SQL).get() as { lo: number | null; hi: number | null };
  return { total: span.memories, whole, lo: ends.lo ?? 0, hi: ends.hi ?? 0 };
}

/**
 * A rowid bound as FTS5 reads it. better-sqlite3 binds every JS number as a REAL, and FTS5 uses a
 * rowid constraint to seek in its lists only when the value is an INTEGER: given a REAL it walks the
 * word's whole list and SQLite drops the rows outside afterwards.
 */
const int = (param: string): string => `CAST(@${param} AS INTEGER)`;

// Whether a hit is the project's: its row, found by rowid. (A narrow index on the project made this
// about 3x cheaper in a database of several projects, but cost ~35 bytes a memory; a database of one
// project never asks, see ProjectScope.whole.)
const IN_PROJECT = 'EXISTS (SELECT 1 FROM memories m WHERE m.project_path = @projectPath AND m.id = f.rowid)';

// Counting stops one past the cap: a common word's whole list is never walked.
const WORD_DOCS_SQL = `SELECT count(*) FROM (SELECT 1 FROM memory_words WHERE memory_words MATCH @match LIMIT @limit)`;
const WORD_DOCS_IN_PROJECT_SQL = `
  SELECT count(*) FROM (
    SELECT 1 FROM memory_words f
    WHERE memory_words MATCH @match AND f.rowid BETWEEN ${int('lo')} AND ${int('hi')} AND ${IN_PROJECT} LIMIT @limit)`;

/** How many of the project's memories contain `word`, counted up to `cap + 1`. */
export function wordDocs(db: Db, scope: ProjectScope, projectPath: string, word: CandidateWord, cap: number): number {
  const match = ftsLiteral(word);
  return scope.whole
    ? (prepared(db, WORD_DOCS_SQL)
        .pluck()
        .get({ match, limit: cap + 1 }) as number)
    : (prepared(db, WORD_DOCS_IN_PROJECT_SQL)
        .pluck()
        .get({ match, projectPath, lo: scope.lo, hi: scope.hi, limit: cap + 1 }) as number);
}

type ScoredRow = { id: number; bm25: number };

/** A candidate: its bm25 over every kept word (higher is better) and which of them it contains. */
export interface CandidateHit {
  bm25: number;
  readonly matched: number[];
}

export interface CandidateBounds {
  /** At most this many rows holding a seed are scored: the newest. */
  readonly newest: number;
  /** When that bound cuts, at most this many older rows holding every word are scored too. */
  readonly olderFull: number;
}

export interface Candidates {
  readonly hits: Map<number, CandidateHit>;
  /** The same rows' ids: the seeds' newest first, then the older ones holding every word. */
  readonly ids: readonly number[];
  /** True when the seed words were in more rows than `bounds.newest` and only the newest were scored. */
  readonly bounded: boolean;
}

const BM25 = '-bm25(memory_words, 1.0, 1.0, 1.0, 0.0, 0.0) AS bm25';
// Newest first, so a bound keeps the newest rows; FTS5 walks its lists in rowid order either way.
const SEED_SQL = `
  SELECT rowid AS id, ${BM25} FROM memory_words WHERE memory_words MATCH @match AND rowid <= ${int('hi')}
  ORDER BY rowid DESC LIMIT @limit`;
const SEED_IN_PROJECT_SQL = `
  SELECT f.rowid AS id, ${BM25} FROM memory_words f
  WHERE memory_words MATCH @match AND f.rowid BETWEEN ${int('lo')} AND ${int('hi')} AND ${IN_PROJECT}
  ORDER BY f.rowid DESC LIMIT @limit`;
// Among the candidates (rows of other projects in the range are skipped by the caller).
const AMONG_SQL = `
  SELECT rowid AS id, ${BM25} FROM memory_words
  WHERE memory_words MATCH @match AND rowid BETWEEN ${int('from')} AND ${int('hi')}`;
// One word alone over the candidates' rowid range: newest first and bounded, so a word far more
// frequent there than expected costs no more than the bound before the query above is used instead.
const IN_RANGE_SQL = `
  SELECT rowid AS id, ${BM25} FROM memory_words WHERE memory_words MATCH @match AND rowid BETWEEN ${int('from')} AND ${int('hi')}
  ORDER BY rowid DESC LIMIT @limit`;
const MEMBERS_SQL = `
  SELECT rowid FROM memory_words WHERE memory_words MATCH @match AND rowid BETWEEN ${int('from')} AND ${int('hi')}`;
// Past the bound, the older rows that contain every word: they cover the whole query.
const EVERY_SQL = `
  SELECT rowid AS id, ${BM25} FROM memory_words WHERE memory_words MATCH @match AND rowid < ${int('before')}
  ORDER BY rowid DESC LIMIT @limit`;
const EVERY_IN_PROJECT_SQL = `
  SELECT f.rowid AS id, ${BM25} FROM memory_words f
  WHERE memory_words MATCH @match AND f.rowid >= ${int('lo')} AND f.rowid < ${int('before')} AND ${IN_PROJECT}
  ORDER BY f.rowid DESC LIMIT @limit`;
// Whether there is any: bm25 recounts every word's whole list, the match alone only intersects them.
const ANY_EVERY_SQL = `
  SELECT EXISTS (SELECT 1 FROM memory_words WHERE memory_words MATCH @match AND rowid < ${int('before')})`;
const ANY_EVERY_IN_PROJECT_SQL = `
  SELECT EXISTS (
    SELECT 1 FROM memory_words f
    WHERE memory_words MATCH @match AND f.rowid >= ${int('lo')} AND f.rowid < ${int('before')} AND ${IN_PROJECT})`;

/**
 * The project's memories that contain at least one of the `seeds` (indexes into `words`: the rarest
 * words, one of which every row that can be shown contains), each with its bm25 over all of `words`
 * and the words it contains. When the seeds are in more rows than `bounds.newest`, the newest of
 * them, and the newest `bounds.olderFull` older ones that contain every word. FTS5's bm25 of an OR
 * of words is the sum of each word's own bm25, so each word is read once, no further back than the
 * seeds' rows: alone over their rowid range, or as what "seeds AND word" adds to the seeds' bm25.
 * `words` with no memory (`docs` 0) are not looked up.
 */
export function candidateHits(
  db: Db,
  scope: ProjectScope,
  projectPath: string,
  words: readonly (CandidateWord & { readonly docs: number })[],
  seeds: readonly number[],
  bounds: CandidateBounds,
): Candidates {
  const limit = bounds.newest;
  const hits = new Map<number, CandidateHit>();
  if (seeds.length === 0) return { hits, ids: [], bounded: false };
  const seedMatch = seeds.map((i) => `(${ftsLiteral(words[i] as CandidateWord)})`).join(' OR ');
  const rows = (
    scope.whole
      ? prepared(db, SEED_SQL).all({ match: seedMatch, hi: scope.hi, limit: limit + 1 })
      : prepared(db, SEED_IN_PROJECT_SQL).all({
          match: seedMatch,
          projectPath,
          lo: scope.lo,
          hi: scope.hi,
          limit: limit + 1,
        })
  ) as ScoredRow[];
  const bounded = rows.length > limit;
  if (bounded) rows.length = limit;
  const ids: number[] = [];
  if (rows.length === 0) return { hits, ids, bounded };
  const from = (rows[rows.length - 1] as ScoredRow).id;
  // Indexed loops throughout: hundreds of rows, in a process too young for V8 to have optimised
  // iterators or callbacks.
  const seedBm25 = new Map<number, number>();
  for (let r = 0; r < rows.length; r++) {
    const { id, bm25 } = rows[r] as ScoredRow;
    seedBm25.set(id, bm25);
    hits.set(id, { bm25, matched: [] });
    ids.push(id);
  }
  let seedDocs = 0;
  for (const index of seeds) seedDocs += words[index]?.docs ?? 0;
  // Words in order, so each row's matched indexes come out sorted.
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as CandidateWord & { readonly docs: number };
    if (word.docs === 0) continue;
    if (seeds.length === 1 && seeds[0] === index) {
      for (let r = 0; r < ids.length; r++) hits.get(ids[r] as number)?.matched.push(index);
      continue;
    }
    if (seeds.includes(index)) {
      // A seed's bm25 is already in the seeds' part: only which rows hold it is wanted.
      const members = prepared(db, MEMBERS_SQL)
        .pluck()
        .all({ match: ftsLiteral(word), from, hi: scope.hi }) as number[];
      for (let r = 0; r < members.length; r++) hits.get(members[r] as number)?.matched.push(index);
      continue;
    }
    // The word's bm25 where the candidates are: alone over their rowid range when it holds few more
    // of the word's rows than there are candidates, else "seeds AND word", which reads no more rows
    // than the candidates but makes FTS5 recount each seed's whole list for bm25. Scoring a row
    // costs about as much as walking 20 entries of a list.
    const expected = (word.docs * (scope.hi - from + 1)) / Math.max(1, scope.hi - scope.lo + 1);
    const worth = rows.length + seedDocs / 20;
    if (expected <= worth) {
      const alone = prepared(db, IN_RANGE_SQL).all({
        match: ftsLiteral(word),
        from,
        hi: scope.hi,
        limit: Math.ceil(2 * worth),
      }) as ScoredRow[];
      if (alone.length < Math.ceil(2 * worth)) {
        for (let r = 0; r < alone.length; r++) {
          const { id, bm25 } = alone[r] as ScoredRow;
          const hit = hits.get(id);
          if (!hit) continue;
          hit.matched.push(index);
          hit.bm25 += bm25;
        }
        continue;
      }
    }
    const match = `(${seedMatch}) AND (${ftsLiteral(word)})`;
    const among = prepared(db, AMONG_SQL).all({ match, from, hi: scope.hi }) as ScoredRow[];
    for (let r = 0; r < among.length; r++) {
      const { id, bm25 } = among[r] as ScoredRow;
      const hit = hits.get(id);
      if (!hit) continue;
      hit.matched.push(index);
      hit.bm25 += bm25 - (seedBm25.get(id) ?? 0);
    }
  }
  const present = words.flatMap((word, index) => (word.docs > 0 ? [index] : []));
  // The best matches a bound could hide are older rows holding every word: the newest of them are
  // scored too, enough to see whether they stand alone or make a crowd.
  if (bounded && present.length > 1 && bounds.olderFull > 0) {
    const match = present.map((i) => `(${ftsLiteral(words[i] as CandidateWord)})`).join(' AND ');
    const params = { match, before: from, limit: bounds.olderFull };
    const any = scope.whole
      ? prepared(db, ANY_EVERY_SQL).pluck().get({ match, before: from })
      : prepared(db, ANY_EVERY_IN_PROJECT_SQL).pluck().get({ match, before: from, projectPath, lo: scope.lo });
    const every = (
      !any
        ? []
        : scope.whole
          ? prepared(db, EVERY_SQL).all(params)
          : prepared(db, EVERY_IN_PROJECT_SQL).all({ ...params, projectPath, lo: scope.lo })
    ) as ScoredRow[];
    for (let r = 0; r < every.length; r++) {
      const { id, bm25 } = every[r] as ScoredRow;
      hits.set(id, { bm25, matched: [...present] });
      ids.push(id);
    }
  }
  return { hits, ids, bounded };
}

const ROWS_SQL = `
  SELECT id, type, tool_name AS toolName, file_path AS filePath, content, created_at AS createdAt
  FROM memories WHERE id IN (SELECT value FROM json_each(?))`;

export function candidateRows(db: Db, ids: readonly number[]): CandidateRow[] {
  if (ids.length === 0) return [];
  return prepared(db, ROWS_SQL).all(JSON.stringify(ids)) as CandidateRow[];
}

/** The ids among `ids` already injected into this session. */
export function injectedIds(db: Db, sessionId: string, ids: readonly number[]): Set<number> {
  if (ids.length === 0) return new Set();
  const found = prepared(
    db,
    'SELECT memory_id FROM recall_injections WHERE session_id = ? AND memory_id IN (SELECT value FROM json_each(?))',
  )
    .pluck()
    .all(sessionId, JSON.stringify(ids)) as number[];
  return new Set(found);
}

/**
 * Records `ids` as injected into the session; returns those this call recorded first. Two hook
 * processes racing on one session can each claim a memory only once: the primary key decides.
 */
export function claimInjections(db: Db, sessionId: string, ids: readonly number[], at: string): number[] {
  const insert = prepared(
    db,
    'INSERT OR IGNORE INTO recall_injections (session_id, memory_id, injected_at) VALUES (?, ?, ?)',
  );
  return withBusyRetry(() =>
    db.transaction(() => ids.filter((id) => insert.run(sessionId, id, at).changes > 0)).immediate(),
  );
}

/** Injection records older than `before` (their sessions are long over). */
export function pruneInjections(db: Db, before: string): number {
  return withBusyRetry(() => prepared(db, 'DELETE FROM recall_injections WHERE injected_at < ?').run(before).changes);
}
