// Reads a Codex rollout or a Gemini chat through its agent's adapter: streamed line by line (an older
// Gemini chat, one JSON document, is read whole), each entry handed to the caller as it comes; and
// OpenCode's opencode.db, a session at a time (before 1.2, a session's JSON files).
import { readFile } from 'node:fs/promises';
import { RolloutReader } from '../agents/codex/rollout.js';
import type { SessionFileEntry, SessionFileReader } from '../agents/events.js';
import { ChatReader } from '../agents/gemini/chat.js';
import { storedSessionEntries } from '../agents/opencode/stored.js';
import type { TranscriptFile } from './files.js';
import { openOpencodeDb } from './opencode-queries.js';
import { readOpencodeSessionFiles } from './opencode-storage.js';
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
  /** Why a file was not read at all (an opencode.db of a schema we do not know). */
  readonly skipped?: string;
}

const PROGRESS_EVERY_LINES = 256;

export function readerFor(file: TranscriptFile): SessionFileReader {
  return file.agent === 'gemini' ? new ChatReader(file.projectRoot) : new RolloutReader();
}

export async function readSessionFile(file: TranscriptFile, handlers: SessionFileHandlers): Promise<SessionFileRead> {
  if (file.agent === 'opencode')
    return file.path.endsWith('.json') ? readOpencodeSession(file, handlers) : readOpencodeDb(file, handlers);
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

/** A session OpenCode kept before 1.2, from its JSON files. */
function readOpencodeSession(file: TranscriptFile, handlers: SessionFileHandlers): SessionFileRead {
  const files = readOpencodeSessionFiles(file.path);
  if (!files.ok) return { badLines: 0, unfinished: 0, unreadable: true };
  const read = storedSessionEntries(files.session, files.messages, files.parts);
  read.entries.forEach(handlers.entry);
  handlers.progress(file.size);
  return { badLines: files.badFiles + read.badRows, unfinished: 0, unreadable: false };
}

/** Each session of an opencode.db in turn; progress is the share of its sessions read. */
function readOpencodeDb(file: TranscriptFile, handlers: SessionFileHandlers): SessionFileRead {
  const opened = openOpencodeDb(file.path);
  if (!opened.ok) return { badLines: 0, unfinished: 0, unreadable: false, skipped: opened.why };
  const { db } = opened;
  let badLines = 0;
  try {
    const sessions = db.sessionIds();
    for (const [index, session] of sessions.entries()) {
      if (handlers.stopping()) break;
      const read = storedSessionEntries(session, db.messages(session.id), db.parts(session.id));
      badLines += read.badRows;
      read.entries.forEach(handlers.entry);
      handlers.progress(Math.round((file.size * (index + 1)) / sessions.length));
    }
  } catch {
    return { badLines, unfinished: 0, unreadable: true }; // locked or damaged mid-way: keep what was read
  } finally {
    db.close();
  }
  return { badLines, unfinished: 0, unreadable: false };
}
