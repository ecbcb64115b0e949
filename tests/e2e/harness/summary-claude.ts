// What a Claude Code session did and what the model was shown, read from its stream-json output and the
// mock's record. For each request of the agent loop only what is new in it (after the last assistant
// message): the prompt, `<system-reminder>` bodies, system messages, and the hook-labelled pieces of
// these (`SessionStart hook additional context: …`), each cut where the hook's own text ends.
import type { Recorded } from './mock-server.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const blocksOf = (content: unknown): Json[] =>
  typeof content === 'string' ? [{ type: 'text', text: content }] : list(content).filter(isObject);
const plain = (content: unknown) =>
  blocksOf(content)
    .map((b) => (b['type'] === 'text' ? String(b['text']) : ''))
    .filter(Boolean)
    .join('\n');

const REMINDER = /<system-reminder>\s*([\s\S]*?)\s*<\/system-reminder>/g;
/** "<Event>[:<matcher>] hook <kind>:", as Claude Code labels hook output it shows the model. */
const LABEL =
  /(?:^|\n)([A-Z][A-Za-z]+(?::[^\s:]+)? hook (?:additional context|success|blocking error|error|feedback|stopped continuation|says)[^:\n]{0,80}:)/g;
/** Where a hook's text ends inside a longer system message: another label, a heading, the date line. */
const SECTION_END = /\n\n(?=[A-Z][A-Za-z]+(?::[^\s:]+)? hook [a-z]|# |Today's date is |<system-reminder>)/g;

function pieces(text: string, inReminder: boolean, exact: readonly string[]): string[] {
  const starts = [...text.matchAll(LABEL)].map((m) => m.index + (m[0].startsWith('\n') ? 1 : 0));
  return starts.map((start, i) => {
    const next = starts[i + 1] ?? text.length;
    let end = next;
    if (!inReminder) {
      SECTION_END.lastIndex = start + 1;
      const m = SECTION_END.exec(text);
      if (m && m.index < end) end = m.index;
    }
    let exactEnd = -1;
    for (const t of exact) {
      const at = text.indexOf(t, start);
      if (at >= 0 && at < next) exactEnd = Math.max(exactEnd, at + t.length);
    }
    return text.slice(start, exactEnd > 0 ? exactEnd : end).trim();
  });
}

function split(text: string): { reminders: string[]; rest: string } {
  const reminders: string[] = [];
  const rest = text.replace(REMINDER, (_, body: string) => {
    reminders.push(body);
    return '';
  });
  return { reminders, rest: rest.trim() };
}

/** The text a hook asked Claude Code to show the model, from a hook_response event. */
function contextOf(event: Json): string | null {
  const out = String(event['stdout'] ?? event['output'] ?? '').trim();
  if (out === '') return null;
  if (!out.startsWith('{'))
    return ['SessionStart', 'UserPromptSubmit'].includes(String(event['hook_event'])) ? out : null;
  try {
    const json = JSON.parse(out) as Json;
    const specific = isObject(json['hookSpecificOutput']) ? json['hookSpecificOutput'] : {};
    const text = specific['additionalContext'] ?? json['systemMessage'];
    return typeof text === 'string' ? text : null;
  } catch {
    return null;
  }
}

export function parseLines(text: string): Json[] {
  return text.split('\n').flatMap((line) => {
    try {
      const value = JSON.parse(line) as unknown;
      return isObject(value) ? [value] : [];
    } catch {
      return []; // a warning printed on stdout
    }
  });
}

export function summariseClaude(stdout: string, requests: readonly Recorded[]): Json {
  const events = parseLines(stdout);
  const init = events.find((e) => e['type'] === 'system' && e['subtype'] === 'init') ?? {};
  const result = events.findLast((e) => e['type'] === 'result');
  const hookEvents = events.filter((e) => e['type'] === 'system' && e['subtype'] === 'hook_response');
  const exact = hookEvents.map(contextOf).filter((t): t is string => t !== null);
  const results = new Map<string, { isError: boolean; text: string }>();
  const calls: Json[] = [];
  const out = requests.map((entry) => {
    if (entry.kind !== 'main') return { n: entry.n, kind: entry.kind, url: entry.url, model: entry.model };
    const messages = list(isObject(entry.body) ? entry.body['messages'] : []).filter(isObject);
    const last = messages.findLastIndex((m) => m['role'] === 'assistant');
    const fresh = { prompt: [] as string[], reminders: [] as string[], system: [] as string[] };
    for (const message of messages.slice(last + 1)) {
      if (message['role'] === 'system') {
        const text = plain(message['content']);
        if (text) fresh.system.push(text);
        continue;
      }
      for (const b of blocksOf(message['content'])) {
        if (b['type'] === 'text') {
          const { reminders, rest } = split(String(b['text']));
          fresh.reminders.push(...reminders);
          if (rest) fresh.prompt.push(rest);
        } else if (b['type'] === 'tool_result') {
          const { reminders, rest } = split(plain(b['content']));
          fresh.reminders.push(...reminders);
          const id = String(b['tool_use_id']);
          if (!results.has(id)) results.set(id, { isError: b['is_error'] === true, text: rest });
        }
      }
    }
    const hookContext = [
      ...[...fresh.prompt, ...fresh.reminders].flatMap((t) => pieces(t, true, exact)),
      ...fresh.system.flatMap((t) => pieces(t, false, exact)),
    ];
    for (const block of list(entry.response).filter(isObject))
      if (block['type'] === 'tool_use')
        calls.push({ request: entry.n, turn: entry.turn, id: block['id'], name: block['name'], input: block['input'] });
    return {
      n: entry.n,
      kind: 'main',
      turn: entry.turn,
      model: entry.model,
      ...fresh,
      hookContext: [...new Set(hookContext)],
    };
  });
  return {
    version: init['claude_code_version'] ?? null,
    sessionId: result?.['session_id'] ?? init['session_id'] ?? null,
    model: init['model'] ?? null,
    permissionMode: init['permissionMode'] ?? null,
    result: result
      ? { subtype: result['subtype'], isError: result['is_error'] === true, text: result['result'] ?? '' }
      : null,
    toolCalls: calls.map((call) => {
      const r = results.get(String(call['id']));
      return { ...call, isError: r?.isError ?? null, result: r?.text ?? null };
    }),
    hooks: hookEvents.map((e) => ({
      event: e['hook_event'],
      name: e['hook_name'],
      exitCode: e['exit_code'] ?? null,
      outcome: e['outcome'] ?? null,
      stdout: e['stdout'] ?? e['output'] ?? '',
      stderr: e['stderr'] ?? '',
    })),
    requests: out,
    // A slash command's local output or error (its !`…` lines): such an error ends the turn before any request.
    localCommandOutput: events
      .filter((e) => (e['type'] === 'user' || e['type'] === 'assistant') && isObject(e['message']))
      .map((e) =>
        typeof e['local_command_source'] === 'string'
          ? e['local_command_source']
          : plain((e['message'] as Json)['content']),
      )
      .filter((text) => /<local-command-(?:stdout|stderr)>/.test(text)),
    slashCommands: init['slash_commands'] ?? null,
  };
}
