// The capture write path under faults: store the memory within the hook's deadline, or keep it in
// the spool and say why in one line; after a successful write, store what the spool holds.
import { accessSync, constants, existsSync } from 'node:fs';
import { noteDamage, repairNote } from './damage.js';
import type { Config } from '../config/config.js';
import { activeDeadline, startDeadline } from '../db/deadline.js';
import type { MemoryStore } from '../db/memories.js';
import { inTransaction } from '../db/open.js';
import { FAULT_WORDS, faultOf } from './faults.js';
import type { NewMemory } from '../memory.js';
import type { Env } from '../paths.js';
import { deferMemory, drainSpool, listPending, type DrainResult } from './spool.js';
import { describeError } from '../narrow.js';

/** Thrown after an event went to the spool: the message is the hook's one stderr line. */
export class DeferredError extends Error {
  override readonly name = 'DeferredError';
}

export async function storeOrDefer(config: Config, env: Env, memory: NewMemory): Promise<void> {
  startDeadline(config.captureBudgetMs);
  if (repairNote(config.dbPath) !== null) {
    defer(config, env, memory, `${FAULT_WORDS.damaged} (run memory doctor --repair)`);
  }
  try {
    // Opened anyway, SQLite would fall back to read-only and leave -wal and -shm behind with the
    // file's read-only mode, which a later `chmod u+w memory.db` alone would not undo.
    if (existsSync(config.dbPath)) accessSync(config.dbPath, constants.W_OK);
    // Loaded here, not at the top: a skipped event never pays for better-sqlite3.
    const [{ withDb }, { MemoryStore }] = await Promise.all([import('../db/open.js'), import('../db/memories.js')]);
    withDb(config.dbPath, { create: true }, (db) => {
      const store = new MemoryStore(db);
      store.insert(memory, config.dedupeWindowSec);
      drainPending(store, config, env);
    });
  } catch (error) {
    noticeDamage(config.dbPath, error);
    defer(config, env, memory, `${FAULT_WORDS[faultOf(error, config.dbPath)]} (${describeError(error)})`);
  }
}

function defer(config: Config, env: Env, memory: NewMemory, reason: string): never {
  try {
    deferMemory(config.dbPath, env, memory);
  } catch (error) {
    throw new DeferredError(`${reason}; ${describeError(error)}`);
  }
  throw new DeferredError(`${reason}; the event is kept and will be stored later`);
}

/**
 * Stores what the spool holds into an open, writable database, within the process deadline.
 * Best effort: a database that refuses now is tried again by the next run. Never into a damaged file.
 */
export function drainPending(store: MemoryStore, config: Config, env: Env): DrainResult | null {
  if (repairNote(config.dbPath) !== null) return null;
  try {
    if (listPending(config.dbPath, env).length === 0) return null;
    const storeBatch = (memories: readonly NewMemory[]): boolean[] =>
      inTransaction(store.db, () =>
        memories.map((memory) => {
          try {
            store.insert(memory, config.dedupeWindowSec);
            return true;
          } catch (error) {
            // Its savepoint is rolled back; the rest of the batch goes on.
            if (isConstraint(error)) return false;
            throw error;
          }
        }),
      );
    return drainSpool(config.dbPath, env, storeBatch, activeDeadline());
  } catch {
    return null;
  }
}

function isConstraint(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT');
}

/** A database failure as a hook's one stderr line: the cause in words, SQLite's code, what follows. */
export function explainFault(error: unknown, consequence: string): Error {
  return new DeferredError(`${FAULT_WORDS[faultOf(error)]} (${describeError(error)}); ${consequence}`);
}

/** A write or read that SQLite refused as corrupt marks the file damaged: capture stops writing into it. */
export function noticeDamage(dbPath: string, error: unknown): void {
  if (faultOf(error) !== 'damaged') return;
  try {
    noteDamage(dbPath, describeError(error));
  } catch {
    // The note is a courtesy; the hook's own work is what matters.
  }
}
