// Stop (every turn): upsert the session's structural summary so far. Never prints; does nothing
// without a session id or before the first memory created the database.
import { loadConfig } from './config.js';
import { MemoryStore } from './db/memories.js';
import { openDb } from './db/open.js';
import type { HookInput } from './hook-io.js';
import { parseStopEvent } from './payload.js';
import { summarizeSession } from './summary.js';

export function handleStop({ input, env }: HookInput): void {
  const config = loadConfig(env);
  if (config.disabled) return;
  const event = parseStopEvent(input);
  if (!event) return;
  const db = openDb(config.dbPath, { create: false });
  if (!db) return;
  try {
    const store = new MemoryStore(db);
    const summary = summarizeSession(event.sessionId, store.sessionRows(event.sessionId), config.now());
    if (summary) store.upsertSummary(summary);
  } finally {
    db.close();
  }
}
