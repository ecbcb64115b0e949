// Where imported memories go: the real database through the live hooks' own write path
// (recordDraft → MemoryStore.insert, which owns dedupe), or, for --dry-run, a counter that asks the
// same dedupe questions of an existing database read-only and never writes or creates anything.
import { createHash } from 'node:crypto';
import type { MemoryDraft } from '../capture.js';
import { hasSummary, inTransaction } from '../db/imports.js';
import { MemoryStore, type InsertOutcome } from '../db/memories.js';
import { openDb, type Db } from '../db/open.js';
import type { HookBase } from '../hook/payload.js';
import type { Project } from '../project.js';
import { recordDraft, toNewMemory, type RecordOptions } from '../record.js';
import { summarizeSession } from '../summary.js';

export interface Sink {
  record(draft: MemoryDraft, event: HookBase, project: Project, options: RecordOptions): InsertOutcome;
  /** Runs a batch of `record` calls as one transaction. */
  batch(work: () => void): void;
  /** Upserts the structural summary of each session that gained rows (or has none yet). */
  summarize(sessionIds: Iterable<string>, gained: ReadonlySet<string>, now: Date): void;
  close(): void;
}

export function openSink(dbPath: string, dryRun: boolean): Sink {
  if (dryRun) return new DryRunSink(openDb(dbPath, { create: false, readonly: true }));
  const db = openDb(dbPath, { create: true });
  if (!db) throw new Error(`could not open ${dbPath}`);
  return new StoreSink(db);
}

class StoreSink implements Sink {
  private readonly store: MemoryStore;

  constructor(private readonly db: Db) {
    this.store = new MemoryStore(db);
  }

  record(draft: MemoryDraft, event: HookBase, project: Project, options: RecordOptions): InsertOutcome {
    return recordDraft(this.store, draft, event, project, options);
  }

  batch(work: () => void): void {
    inTransaction(this.db, work);
  }

  summarize(sessionIds: Iterable<string>, gained: ReadonlySet<string>, now: Date): void {
    inTransaction(this.db, () => {
      for (const sessionId of sessionIds) {
        if (!gained.has(sessionId) && hasSummary(this.db, sessionId)) continue;
        const summary = summarizeSession(sessionId, this.store.sessionRows(sessionId), now);
        if (summary) this.store.upsertSummary(summary);
      }
    });
  }

  close(): void {
    this.db.close();
  }
}

/** Mirrors MemoryStore.insert's two rules over the database (if any) plus what this run would add. */
class DryRunSink implements Sink {
  private readonly existing: MemoryStore | null;
  private readonly toolUseIds = new Set<string>();
  /** session + content digest → times (ms) this run would store it at. */
  private readonly contents = new Map<string, number[]>();

  constructor(private readonly db: Db | null) {
    this.existing = db ? new MemoryStore(db) : null;
  }

  record(draft: MemoryDraft, event: HookBase, project: Project, options: RecordOptions): InsertOutcome {
    const memory = toNewMemory(draft, event, project, options);
    const id = memory.toolUseId;
    if (id && this.toolUseIds.has(id)) return 'duplicate-tool-use';
    const time = Date.parse(memory.createdAt);
    const window = options.dedupeWindowSec * 1000;
    const key = `${memory.sessionId}\u0000${createHash('sha1').update(memory.content).digest('base64')}`;
    const times = this.contents.get(key) ?? [];
    const inDatabase = this.existing?.findDuplicate(memory, options.dedupeWindowSec) ?? null;
    if (inDatabase === 'duplicate-tool-use') return inDatabase;
    if (inDatabase || times.some((seen) => Math.abs(seen - time) <= window)) return 'duplicate-content';
    if (id) this.toolUseIds.add(id);
    times.push(time);
    this.contents.set(key, times);
    return 'stored';
  }

  batch(work: () => void): void {
    work();
  }

  summarize(): void {
    // Nothing is written on a dry run.
  }

  close(): void {
    this.db?.close();
  }
}
