// `memory import` of a Codex rollout or a Gemini chat: its adapter's entries (lib/agents/*/), stored as
// the live hooks store their events: the same drafts, ids, project (no CLAUDE_PROJECT_DIR in these
// agents' hooks) and intent, so a call live capture stored is a duplicate here.
import type { SessionFileEntry } from '../agents/events.js';
import { captureEvent } from '../capture/capture.js';
import { memoryIntent, NO_INTENT } from '../capture/intent.js';
import { resolveProject } from '../capture/project.js';
import { promptToRecord } from '../capture/prompt.js';
import { DEFAULT_AGENT, toNewMemory, type AgentName, type NewMemory } from '../memory.js';
import { readSessionFile } from './agent-files.js';
import type { TranscriptFile } from './files.js';
import type { Sink } from './sink.js';
import { BATCH_SIZE, parseTime, type ImportSummary } from './summary.js';

/** What of a running import these files add to. */
export interface ImportState {
  readonly summary: ImportSummary;
  /** Calls before this time (ms) are too old. */
  readonly cutoff: number;
  readonly sink: Sink | null;
  readonly sessions: Set<string>;
  /** Sessions that gained rows: their summary is made again. */
  readonly gained: Set<string>;
  readonly lastAnswer: Map<string, string>;
  readonly agents: Map<string, AgentName>;
  stopping(): boolean;
  /** A file not read at all, and why. */
  skip(path: string, why: string): void;
  progress(currentFileBytes: number): void;
  flush(queue: NewMemory[]): void;
}

/** A Codex rollout, a Gemini chat or an opencode.db: its adapter's entries, stored as the live hooks store their events. */
export async function importAgentFile(file: TranscriptFile, run: ImportState): Promise<void> {
  const queue: NewMemory[] = [];
  const read = await readSessionFile(file, {
    stopping: () => run.stopping(),
    progress: (bytes) => run.progress(Math.min(bytes, file.size)),
    entry: (entry) => {
      agentEntry(run, entry, queue);
      if (queue.length >= BATCH_SIZE) run.flush(queue);
    },
  });
  run.flush(queue);
  run.summary.badLines += read.badLines;
  if (read.skipped !== undefined) run.skip(file.path, read.skipped);
  if (read.unreadable) run.summary.unreadableFiles += 1;
  if (!run.summary.stopped) run.summary.unpaired += read.unfinished;
}

function agentEntry(run: ImportState, entry: SessionFileEntry, queue: NewMemory[]): void {
  switch (entry.kind) {
    case 'session':
      run.sessions.add(entry.sessionId);
      if (entry.agent !== DEFAULT_AGENT) run.agents.set(entry.sessionId, entry.agent);
      return;
    case 'answer':
      run.lastAnswer.set(entry.sessionId, entry.text);
      return;
    case 'not-run':
      run.summary.toolCalls += 1;
      run.summary.notRun += 1;
      return;
    case 'prompt': {
      const { event } = entry;
      const createdAt = parseTime(entry.at);
      const text = promptToRecord(event.prompt, event.source);
      if (!createdAt || !text || createdAt.getTime() < run.cutoff || !run.sink || !event.sessionId) return;
      // The live prompt hook's project: no CLAUDE_PROJECT_DIR in these agents' hooks.
      const project = resolveProject({}, event.cwd);
      const stored = run.sink.recordPrompt({
        sessionId: event.sessionId,
        project: project.name,
        projectPath: project.path,
        text,
        createdAt: createdAt.toISOString(),
        source: 'import',
      });
      if (stored) run.gained.add(event.sessionId);
      return;
    }
    case 'tool':
      run.summary.toolCalls += 1;
      agentCall(run, entry, queue);
  }
}

function agentCall(run: ImportState, entry: Extract<SessionFileEntry, { kind: 'tool' }>, queue: NewMemory[]): void {
  const createdAt = parseTime(entry.at);
  const [first] = entry.events;
  if (!createdAt || (first && !first.sessionId)) {
    run.summary.badLines += 1;
    return;
  }
  if (createdAt.getTime() < run.cutoff) {
    run.summary.tooOld += 1;
    return;
  }
  const drafts = entry.events.map((event) => ({ event, draft: captureEvent(event) }));
  if (!drafts.some(({ draft }) => draft)) {
    run.summary.noise += 1;
    return;
  }
  for (const { event, draft } of drafts) {
    if (!draft) continue;
    const origin = { sessionId: event.sessionId, agentId: event.agentId, agent: event.agent };
    queue.push({
      ...toNewMemory(draft, {
        ...origin,
        toolUseId: event.toolUseId,
        project: resolveProject({}, event.cwd),
        createdAt,
        source: 'import',
      }),
      intent: memoryIntent(NO_INTENT, draft, event.input),
    });
  }
}
