// `memory forget --undo`: brings forgotten memories back. Their text was never kept, so it comes from
// where it came first, their session's transcript, through the import; a memory whose transcript is
// gone cannot come back, and is told so. Never restores a memory that still has a tombstone.
import { join } from 'node:path';
import type { Config } from '../config/config.js';
import { openDb, type Db } from '../db/open.js';
import { memoryIdOfCall, removeTombstones, tombstonesOfMemories, type Tombstone } from '../db/tombstones.js';
import { MemoryError, MissingDatabaseError } from '../errors.js';
import { claudeDir, type Env } from '../paths.js';
import { findTranscripts, type TranscriptFile } from './files.js';
import { importTranscripts } from './importer.js';

export interface Restored {
  /** The id the memory had when it was forgotten. */
  readonly memoryId: number;
  /** Its id now, or null when it did not come back. */
  readonly nowId: number | null;
  /** Whether a transcript of its session was found. */
  readonly transcript: boolean;
}

/** Thrown before anything changes when an id names no forgotten memory. */
export class UnknownForgottenError extends MemoryError {
  override readonly name = 'UnknownForgottenError';
}

export async function restoreForgotten(memoryIds: readonly number[], config: Config, env: Env): Promise<Restored[]> {
  const tombstones = withDb(config, (db) => {
    const found = tombstonesOfMemories(db, memoryIds);
    const unknown = memoryIds.filter((id) => !found.some((t) => t.memoryId === id));
    if (unknown.length > 0)
      throw new UnknownForgottenError(
        `no forgotten memory ${unknown.map((id) => `#${id}`).join(', ')} (memory forget --list-tombstones lists them)`,
      );
    removeTombstones(
      db,
      found.map((t) => t.id),
    );
    return found;
  });
  const transcripts = findTranscripts([join(claudeDir(env), 'projects')]).files;
  const bySession = new Map<string, TranscriptFile[]>();
  for (const t of tombstones)
    bySession.set(
      t.sessionId,
      transcripts.filter((file) => ofSession(file, t.sessionId)),
    );
  const files = [...new Set([...bySession.values()].flat())];
  // Asked for by name: a forgotten call of a held session comes back too (nothing else of it does).
  const asked = new Set(tombstones.map((t) => t.toolUseId).filter((id) => id !== null));
  const admitHeld = (memory: { toolUseId: string | null }): boolean =>
    memory.toolUseId !== null && asked.has(memory.toolUseId);
  if (files.length > 0) await importTranscripts({ files, config, dryRun: false, admitHeld });
  return withDb(config, (db) =>
    tombstones.map((t: Tombstone) => ({
      memoryId: t.memoryId as number,
      nowId: t.toolUseId === null ? null : memoryIdOfCall(db, t.toolUseId),
      transcript: (bySession.get(t.sessionId) ?? []).length > 0,
    })),
  );
}

// A main transcript is named for its session; a subagent's lives in a folder named for it.
function ofSession(file: TranscriptFile, sessionId: string): boolean {
  return file.sessionHint === sessionId || file.path.includes(`/${sessionId}/`);
}

function withDb<T>(config: Config, work: (db: Db) => T): T {
  const db = openDb(config.dbPath, { create: false });
  if (!db) throw new MissingDatabaseError(config.dbPath);
  try {
    return work(db);
  } finally {
    db.close();
  }
}
