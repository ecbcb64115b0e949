// Where imported memories go: the real database through the live hooks' own store (MemoryStore.insert,
// which owns dedupe), or, for --dry-run, a counter that asks the same dedupe questions of an existing
// database read-only and never writes or creates anything.
import { createHash } from 'node:crypto';
import { insertMemories } from '../db/memory-batch.js';
import { MemoryStore, type AdmitHeld, type RefreshOutcome } from '../db/memories.js';
import { inTransaction, openDb, type Db } from '../db/open.js';
import { insertPrompt, sessionPrompts, type NewPrompt } from '../db/prompts.js';
import type { AgentName, InsertOutcome, NewMemory } from '../memory.js';
import { outcomeToRecord } from '../capture/prompt.js';
import { summarizeSession } from '../session/summary.js';

export interface Sink {
  /** Stores a batch of memories in one transaction, all or nothing; the outcome of each. */
  insertAll(memories: readonly NewMemory[]): InsertOutcome[];
  /** `--refresh`: re-derives the stored row with the memory's tool_use_id (written unless a dry run). */
  refresh(memory: NewMemory): RefreshOutcome;
  /** Runs a batch of `refresh` calls as one transaction. */
  batch(work: () => void): void;
  /** Stores a prompt once per session; true when it was new. */
  recordPrompt(prompt: NewPrompt): boolean;
  /** Upserts the structural summary of each session that gained rows (or has none yet). */
  summarize(
    sessionIds: Iterable<string>,
    gained: ReadonlySet<string>,
    now: Date,
    lastAnswers: ReadonlyMap<string, string>,
    agents: ReadonlyMap<string, AgentName>,
  ): void;
  close(): void;
}

export function openSink(dbPath: string, dryRun: boolean, dedupeWindowSec: number, admitHeld: AdmitHeld): Sink {
  if (dryRun) return new DryRunSink(openDb(dbPath, { create: false, readonly: true }), dedupeWindowSec, admitHeld);
  const db = openDb(dbPath, { create: true });
  if (!db) throw new Error(`could not open ${dbPath}`);
  return new StoreSink(db, dedupeWindowSec, admitHeld);
}

class StoreSink implements Sink {
  private readonly store: MemoryStore;

  constructor(
    private readonly db: Db,
    private readonly dedupeWindowSec: number,
    private readonly admitHeld: AdmitHeld,
  ) {
    this.store = new MemoryStore(db);
  }

  insertAll(memories: readonly NewMemory[]): InsertOutcome[] {
    return insertMemories(this.db, memories, this.dedupeWindowSec, this.admitHeld);
  }

  refresh(memory: NewMemory): RefreshOutcome {
    return this.store.refresh(memory, true);
  }

  batch(work: () => void): void {
    inTransaction(this.db, work);
  }

  recordPrompt(prompt: NewPrompt): boolean {
    return insertPrompt(this.db, prompt);
  }

  summarize(
    sessionIds: Iterable<string>,
    gained: ReadonlySet<string>,
    now: Date,
    lastAnswers: ReadonlyMap<string, string>,
    agents: ReadonlyMap<string, AgentName>,
  ): void {
    inTransaction(this.db, () => {
      for (const sessionId of sessionIds) {
        if (!gained.has(sessionId) && this.store.hasSummary(sessionId)) continue;
        const answer = lastAnswers.get(sessionId);
        const intent = {
          prompts: sessionPrompts(this.db, sessionId),
          outcome: answer ? outcomeToRecord(answer) : null,
        };
        const summary = summarizeSession(sessionId, this.store.sessionRows(sessionId), now, intent);
        const agent = agents.get(sessionId);
        if (summary) this.store.upsertSummary(agent ? { ...summary, agent } : summary);
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

  constructor(
    private readonly db: Db | null,
    private readonly dedupeWindowSec: number,
    private readonly admitHeld: AdmitHeld,
  ) {
    this.existing = db ? new MemoryStore(db) : null;
  }

  insertAll(memories: readonly NewMemory[]): InsertOutcome[] {
    return memories.map((memory) => this.insert(memory));
  }

  private insert(memory: NewMemory): InsertOutcome {
    const id = memory.toolUseId;
    if (id && this.toolUseIds.has(id)) return 'duplicate-tool-use';
    const time = Date.parse(memory.createdAt);
    const window = this.dedupeWindowSec * 1000;
    const key = `${memory.sessionId}\u0000${createHash('sha1').update(memory.content).digest('base64')}`;
    const times = this.contents.get(key) ?? [];
    const inDatabase = this.existing?.findDuplicate(memory, this.dedupeWindowSec, this.admitHeld) ?? null;
    if (inDatabase !== null && inDatabase !== 'duplicate-content') return inDatabase;
    if (inDatabase || times.some((seen) => Math.abs(seen - time) <= window)) return 'duplicate-content';
    if (id) this.toolUseIds.add(id);
    times.push(time);
    this.contents.set(key, times);
    return 'stored';
  }

  refresh(memory: NewMemory): RefreshOutcome {
    return this.existing ? this.existing.refresh(memory, false) : 'missing';
  }

  batch(work: () => void): void {
    work();
  }

  recordPrompt(): boolean {
    return false; // a dry run counts tool calls only
  }

  summarize(): void {
    // Nothing is written on a dry run.
  }

  close(): void {
    this.db?.close();
  }
}
