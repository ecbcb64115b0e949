// A session OpenCode (≥1.2) keeps in its opencode.db, as rows the import hands over (lib/import/
// opencode-queries.ts) → the entries a session file gives. Each tool part is turned into the payload our
// plugin sends for it (`tool.execute.after`'s call and result) and read by the live parser, and each user
// message into its `chat.message`: an import then stores what live capture stored, with the same ids.
import { jsonObject, objectOf, str } from '../../narrow.js';
import type { SessionFileEntry } from '../events.js';
import { parsePromptEvent, parseToolEvents } from './payload.js';

export interface StoredSession {
  readonly id: string;
  /** The folder OpenCode ran in: the plugin's `directory`. */
  readonly directory: string;
}

export interface StoredMessage {
  readonly id: string;
  readonly timeCreated: number;
  /** The message's JSON (`role`, `time`…). */
  readonly data: string;
}

export interface StoredPart {
  readonly messageId: string;
  readonly timeCreated: number;
  /** The part's JSON (`type`, and for a tool `tool`, `callID`, `state`). */
  readonly data: string;
}

const iso = (ms: unknown): string => (typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms).toISOString() : '');

/** A session's entries in the order OpenCode made them; `badRows` counts rows whose JSON is unreadable. */
export function storedSessionEntries(
  session: StoredSession,
  messages: readonly StoredMessage[],
  parts: readonly StoredPart[],
): { readonly entries: SessionFileEntry[]; readonly badRows: number } {
  const entries: SessionFileEntry[] = [{ kind: 'session', sessionId: session.id, agent: 'opencode' }];
  let badRows = 0;
  const byMessage = new Map<string, Readonly<Record<string, unknown>>[]>();
  for (const part of parts) {
    const data = jsonObject(part.data);
    if (!data) {
      badRows += 1;
      continue;
    }
    const list = byMessage.get(part.messageId) ?? [];
    list.push({ ...data, timeCreated: part.timeCreated });
    byMessage.set(part.messageId, list);
  }
  const envelope = { directory: session.directory, worktree: session.directory };
  let answer = '';
  for (const message of messages) {
    const data = jsonObject(message.data);
    if (!data) {
      badRows += 1;
      continue;
    }
    const own = byMessage.get(message.id) ?? [];
    if (data['role'] === 'user') {
      const event = parsePromptEvent({
        ...envelope,
        hook_event_name: 'chat.message',
        input: { sessionID: session.id },
        output: { parts: own },
      });
      const at = iso(objectOf(data['time'])['created']) || iso(message.timeCreated);
      if (event && event.prompt) entries.push({ kind: 'prompt', event, at });
      continue;
    }
    if (data['role'] !== 'assistant') continue;
    for (const part of own) {
      if (part['type'] === 'text' && part['synthetic'] !== true && str(part['text']).trim()) answer = str(part['text']);
      if (part['type'] !== 'tool') continue;
      const state = objectOf(part['state']);
      const status = str(state['status']);
      // A call still running when OpenCode stopped: no result, as no live hook had one.
      if (status === 'pending' || status === 'running') continue;
      const at = iso(objectOf(state['time'])['end']) || iso(part['timeCreated']);
      // A tool that threw: OpenCode fires no `tool.execute.after` for it, so live capture never saw it.
      if (status !== 'completed') {
        entries.push({ kind: 'not-run', at });
        continue;
      }
      const events = parseToolEvents({
        ...envelope,
        hook_event_name: 'tool.execute.after',
        input: { tool: str(part['tool']), sessionID: session.id, callID: str(part['callID']), args: state['input'] },
        output: { title: state['title'], metadata: state['metadata'], output: state['output'] },
      });
      entries.push({ kind: 'tool', events, at });
    }
  }
  if (answer) entries.push({ kind: 'answer', sessionId: session.id, text: answer });
  return { entries, badRows };
}
