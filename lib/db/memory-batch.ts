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
const ROW = `(${Array(16).fill('?').join(', ')}, coalesce(?, (${requestOf('?', '?')})), ?, ?)`;
const SIZES = [128, 64, 32, 16, 8, 4, 2, 1] as const;
const insertRows = (rows: number): string =>
  `INSERT INTO memories (id, ${COLUMNS}) VALUES ${Array(rows).fill(ROW).join(',\n')}`;

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
    private readonly dedupeWindowSec: number,
    private readonly admitHeld: AdmitHeld,
  ) {
    this.store = new MemoryStore(db);
    const anyTombstone = prepared(db, 'SELECT 1 FROM forgotten LIMIT 1').get() !== undefined;
    const disabled = new Map<string, boolean>();
    const held = new Map<string, string | null>();
    this.asked = {
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
      const check = new BatchCheck(db, dedupeWindowSec, admitHeld);
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
        const values = stored.slice(done, done + size).flatMap((memory, at) => rowValues(memory, first + done + at));
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

/** ROW's values, in its order. */
function rowValues(m: NewMemory, id: number): unknown[] {
  const [key, request, intent, agent] = [m.commandKey?.key ?? null, m.request ?? null, m.intent ?? null, m.agent];
  return [id, m.sessionId, m.toolName, m.type, m.project, m.projectPath, m.filePath, m.content, m.tags, m.importance]
    .concat([m.createdAt, m.toolUseId, m.agentId, m.exitCode, m.source, key, request, m.sessionId, m.createdAt])
    .concat([intent, agent ?? DEFAULT_AGENT]);
}
