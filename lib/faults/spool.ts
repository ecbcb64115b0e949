// The spool: memories that could not be stored when they happened (database locked past the hook's
// deadline, disk full, read-only, damaged), kept as one small private file each until a later hook
// or CLI run stores them. Bounded in count and bytes; storing is idempotent (tool_use_id, content).
import { crypto } from '../runtime/builtins.js';
import { lstatSync, readdirSync, renameSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Deadline } from '../db/deadline.js';
import {
  DEFAULT_AGENT,
  INTENT_MAX,
  isAgentName,
  isCapturedTool,
  MEMORY_TYPES,
  type MemoryType,
  type NewMemory,
} from '../memory.js';
import { systemTempDir, type Env } from '../paths.js';
import { ensurePrivateDir, readRegularFile, writeFileAtomic } from '../io/safe-fs.js';
import { objectOf } from '../narrow.js';

export const SPOOL_MAX_FILES = 2000;
export const SPOOL_MAX_BYTES = 16 * 1024 * 1024;
/** A memory's content is capped at a few KB; anything far larger was not written by us. */
const ITEM_MAX_BYTES = 256 * 1024;
/** `<ms since 1970, 15 digits>-<pid>-<sequence and random, hex>.json`: sorted by name is oldest first. */
const PENDING = /^\d{15}-\d+-[0-9a-f]{8,}\.json$/;
let sequence = 0;

/**
 * Where events wait, in order of preference: beside the database, then a private folder under the
 * temp dir for when the database's own disk or folder is what refuses the write (full, read-only).
 */
export function spoolDirs(dbPath: string, env: Env): string[] {
  return [ownSpoolDir(dbPath), join(sharedSpoolRoot(env), spoolKey(dbPath))];
}

function ownSpoolDir(dbPath: string): string {
  return `${dbPath}.spool`;
}

/** The temp dir's folder of this user's spools, one per database. */
function sharedSpoolRoot(env: Env): string {
  return join(env['TMPDIR'] || systemTempDir(), `claude-memory-${process.geteuid?.() ?? 'user'}`);
}

function spoolKey(dbPath: string): string {
  return crypto().createHash('sha256').update(dbPath).digest('hex').slice(0, 16);
}

/**
 * The spool folders that may hold events. The temp dir's is named by a hash of the database path;
 * it is hashed only when this user's folder there holds anything at all, since every stored event
 * asks.
 */
function existingSpoolDirs(dbPath: string, env: Env): string[] {
  let shared: string[] = [];
  try {
    shared = readdirSync(sharedSpoolRoot(env));
  } catch {
    // Never used: nothing waits there.
  }
  return shared.length > 0 ? spoolDirs(dbPath, env) : [ownSpoolDir(dbPath)];
}

export interface PendingEvent {
  readonly path: string;
  readonly bytes: number;
}

/** Spooled events of every spool folder, oldest first. Never creates anything. */
export function listPending(dbPath: string, env: Env): PendingEvent[] {
  const found: { name: string; event: PendingEvent }[] = [];
  for (const dir of existingSpoolDirs(dbPath, env)) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!PENDING.test(name)) continue;
      const stat = lstatSync(join(dir, name), { throwIfNoEntry: false });
      if (stat?.isFile()) found.push({ name, event: { path: join(dir, name), bytes: stat.size } });
    }
  }
  return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((entry) => entry.event);
}

export class SpoolError extends Error {
  override readonly name = 'SpoolError';
  readonly code = 'SPOOL';
}

/** Keeps `memory` for later; returns the file it went to. Throws SpoolError when it cannot be kept. */
export function deferMemory(dbPath: string, env: Env, memory: NewMemory): string {
  const text = `${JSON.stringify(memory)}\n`;
  const pending = listPending(dbPath, env);
  const bytes = pending.reduce((sum, event) => sum + event.bytes, 0);
  if (pending.length >= SPOOL_MAX_FILES || bytes + text.length > SPOOL_MAX_BYTES) {
    throw new SpoolError(`the spool is full (${pending.length} events waiting); this event is lost`);
  }
  sequence += 1;
  const name = `${String(Date.now()).padStart(15, '0')}-${process.pid}-${sequence.toString(16).padStart(6, '0')}${crypto().randomBytes(4).toString('hex')}.json`;
  const reasons: string[] = [];
  for (const dir of spoolDirs(dbPath, env)) {
    try {
      if (dir !== ownSpoolDir(dbPath)) ensurePrivateDir(join(dir, '..'));
      ensurePrivateDir(dir);
      writeFileAtomic(join(dir, name), text);
      return join(dir, name);
    } catch (error) {
      reasons.push(error instanceof Error ? error.message : String(error));
    }
  }
  throw new SpoolError(`could not keep the event for later (${reasons.join('; ')})`);
}

export interface DrainResult {
  readonly stored: number;
  /** Files that were not a memory we wrote, or that the database rejected; renamed `*.rejected`, never read again. */
  readonly rejected: number;
  readonly left: number;
}

/** How many spooled events go into one transaction: one commit, instead of one per event. */
const BATCH = 200;

/**
 * Stores spooled events oldest first, a batch at a time, through `storeBatch` (one transaction that
 * dedupes, so an event drained by two processes at once is stored once, and answers per event
 * whether it was taken), and removes each file only once its batch is committed. Stops when the
 * database refuses a batch (it is still in trouble) and when the deadline passes.
 */
export function drainSpool(
  dbPath: string,
  env: Env,
  storeBatch: (memories: readonly NewMemory[]) => readonly boolean[],
  deadline: Deadline | null,
): DrainResult {
  const pending = listPending(dbPath, env);
  let stored = 0;
  let rejected = 0;
  for (let start = 0; start < pending.length && !deadline?.expired(); start += BATCH) {
    const batch: { path: string; memory: NewMemory }[] = [];
    for (const event of pending.slice(start, start + BATCH)) {
      const memory = parseSpooled(readRegularFile(event.path, ITEM_MAX_BYTES));
      if (memory) batch.push({ path: event.path, memory });
      else {
        reject(event.path);
        rejected += 1;
      }
    }
    let taken: readonly boolean[];
    try {
      taken = storeBatch(batch.map((item) => item.memory));
    } catch {
      break;
    }
    batch.forEach((item, index) => {
      if (taken[index]) {
        removeIfPresent(item.path);
        stored += 1;
      } else {
        reject(item.path);
        rejected += 1;
      }
    });
  }
  return { stored, rejected, left: pending.length - stored - rejected };
}

function reject(path: string): void {
  try {
    renameSync(path, `${path}.rejected`);
  } catch {
    // Another drainer moved it first.
  }
}

function removeIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Another drainer stored and removed it too (the insert deduped).
  }
}

const STRING_FIELDS = ['sessionId', 'project', 'projectPath', 'content', 'tags', 'createdAt'] as const;
const NULLABLE_STRING_FIELDS = ['filePath', 'toolUseId', 'agentId'] as const;

/** A spooled file back into a memory, checked field by field against the vocabulary; null if it is not one. */
function parseSpooled(text: string | null): NewMemory | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const record = objectOf(value);
  if (!STRING_FIELDS.every((field) => typeof record[field] === 'string')) return null;
  if (!NULLABLE_STRING_FIELDS.every((field) => record[field] === null || typeof record[field] === 'string'))
    return null;
  const { toolName, type, importance, exitCode, source } = record;
  if (typeof toolName !== 'string' || !isCapturedTool(toolName)) return null;
  if (!MEMORY_TYPES.some((known) => known === type)) return null;
  if (importance !== 1 && importance !== 2 && importance !== 3) return null;
  if (exitCode !== null && typeof exitCode !== 'number') return null;
  if (source !== 'hook' && source !== 'import') return null;
  return {
    sessionId: record['sessionId'] as string,
    toolName,
    type: type as MemoryType,
    project: record['project'] as string,
    projectPath: record['projectPath'] as string,
    filePath: record['filePath'] as string | null,
    content: record['content'] as string,
    tags: record['tags'] as string,
    importance,
    createdAt: record['createdAt'] as string,
    toolUseId: record['toolUseId'] as string | null,
    agentId: record['agentId'] as string | null,
    exitCode,
    source,
    ...(typeof record['agent'] === 'string' && isAgentName(record['agent']) && record['agent'] !== DEFAULT_AGENT
      ? { agent: record['agent'] }
      : {}),
    // What the call was for (a failed command's description, from its payload), bounded as stored.
    ...(typeof record['intent'] === 'string' && record['intent'].length <= INTENT_MAX
      ? { intent: record['intent'] }
      : {}),
  };
}
