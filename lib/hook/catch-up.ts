// Stop's catch-up: reads the part of the session's transcript it has not read before and stores,
// through the import pipeline, every captured call whose async PostToolUse never landed (late, or
// cancelled when `claude -p` exited) and every prompt. Idempotent by tool_use_id; bounded in bytes
// and time; the offset it keeps never passes a call still waiting for its result.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { captureEvent } from '../capture/capture.js';
import { ADMIT_NONE, type MemoryStore } from '../db/memories.js';
import type { Db } from '../db/open.js';
import { insertPrompt, readOffset, saveOffset } from '../db/prompts.js';
import { memoryIntent } from '../capture/intent.js';
import { toNewMemory } from '../memory.js';
import type { Env } from '../paths.js';
import { resolveProject } from '../capture/project.js';
import { promptToRecord } from '../capture/prompt.js';
import { IntentTracker } from '../import/intent.js';
import { rebuildEvent, ToolPairer } from '../import/pairing.js';
import { parseLine } from '../import/transcript.js';

export interface CatchUpOptions {
  readonly sessionId: string;
  readonly transcriptPath: string;
  readonly env: Env;
  readonly now: Date;
  readonly dedupeWindowSec: number;
  /** At most this many new bytes per Stop; the rest waits for the next one. */
  readonly maxBytes?: number;
  /** Wall-clock budget (ms); stops between lines once spent. */
  readonly budgetMs?: number;
}

export interface CatchUpResult {
  readonly added: number;
  readonly prompts: number;
  /** The session's last assistant text in what was read, if any. */
  readonly lastAnswer: string | null;
  /** Whether the last entry of the session read was that text (the turn's answer is in the file). */
  readonly endsWithAnswer: boolean;
  /** How far into the file this read looked (its size then); absent when nothing was read. */
  readonly readTo?: number;
}

const NOTHING: CatchUpResult = { added: 0, prompts: 0, lastAnswer: null, endsWithAnswer: false };

export function catchUpTranscript(db: Db, store: MemoryStore, options: CatchUpOptions): CatchUpResult {
  const { transcriptPath: path } = options;
  if (!path) return NOTHING;
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return NOTHING; // not written yet, or not ours to read
  }
  try {
    const size = fstatSync(fd).size;
    let start = readOffset(db, path);
    if (start > size) start = 0; // the file was replaced
    const length = Math.min(size - start, options.maxBytes ?? 16 * 1024 * 1024);
    if (length <= 0) return NOTHING;
    const buffer = Buffer.alloc(length);
    const read = readSync(fd, buffer, 0, length, start);
    return { ...catchUpBytes(db, store, buffer.subarray(0, read), start, options), readTo: start + read };
  } finally {
    closeSync(fd);
  }
}

function catchUpBytes(
  db: Db,
  store: MemoryStore,
  bytes: Buffer,
  start: number,
  options: CatchUpOptions,
): CatchUpResult {
  const deadline = Date.now() + (options.budgetMs ?? 1500);
  const pairer = new ToolPairer();
  const intents = new IntentTracker();
  let safeOffset = start;
  let added = 0;
  let prompts = 0;
  let lastAnswer: string | null = null;
  let endsWithAnswer = false;
  let firstCwd = '';
  for (let lineStart = 0; lineStart < bytes.length;) {
    const newline = bytes.indexOf(10, lineStart);
    if (newline === -1) break; // a partly written last line: next time
    const parsed = parseLine(bytes.toString('utf8', lineStart, newline));
    lineStart = newline + 1;
    if (parsed.ok) {
      const { meta } = parsed;
      if (meta?.cwd && !firstCwd) firstCwd = meta.cwd;
      const sessionId = meta?.sessionId || options.sessionId;
      for (const entry of parsed.entries) {
        if (sessionId !== options.sessionId) break;
        if (entry.kind === 'narration' || entry.kind === 'todos') {
          intents.see(entry, meta);
          continue; // not an entry of its own: where the session stopped is told by 'answer'
        }
        endsWithAnswer = entry.kind === 'answer';
        intents.see(entry, meta);
        if (entry.kind === 'tool-use') pairer.use(entry, meta, intents.partsFor(meta));
        else if (entry.kind === 'pre-tool-hook') pairer.preToolHook(entry.toolUseId);
        else if (entry.kind === 'hook-block') pairer.hookBlock(entry.toolUseId);
        else if (entry.kind === 'answer') lastAnswer = entry.text;
        else if (entry.kind === 'prompt') {
          const text = promptToRecord(entry.text);
          if (!text) continue;
          const project = resolveProject(options.env, meta?.cwd || firstCwd);
          const createdAt =
            meta?.timestamp && !Number.isNaN(Date.parse(meta.timestamp)) ? new Date(meta.timestamp) : options.now;
          if (
            insertPrompt(db, {
              sessionId,
              project: project.name,
              projectPath: project.path,
              text,
              createdAt: createdAt.toISOString(),
              source: 'import',
            })
          )
            prompts++;
        } else if (entry.kind === 'tool-result') {
          const call = pairer.take(entry, meta);
          if (!call) continue;
          const agentId = call.useMeta?.agentId || null;
          const rebuilt = rebuildEvent(call, { sessionId, agentId });
          if (rebuilt.kind === 'not-run') continue;
          const draft = captureEvent(rebuilt.event);
          if (!draft) continue;
          const stamp = call.resultMeta?.timestamp ?? call.useMeta?.timestamp ?? '';
          const createdAt = stamp && !Number.isNaN(Date.parse(stamp)) ? new Date(stamp) : options.now;
          const project = resolveProject(options.env, rebuilt.event.cwd || firstCwd);
          // Stored as the live hook would have stored it: same pipeline, same origin.
          const memory = {
            ...toNewMemory(draft, {
              sessionId,
              agentId,
              toolUseId: call.toolUseId,
              project,
              createdAt,
              source: 'hook',
            }),
            intent: memoryIntent(call.intent, draft, call.input),
          };
          // Read back from the transcript: a held session's call from before the upgrade stays out.
          const outcome = store.insert(memory, options.dedupeWindowSec, ADMIT_NONE);
          if (outcome === 'stored') added++;
          // The live hook stored it from its payload, which holds no narration or todo: the transcript adds them.
          else if (outcome === 'duplicate-tool-use' && memory.intent)
            store.completeIntent(call.toolUseId, memory.intent);
        }
      }
    }
    if (!pairer.hasPending()) safeOffset = start + lineStart;
    if (Date.now() > deadline) break;
  }
  if (safeOffset > start) saveOffset(db, options.transcriptPath, safeOffset, options.now.toISOString());
  return { added, prompts, lastAnswer, endsWithAnswer };
}
