// The import's insert: a batch of memories through the rules of MemoryStore.insert, written many rows
// to a statement and indexed for search together before the commit. Never a different outcome, row
// or index entry than storing them one by one (tests/unit/db/batch-insert.test.ts).
import { DEFAULT_AGENT, type InsertOutcome, type NewMemory } from '../memory.js';
import { isSessionDisabled } from './disabled-sessions.js';
import { COLUMNS, MemoryStore, requestOf, type AdmitHeld, type Asked } from './memories.js';
import { prepared, withBusyRetry, type Db } from './open.js';
import { resolveErrors } from './resolution.js';
import { indexingAfter } from './search-index.js';
import { heldSince, isForgotten } from './tombstones.js';

// Many rows to a statement, each with the id it gets: every insert into `memories` fires triggers, so
// SQLite journals each page it touches for that statement alone, and one statement a row made those
// copies most of a batch's cost. Values are bound, never sent as JSON text: the drivers store a
// string's lone surrogates differently from SQLite's JSON, and the duplicate check compares what was
// bound. Statements of a few fixed sizes, so each is prepared once.
// The rows are a VALUES table the INSERT selects from, so the request look-up (the single insert's
// subquery) is compiled once and reads the prompts through one cursor: as a subquery in each row of
// the VALUES list, each row kept two cursors open to the statement's end, and SQLite walks every
// open cursor each time a trigger opens one, so a row cost more the more rows its statement held.
const FIELDS = 19;
const ROW = `(${Array(FIELDS).fill('?').join(', ')})`;
// pushRow's order: id, then COLUMNS; the request (column17) falls back to the session's prompt.
const SELECTED = Array.from({ length: FIELDS }, (_, at) =>
  at === 16 ? `coalesce(column17, (${requestOf('column2', 'column11')}))` : `column${at + 1}`,
).join(', ');
const SIZES = [128, 64, 32, 16, 8, 4, 2, 1] as const;
const insertRows = (rows: number): string =>
  `INSERT INTO memories (id, ${COLUMNS}) SELECT ${SELECTED} FROM (VALUES ${Array(rows).fill(ROW).join(',\n')})`;

// AUTOINCREMENT's next id: above every id the table has ever held.
const NEXT_ID = `SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'memories'), 0),
  coalesce((SELECT max(id) FROM memories), 0)) + 1`;

type NotStored = Exclude<InsertOutcome, 'stored'>;

/**
 * MemoryStore.findDuplicate for a batch: it also sees the rows accepted before, not yet written, and
 * keeps each session's answers and whether any tombstone exists (none can change inside the batch's
 * transaction).
 */
class BatchCheck {
  private readonly store: MemoryStore;
  private readonly toolUseIds = new Set<string>();
  /** session, NUL, content → the times (ms) of the accepted rows that hold it. */
  private readonly contents = new Map<string, number[]>();
  private readonly asked: Asked;

  constructor(
    db: Db,
    memories: readonly NewMemory[],
    private readonly dedupeWindowSec: number,
    private readonly admitHeld: AdmitHeld,
  ) {
    this.store = new MemoryStore(db);
    const storedToolUses = toolUsesStored(db, memories);
    const anyTombstone = prepared(db, 'SELECT 1 FROM forgotten LIMIT 1').get() !== undefined;
    const disabled = new Map<string, boolean>();
    const held = new Map<string, string | null>();
    this.asked = {
      toolUse: (_, toolUseId) => storedToolUses.has(toolUseId),
      forgotten: (_, memory) => anyTombstone && isForgotten(db, memory),
      disabled: (_, sessionId) => remembered(disabled, sessionId, () => isSessionDisabled(db, sessionId)),
      held: (_, memory) => {
        const since = remembered(held, memory.sessionId, () => heldSince(db, memory.sessionId));
        return since !== null && since > memory.createdAt;
      },
    };
  }

  // In findDuplicate's order: a known tool call first, then forgotten, disabled, held, then the content.
  why(memory: NewMemory): NotStored | null {
    if (memory.toolUseId && this.toolUseIds.has(memory.toolUseId)) return 'duplicate-tool-use';
    const stored = this.store.findDuplicate(memory, this.dedupeWindowSec, this.admitHeld, this.asked);
    if (stored) return stored;
    const time = Date.parse(memory.createdAt);
    const window = this.dedupeWindowSec * 1000;
    return this.contents.get(contentOf(memory))?.some((seen) => Math.abs(seen - time) <= window)
      ? 'duplicate-content'
      : null;
  }

  /** Counts `memory` as stored: the checks after it see it before the database does. */
  accept(memory: NewMemory): void {
    if (memory.toolUseId) this.toolUseIds.add(memory.toolUseId);
    const times = this.contents.get(contentOf(memory));
    if (times) times.push(Date.parse(memory.createdAt));
    else this.contents.set(contentOf(memory), [Date.parse(memory.createdAt)]);
  }
}

/**
 * Which of the batch's tool_use_ids the table holds, asked many to a statement: each is compared as
 * the single insert's query compares it (bound, so a lone surrogate matches as it would there, and
 * the answer is the id's place, never the stored text read back), and no row is written while the
 * batch is being decided.
 */
function toolUsesStored(db: Db, memories: readonly NewMemory[]): Set<string> {
  const ids = [...new Set(memories.flatMap((memory) => (memory.toolUseId ? [memory.toolUseId] : [])))];
  const found = new Set<string>();
  for (let done = 0; done < ids.length;) {
    const size = SIZES.find((count) => count <= ids.length - done) as number;
    const rows = Array.from({ length: size }, (_, at) => `(${at}, ?)`).join(', ');
    const sql = `SELECT column1 FROM (VALUES ${rows}) WHERE EXISTS (SELECT 1 FROM memories WHERE tool_use_id = column2)`;
    const places = prepared(db, sql)
      .pluck()
      .all(...ids.slice(done, done + size)) as number[];
    for (const at of places) found.add(ids[done + at] as string);
    done += size;
  }
  return found;
}

const contentOf = (memory: NewMemory): string => `${memory.sessionId}\u0000${memory.content}`;

function remembered<T>(answers: Map<string, T>, key: string, ask: () => T): T {
  if (answers.has(key)) return answers.get(key) as T;
  const answer = ask();
  answers.set(key, answer);
  return answer;
}

/**
 * Stores each memory unless the rules keep it out, all in one IMMEDIATE transaction, all or nothing;
 * the outcome of each. Each memory is decided in order and sees the ones accepted before it.
 */
export function insertMemories(
  db: Db,
  memories: readonly NewMemory[],
  dedupeWindowSec: number,
  admitHeld: AdmitHeld,
): InsertOutcome[] {
  const write = db.transaction(() =>
    indexingAfter(db, (): InsertOutcome[] => {
      const check = new BatchCheck(db, memories, dedupeWindowSec, admitHeld);
      const first = prepared(db, NEXT_ID).pluck().get() as number;
      const stored: NewMemory[] = [];
      const outcomes = memories.map((memory): InsertOutcome => {
        const outcome = check.why(memory);
        if (outcome) return outcome;
        check.accept(memory);
        stored.push(memory);
        return 'stored';
      });
      for (let done = 0; done < stored.length;) {
        const size = SIZES.find((rows) => rows <= stored.length - done) as number;
        const values: unknown[] = [];
        for (let row = done; row < done + size; row++) pushRow(values, stored[row] as NewMemory, first + row);
        prepared(db, insertRows(size)).run(...values);
        done += size;
      }
      // Each passing run resolves after every row is written, in their order: RESOLVE_SQL reads only the
      // errors stored before it, as when stored one by one.
      stored.forEach((memory, at) => {
        if (memory.commandKey && memory.type === 'command')
          resolveErrors(db, memory.projectPath, memory.commandKey, first + at, memory.createdAt);
      });
      return outcomes;
    }),
  );
  return withBusyRetry(() => write.immediate());
}

/** ROW's values, in its order, added to `values`: one array for the statement, no copies. */
function pushRow(values: unknown[], m: NewMemory, id: number): void {
  const [key, request, intent, agent] = [m.commandKey?.key ?? null, m.request ?? null, m.intent ?? null, m.agent];
  values.push(id, m.sessionId, m.toolName, m.type, m.project, m.projectPath, m.filePath, m.content, m.tags);
  values.push(m.importance, m.createdAt, m.toolUseId, m.agentId, m.exitCode, m.source, key, request, intent);
  values.push(agent ?? DEFAULT_AGENT);
}
