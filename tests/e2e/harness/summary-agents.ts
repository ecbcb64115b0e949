// What a Codex CLI, Gemini CLI or OpenCode session did and what the model was shown, from the mock's
// record. For each request of the agent loop only what is new in it (after the model's last output): the
// user's text, the text hooks added, and the tool outputs. Gemini labels hook text (`<hook_context>`);
// Codex does not, so for Codex every new developer or user message that is not Codex's own context counts
// as hook text; OpenCode's plugin adds ours to the system prompt, where our blocks are found by their tags.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Recorded } from './mock-server.js';
import { parseLines } from './summary-claude.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Codex's own context messages, by how they open. */
const CODEX_OWN =
  /^(?:<(?:permissions instructions|environment_context|user_instructions|skills_instructions|apps_instructions|collaboration_mode|personality_spec|tools|plugins_instructions)\b|# AGENTS\.md instructions|You are Codex)/;
const HOOK_CONTEXT = /<hook_context>([\s\S]*?)<\/hook_context>/g;

const textOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : list(value)
        .filter(isObject)
        .map((c) => (typeof c['text'] === 'string' ? c['text'] : ''))
        .join('');

/** The number after "exited with code" / "Exit Code:" in a tool output (null: none is said). */
export function exitCodeIn(output: string): number | null {
  const m = /(?:Process exited with code|Exit [Cc]ode:?)\s*(-?\d+)/.exec(output);
  return m ? Number(m[1]) : null;
}

function codexRequest(entry: Recorded, outputs: Map<string, string>): Json {
  const input = list(isObject(entry.body) ? entry.body['input'] : []).filter(isObject);
  const isModel = (i: Json) =>
    i['role'] === 'assistant' || (String(i['type']).endsWith('_call') && i['type'] !== 'function_call_output');
  const fresh = input.slice(input.findLastIndex(isModel) + 1);
  const prompt: string[] = [];
  const hookContext: { role: string; text: string }[] = [];
  const codexContext: string[] = [];
  for (const item of fresh) {
    if (item['type'] === 'function_call_output' || item['type'] === 'custom_tool_call_output') {
      outputs.set(
        String(item['call_id']),
        isObject(item['output']) ? textOf(item['output']['content']) : textOf(item['output']),
      );
      continue;
    }
    if (item['type'] === 'tool_search_output') {
      // What the search made callable: namespace.tool for each tool found.
      const found = list(item['tools'])
        .filter(isObject)
        .flatMap((t) =>
          list(t['tools'])
            .filter(isObject)
            .map((f) => `${String(t['name'])}.${String(f['name'])}`),
        );
      outputs.set(String(item['call_id']), found.join('\n'));
      continue;
    }
    if (item['type'] !== 'message') continue;
    const text = textOf(item['content']);
    const role = String(item['role']);
    if (CODEX_OWN.test(text)) codexContext.push(text.split('\n')[0] ?? '');
    else if (role === 'user') prompt.push(text);
    else hookContext.push({ role, text });
  }
  return { prompt, hookContext, codexContext };
}

function geminiRequest(entry: Recorded, outputs: Map<string, string>): Json {
  const contents = list(isObject(entry.body) ? entry.body['contents'] : []).filter(isObject);
  const fresh = contents.slice(contents.findLastIndex((c) => c['role'] === 'model') + 1);
  const prompt: string[] = [];
  const hookContext: { in: string; text: string }[] = [];
  for (const content of fresh)
    for (const part of list(content['parts']).filter(isObject)) {
      if (typeof part['text'] === 'string') {
        for (const m of part['text'].matchAll(HOOK_CONTEXT)) hookContext.push({ in: 'prompt', text: m[1] ?? '' });
        const rest = part['text'].replace(HOOK_CONTEXT, '').trim();
        if (rest) prompt.push(rest);
      } else if (isObject(part['functionResponse'])) {
        const response = part['functionResponse'];
        const body = isObject(response['response']) ? response['response'] : {};
        const text = typeof body['output'] === 'string' ? body['output'] : JSON.stringify(body);
        for (const m of text.matchAll(HOOK_CONTEXT))
          hookContext.push({ in: `${String(response['name'])} result`, text: m[1] ?? '' });
        outputs.set(String(response['id'] ?? response['name']), text);
      }
    }
  return { prompt, hookContext };
}

const OUR_BLOCKS = /<memory-(context|recall)\b[\s\S]*?<\/memory-\1>/g;

function chatRequest(entry: Recorded, outputs: Map<string, string>): Json {
  const messages = list(isObject(entry.body) ? entry.body['messages'] : []).filter(isObject);
  const fresh = messages.slice(messages.findLastIndex((m) => m['role'] === 'assistant') + 1);
  const prompt: string[] = [];
  for (const message of fresh) {
    if (message['role'] === 'tool') outputs.set(String(message['tool_call_id']), textOf(message['content']));
    else if (message['role'] === 'user') prompt.push(textOf(message['content']));
  }
  const hookContext = messages
    .filter((m) => m['role'] === 'system')
    .flatMap((m) => [...textOf(m['content']).matchAll(OUR_BLOCKS)].map((found) => ({ in: 'system', text: found[0] })));
  return { prompt, hookContext };
}

/** The calls a mock answer made: Codex output items, Gemini function-call parts, Chat Completions tool calls. */
function callsOf(entry: Recorded): Json[] {
  if (isObject(entry.response) && Array.isArray(entry.response['calls']))
    return list(entry.response['calls'])
      .filter(isObject)
      .map((c) => ({ id: c['id'], name: c['name'], input: JSON.parse(String(c['arguments'] ?? '{}')) as unknown }));
  return list(entry.response)
    .filter(isObject)
    .flatMap((item): Json[] => {
      if (typeof item['call_id'] === 'string')
        return [
          {
            id: item['call_id'],
            // A namespaced call (Codex's deferred MCP tools) is named namespace.name; tool_search by its type.
            name:
              typeof item['namespace'] === 'string'
                ? `${item['namespace']}.${String(item['name'])}`
                : (item['name'] ?? String(item['type']).replace(/_call$/, '')),
            input:
              item['input'] ??
              (isObject(item['arguments']) ? item['arguments'] : JSON.parse(String(item['arguments'] ?? '{}'))),
          },
        ];
      const call = item['functionCall'];
      return isObject(call) ? [{ id: call['id'], name: call['name'], input: call['args'] }] : [];
    });
}

/** Files under `dir` written since `since` (ms), newest last: the session files the client wrote. */
export function writtenSince(dir: string, since: number, pattern: RegExp): string[] {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true }) as string[];
  } catch {
    return [];
  }
  return names
    .map((name) => join(dir, name))
    .filter((file) => pattern.test(file) && statSync(file).isFile() && statSync(file).mtimeMs >= since)
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
}

export function summariseAgent(
  client: 'codex' | 'gemini' | 'opencode',
  stdout: string,
  stderr: string,
  requests: readonly Recorded[],
): Json {
  const outputs = new Map<string, string>();
  const calls: Json[] = [];
  const summarised = requests.map((entry) => {
    if (entry.kind !== 'main') return { n: entry.n, kind: entry.kind, url: entry.url, model: entry.model };
    const fresh =
      client === 'codex'
        ? codexRequest(entry, outputs)
        : client === 'opencode'
          ? chatRequest(entry, outputs)
          : geminiRequest(entry, outputs);
    for (const call of callsOf(entry)) calls.push({ request: entry.n, turn: entry.turn, ...call });
    return { n: entry.n, kind: 'main', turn: entry.turn, model: entry.model, ...fresh };
  });
  const toolCalls = calls.map((call) => {
    const output = outputs.get(String(call['id'])) ?? null;
    return { ...call, output, exitCode: output === null ? null : exitCodeIn(output) };
  });
  const events = client === 'gemini' ? parseLines(stdout) : [];
  const init = events.find((e) => e['type'] === 'init');
  const sessionId =
    client === 'codex'
      ? (/session id:\s*(\S+)/.exec(stderr)?.[1] ?? null)
      : ((init?.['session_id'] as string | undefined) ?? null);
  // Codex prints "hook: <Event>" on stderr when a hook starts and "hook: <Event> <Status>" when it ends.
  const hookRuns =
    client === 'codex'
      ? [...stderr.matchAll(/^hook: (\w+) (\w+)\s*$/gm)].map((m) => ({ event: m[1], status: m[2] }))
      : [];
  return {
    sessionId,
    toolCalls,
    ...(client === 'codex'
      ? { hookRuns }
      : client === 'gemini'
        ? { toolEvents: events.filter((e) => e['type'] === 'tool_result') }
        : {}),
    requests: summarised,
  };
}
