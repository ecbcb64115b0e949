// `memory import`, the orchestration: streams each session file (a Claude Code transcript, whose calls
// it pairs with their results; a Codex rollout or Gemini chat, read by that agent's adapter), sends
// every captured call through the live hooks' pipeline (captureEvent → recordDraft), and counts what
// happened to it. Never prints: progress and the final counts go back to the caller.
import { captureEvent } from '../capture/capture.js';
import { retentionCutoff } from '../faults/cleanup.js';
import type { Config } from '../config/config.js';
import { ADMIT_NONE, type AdmitHeld } from '../db/memories.js';

import { memoryIntent } from '../capture/intent.js';
import { toNewMemory, type AgentName, type NewMemory } from '../memory.js';
import { importAgentFile, type ImportState } from './agent-import.js';
import { BATCH_SIZE, countRedactions, emptySummary, parseTime, type ImportSummary } from './summary.js';
import { resolveProject, type Project } from '../capture/project.js';
import type { TranscriptFile } from './files.js';
import { IntentTracker } from './intent.js';
import { rebuildEvent, ToolPairer, type PairedCall } from './pairing.js';
import { promptToRecord } from '../capture/prompt.js';
import { openSink, type Sink } from './sink.js';
import { parseLine, readLines, type LineMeta, type TranscriptEntry } from './transcript.js';

export type { ImportSummary } from './summary.js';

export interface ImportProgress {
  readonly filesDone: number;
  readonly filesTotal: number;
  readonly bytesDone: number;
  readonly bytesTotal: number;
  readonly toolCalls: number;
}

export interface ImportOptions {
  readonly files: readonly TranscriptFile[];
  readonly config: Config;
  readonly dryRun: boolean;
  /** Re-derive the stored rows of these transcripts' calls (by tool_use_id) instead of adding rows. */
  readonly refresh?: boolean;
  readonly onProgress?: (progress: ImportProgress) => void;
  /** Stops the import at the next line: what was read before it is stored and summarized. */
  readonly signal?: AbortSignal;
  /** The calls of held sessions (lib/db/memories.ts AdmitHeld) to store all the same; none by default. */
  readonly admitHeld?: AdmitHeld;
  /** Told of a file not read at all (an opencode.db of a schema we do not know); it counts as unreadable. */
  readonly onSkip?: (path: string, why: string) => void;
}

const PROGRESS_EVERY_LINES = 256; // the caller throttles drawing by time

export async function importTranscripts(options: ImportOptions): Promise<ImportSummary> {
  const run = new ImportRun(options);
  try {
    return await run.all();
  } finally {
    run.close();
  }
}

class ImportRun implements ImportState {
  readonly summary: ImportSummary = emptySummary();

  readonly cutoff: number;
  private readonly bytesTotal: number;
  private bytesDone = 0;
  /** Each session's first `cwd`: it stands in for CLAUDE_PROJECT_DIR, the project root at session start. */
  private readonly firstCwd = new Map<string, string>();
  readonly sessions = new Set<string>();
  readonly gained = new Set<string>();
  /** Each session's last assistant text: where it stopped. */
  readonly lastAnswer = new Map<string, string>();
  /** The agent of each session that is not Claude Code's. */
  readonly agents = new Map<string, AgentName>();
  sink: Sink | null = null;
  /** resolveProject's answers: it walks up the file system for `.git`, the same for every call of a session. */
  private readonly projects = new Map<string, Project>();

  constructor(private readonly options: ImportOptions) {
    this.cutoff = Date.parse(retentionCutoff(options.config.now(), options.config.retentionDays));
    this.bytesTotal = options.files.reduce((sum, file) => sum + file.size, 0);
  }

  async all(): Promise<ImportSummary> {
    if (this.options.files.length === 0) return this.summary;
    const { config, dryRun, admitHeld = ADMIT_NONE } = this.options;
    this.sink = openSink(config.dbPath, dryRun, config.dedupeWindowSec, admitHeld);
    for (const file of this.options.files) {
      await this.file(file);
      if (this.summary.stopped) break; // inside this file: it was not read to its end
      this.summary.files += 1;
      this.bytesDone += file.size;
      this.progress(0);
      if (this.stopping()) break;
    }
    this.sink.summarize(this.sessions, this.gained, this.options.config.now(), this.lastAnswer, this.agents);
    this.summary.sessions = this.sessions.size;
    return this.summary;
  }

  close(): void {
    this.sink?.close();
  }

  skip(path: string, why: string): void {
    this.summary.unreadableFiles += 1;
    this.options.onSkip?.(path, why);
  }

  stopping(): boolean {
    if (this.options.signal?.aborted) this.summary.stopped = true;
    return this.summary.stopped;
  }

  private async file(file: TranscriptFile): Promise<void> {
    if (file.agent !== 'claude-code') return importAgentFile(file, this);
    const pairer = new ToolPairer();
    const intents = new IntentTracker();
    const queue: NewMemory[] = [];
    const reader = readLines(file.path);
    const lines = reader.lines[Symbol.asyncIterator]();
    for (let count = 1; ; count++) {
      let next: IteratorResult<string>;
      try {
        next = await lines.next();
      } catch {
        this.summary.unreadableFiles += 1; // vanished or unreadable mid-way: keep what was read
        break;
      }
      if (next.done || this.stopping()) break;
      if (count % PROGRESS_EVERY_LINES === 0) this.progress(Math.min(reader.bytesRead(), file.size));
      this.line(next.value, file, pairer, intents, queue);
      if (queue.length >= BATCH_SIZE) this.flush(queue);
    }
    this.flush(queue);
    // Stopped mid-file: the calls whose result was not read yet are not "unfinished" sessions.
    const pending = pairer.reset();
    if (this.summary.stopped) await lines.return?.();
    else this.summary.unpaired += pending;
  }

  private line(
    text: string,
    file: TranscriptFile,
    pairer: ToolPairer,
    intents: IntentTracker,
    queue: NewMemory[],
  ): void {
    if (text.trim() === '') return;
    const parsed = parseLine(text);
    if (!parsed.ok) {
      this.summary.badLines += 1; // includes a partly written last line
      return;
    }
    const { meta } = parsed;
    const sessionId = meta?.sessionId || file.sessionHint;
    if (meta && sessionId) {
      this.sessions.add(sessionId);
      if (meta.cwd && !this.firstCwd.has(sessionId)) this.firstCwd.set(sessionId, meta.cwd);
    }
    for (const entry of parsed.entries) {
      intents.see(entry, meta);
      if (entry.kind === 'tool-use') pairer.use(entry, meta, intents.partsFor(meta));
      else if (entry.kind === 'pre-tool-hook') pairer.preToolHook(entry.toolUseId);
      else if (entry.kind === 'hook-block') pairer.hookBlock(entry.toolUseId);
      else if (entry.kind === 'prompt' || entry.kind === 'answer') this.conversation(entry, sessionId, meta);
      else if (entry.kind === 'tool-result') {
        const call = pairer.take(entry, meta);
        if (call) this.call(call, file, queue);
      }
    }
  }

  /** A typed prompt is stored like the live UserPromptSubmit hook stores it; answers are remembered. */
  private conversation(
    entry: Extract<TranscriptEntry, { kind: 'prompt' | 'answer' }>,
    sessionId: string,
    meta: LineMeta | null,
  ): void {
    if (!sessionId) return;
    if (entry.kind === 'answer') {
      this.lastAnswer.set(sessionId, entry.text);
      return;
    }
    const createdAt = parseTime(meta?.timestamp);
    const text = promptToRecord(entry.text);
    if (!createdAt || !text || createdAt.getTime() < this.cutoff || !this.sink) return;
    const project = this.project(sessionId, meta?.cwd ?? '');
    const stored = this.sink.recordPrompt({
      sessionId,
      project: project.name,
      projectPath: project.path,
      text,
      createdAt: createdAt.toISOString(),
      source: 'import',
    });
    if (stored) this.gained.add(sessionId);
  }

  private call(call: PairedCall, file: TranscriptFile, queue: NewMemory[]): void {
    this.summary.toolCalls += 1;
    const sessionId = call.useMeta?.sessionId || call.resultMeta?.sessionId || file.sessionHint;
    const createdAt = parseTime(call.resultMeta?.timestamp) ?? parseTime(call.useMeta?.timestamp);
    if (!sessionId || !createdAt) {
      this.summary.badLines += 1; // a call nobody can date or place is as good as a broken line
      return;
    }
    if (createdAt.getTime() < this.cutoff) {
      this.summary.tooOld += 1;
      return;
    }
    const agentId = call.useMeta?.agentId || file.agentHint || (call.useMeta?.isSidechain ? 'sidechain' : '') || null;
    const rebuilt = rebuildEvent(call, { sessionId, agentId });
    if (rebuilt.kind === 'not-run') {
      this.summary.notRun += 1;
      return;
    }
    const draft = captureEvent(rebuilt.event);
    if (!draft) {
      this.summary.noise += 1;
      return;
    }
    const project = this.project(sessionId, rebuilt.event.cwd);
    // Only the row is queued: the event's response can hold a whole file (`originalFile`), and a
    // batch of those would make memory grow with the transcript.
    queue.push({
      ...toNewMemory(draft, { sessionId, agentId, toolUseId: call.toolUseId, project, createdAt, source: 'import' }),
      intent: memoryIntent(call.intent, draft, call.input),
    });
  }

  /** The project of a call, as the live hook finds it with CLAUDE_PROJECT_DIR set to where the session started. */
  private project(sessionId: string, cwd: string): Project {
    const declared = this.firstCwd.get(sessionId);
    const key = `${declared ?? ''}\u0000${cwd}`;
    let project = this.projects.get(key);
    if (!project) this.projects.set(key, (project = resolveProject({ CLAUDE_PROJECT_DIR: declared }, cwd)));
    return project;
  }

  flush(queue: NewMemory[]): void {
    if (queue.length === 0 || !this.sink) return;
    const sink = this.sink;
    const outcomes: string[] = [];
    if (this.options.refresh) {
      sink.batch(() => {
        outcomes.length = 0;
        for (const memory of queue) outcomes.push(sink.refresh(memory));
      });
      queue.forEach((memory, index) => {
        const outcome = outcomes[index];
        if (outcome === 'refreshed') {
          this.summary.refreshed += 1;
          this.gained.add(memory.sessionId);
        } else if (outcome === 'unchanged') {
          this.summary.unchanged += 1;
        } else {
          this.summary.notStored += 1;
        }
      });
      queue.length = 0;
      return;
    }
    const inserted = sink.insertAll(queue);
    queue.forEach((memory, index) => {
      if (inserted[index] === 'stored') {
        this.summary.added += 1;
        this.summary.redactions += countRedactions(memory);
        this.gained.add(memory.sessionId);
      } else if (inserted[index] === 'forgotten') {
        this.summary.forgotten += 1;
      } else if (inserted[index] === 'disabled') {
        this.summary.disabled += 1;
      } else if (inserted[index] === 'held') {
        this.summary.held += 1;
      } else {
        this.summary.duplicates += 1;
      }
    });
    queue.length = 0;
  }

  progress(currentFileBytes: number): void {
    this.options.onProgress?.({
      filesDone: this.summary.files,
      filesTotal: this.options.files.length,
      bytesDone: this.bytesDone + currentFileBytes,
      bytesTotal: this.bytesTotal,
      toolCalls: this.summary.toolCalls,
    });
  }
}
