// Builds Claude Code transcripts for import tests, in the line shape Claude Code 2.1.x writes (a
// sessionId/cwd/timestamp envelope around each message): one assistant line per tool_use block, one
// user line per tool_result, joined by tool_use_id.
import { cpSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './helpers.js';

export const FIXTURES = join(ROOT, 'tests', 'fixtures', 'transcripts', 'projects');

export interface Call {
  readonly id: string;
  readonly name: string;
  readonly input: Record<string, unknown>;
  /** `tool_result.content`: a string or an array of text blocks. */
  readonly content: unknown;
  readonly isError?: boolean;
  /** Omitted when undefined, as in 2.1.x subagent files. */
  readonly toolUseResult?: unknown;
  /** ISO time of the result line. */
  readonly at: string;
}

export interface Session {
  readonly sessionId: string;
  readonly cwd: string;
  readonly calls: readonly Call[];
}

let uuid = 0;

function line(session: Session, type: string, at: string, extra: Record<string, unknown>): string {
  uuid += 1;
  return JSON.stringify({
    parentUuid: null,
    isSidechain: false,
    type,
    ...extra,
    uuid: `00000000-0000-4000-8000-${String(uuid).padStart(12, '0')}`,
    timestamp: at,
    userType: 'external',
    entrypoint: 'cli',
    cwd: session.cwd,
    sessionId: session.sessionId,
    version: '2.1.114',
    gitBranch: 'main',
  });
}

export function transcript(session: Session): string {
  return `${session.calls.flatMap((call) => callLines(session, call)).join('\n')}\n`;
}

/** One call: its assistant `tool_use` line half a second before its `tool_result` line. */
function callLines(session: Session, call: Call, extra: Record<string, unknown> = {}): string[] {
  const useAt = new Date(Date.parse(call.at) - 500).toISOString();
  const block: Record<string, unknown> = { tool_use_id: call.id, type: 'tool_result', content: call.content };
  if (call.isError !== undefined) block['is_error'] = call.isError;
  return [
    line(session, 'assistant', useAt, {
      message: {
        id: `msg_${call.id}`,
        role: 'assistant',
        content: [{ type: 'tool_use', id: call.id, name: call.name, input: call.input }],
      },
    }),
    line(session, 'user', call.at, {
      message: { role: 'user', content: [block] },
      ...(call.toolUseResult === undefined ? {} : { toolUseResult: call.toolUseResult }),
      ...extra,
    }),
  ];
}

/**
 * A step of a conversation: a typed prompt, an assistant text block (its own line, §4 of
 * transcript-format.md), or a call whose result line may carry the `todos` envelope field (2.0.55+).
 */
export type Step =
  | { readonly prompt: string; readonly at: string }
  | { readonly say: string; readonly at: string }
  | { readonly call: Call; readonly todos?: ReadonlyArray<Record<string, string>> };

/** A session as prompts, the assistant's words and its calls, in order. */
export function conversation(session: Omit<Session, 'calls'>, steps: readonly Step[]): string {
  const whole: Session = { ...session, calls: [] };
  const lines = steps.flatMap((step) => {
    if ('prompt' in step) return [line(whole, 'user', step.at, { message: { role: 'user', content: step.prompt } })];
    if ('say' in step)
      return [
        line(whole, 'assistant', step.at, {
          message: { id: `msg_say_${step.at}`, role: 'assistant', content: [{ type: 'text', text: step.say }] },
        }),
      ];
    return callLines(whole, step.call, step.todos === undefined ? {} : { todos: step.todos });
  });
  return `${lines.join('\n')}\n`;
}

/** Copies the fixture tree (as `~/.claude/projects` lays it out) to `dest`. */
export function copyFixtures(dest: string): string {
  cpSync(FIXTURES, dest, { recursive: true });
  return dest;
}

/**
 * Writes a transcript of at least `megabytes` MB: Edit calls whose results carry a 100 KB
 * `originalFile`, as edit-heavy sessions do. Returns the number of calls written.
 */
export async function writeLargeTranscript(path: string, megabytes: number): Promise<number> {
  const out = createWriteStream(path);
  const original = `${'const value = 1;\n'.repeat(6000)}`.slice(0, 100_000);
  const session: Session = { sessionId: '11111111-2222-4333-8444-555555555555', cwd: '/home/dev/big', calls: [] };
  const start = Date.parse('2026-04-10T00:00:00Z');
  let bytes = 0;
  let calls = 0;
  while (bytes < megabytes * 1024 * 1024) {
    calls += 1;
    const file = `/home/dev/big/src/module${calls}.ts`;
    const text = transcript({
      ...session,
      calls: [
        {
          id: `toolu_01Large${String(calls).padStart(8, '0')}`,
          name: 'Edit',
          input: { file_path: file, old_string: `value${calls}`, new_string: `total${calls}` },
          content: `The file ${file} has been updated successfully.`,
          toolUseResult: {
            filePath: file,
            oldString: `value${calls}`,
            newString: `total${calls}`,
            originalFile: original,
            structuredPatch: [],
            userModified: false,
            replaceAll: false,
          },
          at: new Date(start + calls * 1000).toISOString(),
        },
      ],
    });
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    out.end(() => resolve());
  });
  return calls;
}

/**
 * Writes one busy session of `calls` Bash calls, ten milliseconds apart, each command distinct (so
 * every one is stored). Returns the session id.
 */
export async function writeBusyTranscript(path: string, calls: number): Promise<string> {
  const out = createWriteStream(path);
  const session = { sessionId: '33333333-4444-4555-8666-777777777777', cwd: '/home/dev/busy' };
  const start = Date.parse('2026-04-10T00:00:00Z');
  for (let n = 1; n <= calls; n++) {
    const text = transcript({
      ...session,
      calls: [
        {
          id: `toolu_01Busy${String(n).padStart(8, '0')}`,
          name: 'Bash',
          input: { command: `npm run build -- --step ${n}` },
          content: `built step ${n}`,
          at: new Date(start + n * 10).toISOString(),
        },
      ],
    });
    if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    out.end(() => resolve());
  });
  return session.sessionId;
}
