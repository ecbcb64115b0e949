// `memory team push`: queued tombstones first, then each shared project's new memories and session
// summaries, in batches that each advance the local cursor only after the server committed them.
// Only projects marked shared are read; nothing of any other project is sent.
import type { ClientBase } from 'pg';
import type { Db } from '../db/open.js';
import {
  adoptServer,
  advanceCursor,
  ensureTeamTables,
  hostId,
  memoriesAfter,
  pushCursors,
  type PushCursors,
  resetCursors,
  summariesAfter,
  teamProject,
  teamProjects,
} from './local-queries.js';
import { clearTombstones, queuedTombstones } from './tombstone-queries.js';
import { membership, registerHost, serverId, serverSchemaVersion, SERVER_SCHEMA_VERSION } from './server-queries.js';
import { applyTombstones, insertMemories, upsertSummaries } from './push-queries.js';
import type { TeamConfig } from './connection-string.js';
import { TeamError, withTeamServer } from './connect.js';
import { MemoryError } from '../errors.js';
import { outgoingMemory, outgoingSummary, type Sender } from './outgoing.js';

// Rows a statement inserts: past a few hundred, the commit and round trip per batch stop mattering;
// 2,000 measured faster than 500 (BENCHMARKS.md), and well inside the statement timeout.
const MEMORY_BATCH = 2000;
const SUMMARY_BATCH = 200;

export interface ProjectPush {
  readonly project: string;
  readonly memoriesSent: number;
  readonly memoriesInserted: number;
  readonly summariesSent: number;
  readonly summariesInserted: number;
  readonly summariesUpdated: number;
  /** Why this project was not pushed (not a member, refused by the server), or null. */
  readonly error: string | null;
}

export interface PushReport {
  readonly hostId: string;
  readonly projects: readonly ProjectPush[];
  readonly tombstonesSent: number;
  readonly rowsForgotten: number;
  /** The server is not the one the cursors were for: everything was offered again. */
  readonly newServer: boolean;
}

/**
 * Refuses a server without our schema, or with a newer one; for `doing` (searching, reviewing,
 * expiring), also one not yet upgraded. Returns the server's schema version.
 */
export async function assertServerReady(
  client: ClientBase,
  where: string,
  doing: 'searching' | 'reviewing' | 'expiring' | null = null,
): Promise<number> {
  const version = await serverSchemaVersion(client);
  if (version === null || version === 0)
    throw new TeamError(`team server ${where} has no team schema yet: its administrator runs \`memory team init\``);
  // Search and review run the server's own functions and tables, which schema versions replace; a
  // push works on any version (it only inserts, the way that version takes rows).
  if (doing !== null && version < SERVER_SCHEMA_VERSION)
    throw new TeamError(
      `team server ${where} has schema v${version}; ${doing} it needs v${SERVER_SCHEMA_VERSION}: its administrator runs \`memory team init\``,
    );
  if (version > SERVER_SCHEMA_VERSION) {
    throw new TeamError(
      `team server ${where} has schema v${version}, newer than this version of claude-memory-hooks (v${SERVER_SCHEMA_VERSION}): update it`,
    );
  }
  return version;
}

/** The configured server's id, to count what a push there sends; or why it could not be asked. */
export async function askServerId(config: TeamConfig): Promise<{ readonly id: string } | { readonly why: string }> {
  if (!config.url) return { why: 'no team server is configured yet' };
  try {
    return {
      id: await withTeamServer(config, async (client, where) => {
        await assertServerReady(client, where);
        return serverId(client);
      }),
    };
  } catch (error) {
    if (error instanceof MemoryError) return { why: error.message };
    throw error;
  }
}

export function senderFor(db: Db, config: TeamConfig): Sender {
  ensureTeamTables(db);
  return { hostId: hostId(db), hostName: config.hostName, pii: config.pii, piiPatterns: config.piiPatterns };
}

/** Sends queued tombstones; returns [tombstones sent, server rows deleted]. */
export async function sendTombstones(db: Db, client: ClientBase, sender: Sender): Promise<[number, number]> {
  const queued = queuedTombstones(db);
  if (queued.length === 0) return [0, 0];
  await registerHost(client, sender.hostId, sender.hostName);
  const deleted = await applyTombstones(
    client,
    queued.map((t) => ({ kind: t.kind, host_id: sender.hostId, local_key: t.localKey, project: t.project })),
  );
  clearTombstones(db, queued);
  return [queued.length, deleted];
}

export async function push(
  db: Db,
  client: ClientBase,
  config: TeamConfig,
  where: string,
  options: { readonly all: boolean },
  another: (() => Promise<ClientBase>) | null = null,
): Promise<PushReport> {
  const version = await assertServerReady(client, where);
  const sender = senderFor(db, config);
  const server = await serverId(client);
  const newServer = adoptServer(db, server);
  if (options.all) resetCursors(db);
  await registerHost(client, sender.hostId, sender.hostName);
  const [tombstonesSent, rowsForgotten] = await sendTombstones(db, client, sender);
  const projects: ProjectPush[] = [];
  // A second connection, opened once a project has more than one batch to send; a server that
  // refuses it (at its connection limit) gets the push on one.
  let second: Promise<ClientBase | null> | null = null;
  const inserters: Inserters = {
    first: client,
    second: () => {
      if (another === null) return Promise.resolve(null);
      second ??= another().catch(() => null);
      return second;
    },
  };
  for (const project of teamProjects(db).filter((p) => p.shared)) {
    projects.push(await pushProject(db, inserters, sender, { project: project.project, server, version }, where));
  }
  return { hostId: sender.hostId, projects, tombstonesSent, rowsForgotten, newServer };
}

/** The connection a push runs on, and a second one it may insert on at the same time (null: none). */
interface Inserters {
  readonly first: ClientBase;
  readonly second: () => Promise<ClientBase | null>;
}

async function pushProject(
  db: Db,
  inserters: Inserters,
  sender: Sender,
  { project, server, version }: { readonly project: string; readonly server: string; readonly version: number },
  where: string,
): Promise<ProjectPush> {
  const counts = { memoriesSent: 0, memoriesInserted: 0, summariesSent: 0, summariesInserted: 0, summariesUpdated: 0 };
  const client = inserters.first;
  if ((await membership(client, project)) === null) {
    return {
      project,
      ...counts,
      error: `you are not a member of project "${project}" on ${where} (an administrator adds you: memory team member add <role> ${project})`,
    };
  }
  // Where this server's push stands (pushCursors); only moves forward, and only after the server committed.
  const cursors = (): PushCursors => pushCursors(db, teamProject(db, project), server);
  // Batches go out in id order on up to two connections at once, while the next one is read and made
  // ready, so the client and two server processes work at the same time. The cursor moves to a
  // batch's end once it and every batch before it are committed (the oldest is awaited first): after
  // a kill, a later batch already committed is offered again, and the server's keys skip it.
  let cursor = cursors().memoryCursor;
  const sending: Array<{ inserted: Promise<number>; sent: number; readTo: number; on: ClientBase }> = [];
  const settle = async () => {
    const done = sending.shift();
    if (!done) return;
    counts.memoriesInserted += await done.inserted;
    counts.memoriesSent += done.sent;
    advanceCursor(db, project, { memory: done.readTo });
  };
  try {
    for (;;) {
      const { rows, readTo } = memoriesAfter(db, project, cursor, MEMORY_BATCH);
      const next = readTo > cursor ? rows.map((row) => outgoingMemory(row, sender)) : null;
      if (next === null) break;
      // The connection no batch in flight is using: with two out, the oldest's once it is done; with
      // one out, the other connection (the second is opened now, or the one waited for without it).
      let on: ClientBase = client;
      const [oldest] = sending;
      if (sending.length === 2 && oldest) {
        on = oldest.on;
        await settle();
      } else if (oldest) {
        const other = oldest.on === client ? await inserters.second() : client;
        if (other === null) await settle();
        else on = other;
      }
      const inserted = next.length > 0 ? insertMemories(on, next, version) : Promise.resolve(0);
      // Awaited in turn by settle(); marked handled now, so one failing while an earlier one is still
      // awaited is not an unhandled rejection (settle() still sees it fail).
      inserted.catch(() => undefined);
      sending.push({ inserted, sent: next.length, readTo, on });
      cursor = readTo;
    }
    while (sending.length > 0) await settle();
  } catch (error) {
    // What is still out is left to finish or fail on its own: its rows are offered again next time.
    await Promise.allSettled(sending.map((batch) => batch.inserted));
    throw error;
  }
  const summaries = summariesAfter(db, project, cursors().summaryCursor);
  for (let start = 0; start < summaries.length; start += SUMMARY_BATCH) {
    const batch = summaries.slice(start, start + SUMMARY_BATCH);
    const result = await upsertSummaries(
      client,
      batch.map((row) => outgoingSummary(row, sender)),
    );
    counts.summariesSent += batch.length;
    counts.summariesInserted += result.inserted;
    counts.summariesUpdated += result.updated;
    advanceCursor(db, project, { summary: batch[batch.length - 1]?.updated_at as string });
  }
  return { project, ...counts, error: null };
}
