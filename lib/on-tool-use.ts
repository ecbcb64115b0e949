// PostToolUse and PostToolUseFailure: one memory, or nothing for noise. Parses, filters and
// returns early before the database is opened; imports only the capture path, to start fast.
import { captureEvent } from './capture.js';
import { loadConfig } from './config.js';
import { MemoryStore } from './db/memories.js';
import { openDb } from './db/open.js';
import type { HookInput } from './hook-io.js';
import { parseToolEvent } from './payload.js';
import { resolveProject } from './project.js';
import { recordDraft } from './record.js';

export function handleToolEvent({ input, env }: HookInput): void {
  const config = loadConfig(env);
  if (config.disabled) return;
  const event = parseToolEvent(input);
  if (!event) return;
  const draft = captureEvent(event);
  if (!draft) return;
  const project = resolveProject(env, event.cwd);
  const db = openDb(config.dbPath, { create: true });
  if (!db) return;
  try {
    recordDraft(new MemoryStore(db), draft, event, project, {
      createdAt: config.now(),
      toolUseId: event.toolUseId,
      source: 'hook',
      dedupeWindowSec: config.dedupeWindowSec,
    });
  } finally {
    db.close();
  }
}
