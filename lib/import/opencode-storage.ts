// The reads of a session OpenCode kept before 1.2, as JSON files under its `storage/` folder: the
// session's own file (`session/<project id>/<session id>.json`, the file an import is handed), its
// messages (`message/<session id>/*.json`) and each message's parts (`part/<message id>/*.json`). Handed
// over as the rows of an opencode.db (lib/import/opencode-queries.ts), so one adapter reads both.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { jsonObject, objectOf, str } from '../narrow.js';
import type { StoredMessage, StoredPart, StoredSession } from '../agents/opencode/stored.js';

export type OpencodeSessionFiles =
  | {
      readonly ok: true;
      readonly session: StoredSession;
      readonly messages: StoredMessage[];
      readonly parts: StoredPart[];
      /** Message and part files that could not be read or parsed. */
      readonly badFiles: number;
    }
  | { readonly ok: false; readonly why: string };

/** The session whose file is at `path`, with its messages and parts in the order OpenCode made them. */
export function readOpencodeSessionFiles(path: string): OpencodeSessionFiles {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  }
  const data = jsonObject(text);
  const id = str(data?.['id']);
  if (!data || !id) return { ok: false, why: 'not an OpenCode session file (no id)' };
  const storage = dirname(dirname(dirname(path)));
  let badFiles = 0;
  const read = (file: string): { text: string; data: Readonly<Record<string, unknown>> } | null => {
    try {
      const text = readFileSync(file, 'utf8');
      const data = jsonObject(text);
      if (data) return { text, data };
    } catch {
      // a file that vanished or is unreadable counts as bad, as an unreadable row does
    }
    badFiles += 1;
    return null;
  };
  const messages: StoredMessage[] = [];
  const parts: StoredPart[] = [];
  for (const file of jsonFiles(join(storage, 'message', id))) {
    const message = read(file);
    if (!message) continue;
    const messageId = str(message.data['id']);
    const created = objectOf(message.data['time'])['created'];
    const timeCreated = typeof created === 'number' ? created : 0;
    messages.push({ id: messageId, timeCreated, data: message.text });
    // A part file has no time of its own for every type; its message's stands in, as the database's column.
    for (const partFile of messageId ? jsonFiles(join(storage, 'part', messageId)) : []) {
      const part = read(partFile);
      if (part) parts.push({ messageId, timeCreated, data: part.text });
    }
  }
  // OpenCode's ids grow with time, so within one millisecond the id keeps the order (as the database's ORDER BY).
  messages.sort((a, b) => a.timeCreated - b.timeCreated || compare(a.id, b.id));
  return {
    ok: true,
    session: { id, directory: str(data['directory']) },
    messages,
    parts,
    badFiles,
  };
}

/** The `*.json` files of `dir`, by name (a part's id), or none when it does not exist. */
function jsonFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.json'))
    .sort(compare)
    .map((name) => join(dir, name));
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
