// Reads a Codex rollout or a Gemini chat through its agent's adapter: streamed line by line (an older
// Gemini chat, one JSON document, is read whole), each entry handed to the caller as it comes.
import { readFile } from 'node:fs/promises';
import { RolloutReader } from '../agents/codex/rollout.js';
import type { SessionFileEntry, SessionFileReader } from '../agents/events.js';
import { ChatReader } from '../agents/gemini/chat.js';
import type { TranscriptFile } from './files.js';
import { readLines } from './transcript.js';

export interface SessionFileHandlers {
  readonly entry: (entry: SessionFileEntry) => void;
  readonly stopping: () => boolean;
  /** Bytes of the file read so far. */
  readonly progress: (bytes: number) => void;
}

export interface SessionFileRead {
  readonly badLines: number;
  readonly unfinished: number;
  readonly unreadable: boolean;
}

const PROGRESS_EVERY_LINES = 256;

export function readerFor(file: TranscriptFile): SessionFileReader {
  return file.agent === 'gemini' ? new ChatReader(file.projectRoot) : new RolloutReader();
}

export async function readSessionFile(file: TranscriptFile, handlers: SessionFileHandlers): Promise<SessionFileRead> {
  const reader = readerFor(file);
  let badLines = 0;
  let unreadable = false;
  const take = (text: string): void => {
    if (text.trim() === '') return;
    const entries = reader.line(text);
    if (entries === null)
      badLines += 1; // includes a partly written last line
    else entries.forEach(handlers.entry);
  };
  if (file.path.endsWith('.json')) {
    try {
      take(await readFile(file.path, 'utf8'));
    } catch {
      unreadable = true;
    }
  } else {
    const lines = readLines(file.path);
    let count = 0;
    try {
      for await (const line of lines.lines) {
        if (handlers.stopping()) break;
        if (++count % PROGRESS_EVERY_LINES === 0) handlers.progress(lines.bytesRead());
        take(line);
      }
    } catch {
      unreadable = true; // vanished or unreadable mid-way: keep what was read
    }
  }
  // A file stopped part-way is not ended: a chat's messages are final only at its end.
  if (handlers.stopping()) return { badLines, unfinished: 0, unreadable };
  reader.end().forEach(handlers.entry);
  return { badLines, unfinished: reader.unfinished(), unreadable };
}
