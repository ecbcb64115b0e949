// `memory doctor --repair`: rebuilds a damaged database from what can still be read, beside it,
// keeps the damaged file as `<db>.damaged-<date>`, swaps the new one in by rename, and stores the
// events that waited in the spool. A database that passes its integrity check is left alone.
import { existsSync, renameSync } from 'node:fs';
import type { Config } from '../config/config.js';
import { clearDamageNote, noteDamage, repairNote } from './damage.js';
import { MemoryStore } from '../db/memories.js';
import { withDb } from '../db/open.js';
import { probeDb } from '../db/probe.js';
import { copyReadableRows, removeFiles, type TableCopy } from './recover-queries.js';
import { MemoryError } from '../errors.js';
import { FAULT_WORDS, faultOf } from './faults.js';
import { describeError } from '../narrow.js';
import type { Env } from '../paths.js';
import { drainPending } from './store-or-defer.js';

export type RepairReport =
  | {
      readonly outcome: 'healthy';
      readonly stored: number;
      /** The schema versions of a sound file an older build wrote, migrated here. */
      readonly migrated: { readonly from: number; readonly to: number } | null;
    }
  | { readonly outcome: 'started'; readonly stored: number }
  | {
      readonly outcome: 'recovered';
      readonly memories: number;
      readonly estimatedMemories: number;
      readonly summaries: number;
      readonly tables: readonly TableCopy[];
      readonly headerRebuilt: boolean;
      readonly damagedCopy: string;
      readonly stored: number;
    }
  /** Nothing could be read: the file is left where it is, as it is. */
  | { readonly outcome: 'unreadable'; readonly dbPath: string };

export function repairDatabase(config: Config, env: Env): RepairReport {
  const dbPath = config.dbPath;
  if (!existsSync(dbPath)) {
    if (repairNote(dbPath) === null) throw new MemoryError(`no database at ${dbPath}: nothing to repair`);
    // The damaged file was moved aside by hand (as an unreadable one's report suggests): start anew
    // and store what capture kept aside meanwhile.
    clearDamageNote(dbPath);
    return { outcome: 'started', stored: storeSpooled(config, env, true) };
  }
  const probe = probeDb(dbPath, 5000);
  if (probe.opened && probe.facts.integrity.length === 1 && probe.facts.integrity[0] === 'ok') {
    clearDamageNote(dbPath);
    const { schemaVersion: from, expectedSchemaVersion: to } = probe.facts;
    // Opening it for writing migrates it; a failure to (a lock held too long) is said, not swallowed.
    if (from < to) withDb(dbPath, { create: false }, () => true);
    return { outcome: 'healthy', stored: storeSpooled(config, env), migrated: from < to ? { from, to } : null };
  }
  if (!probe.opened && faultOf(probe.error) !== 'damaged') {
    throw new MemoryError(
      `cannot repair ${dbPath}: ${FAULT_WORDS[faultOf(probe.error)]} (${describeError(probe.error)}); run memory doctor to see why`,
    );
  }
  // Capture keeps new events aside while the note exists, so nothing is written into either file meanwhile.
  noteDamage(
    dbPath,
    probe.opened ? `integrity_check: ${probe.facts.integrity.slice(0, 3).join('; ')}` : describeError(probe.error),
  );
  const target = `${dbPath}.recovering-${process.pid}`;
  removeFiles(target);
  let copy;
  try {
    copy = copyReadableRows(dbPath, target);
  } catch (error) {
    removeFiles(target);
    throw error;
  }
  // An empty database in place of one nobody could read would pass for a repair; the note stays, so
  // capture keeps new events aside until the user has tried what the report suggests.
  if (!copy.readable) {
    removeFiles(target);
    return { outcome: 'unreadable', dbPath };
  }
  const { readable: _readable, ...recovered } = copy;
  const damagedCopy = freeName(`${dbPath}.damaged-${config.now().toISOString().slice(0, 10)}`);
  renameSync(dbPath, damagedCopy);
  // The damaged file's WAL belongs to it: left at the old name it would be replayed into the new file.
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(`${dbPath}${suffix}`)) renameSync(`${dbPath}${suffix}`, `${damagedCopy}${suffix}`);
  }
  renameSync(target, dbPath);
  clearDamageNote(dbPath);
  return { outcome: 'recovered', ...recovered, damagedCopy, stored: storeSpooled(config, env) };
}

function storeSpooled(config: Config, env: Env, create = false): number {
  try {
    return withDb(config.dbPath, { create }, (db) => drainPending(new MemoryStore(db), config, env)?.stored ?? 0) ?? 0;
  } catch {
    return 0;
  }
}

/** `path`, or `path-2`, `path-3`… when an earlier repair the same day kept a file there. */
function freeName(path: string): string {
  if (!existsSync(path)) return path;
  for (let n = 2; ; n++) if (!existsSync(`${path}-${n}`)) return `${path}-${n}`;
}
