// Turns a captured draft into a stored memory: the one write path shared by the live hook and
// by imports, so a memory cannot be told apart by where it came from.
import type { MemoryDraft } from './capture.js';
import type { InsertOutcome, MemoryStore, NewMemory } from './db/memories.js';
import type { HookBase } from './hook/payload.js';
import type { Project } from './project.js';

export interface RecordOptions {
  readonly createdAt: Date;
  readonly toolUseId: string | null;
  readonly source: NewMemory['source'];
  readonly dedupeWindowSec: number;
}

export function toNewMemory(draft: MemoryDraft, event: HookBase, project: Project, options: RecordOptions): NewMemory {
  return {
    sessionId: event.sessionId,
    toolName: draft.toolName,
    type: draft.type,
    project: project.name,
    projectPath: project.path,
    filePath: draft.filePath,
    content: draft.content,
    tags: draft.tags,
    importance: draft.importance,
    createdAt: options.createdAt.toISOString(),
    toolUseId: options.toolUseId,
    agentId: event.agentId,
    exitCode: draft.exitCode,
    source: options.source,
  };
}

export function recordDraft(store: MemoryStore, draft: MemoryDraft, event: HookBase, project: Project, options: RecordOptions): InsertOutcome {
  return store.insert(toNewMemory(draft, event, project, options), options.dedupeWindowSec);
}
