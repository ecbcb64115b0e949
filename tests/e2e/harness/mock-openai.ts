// The OpenAI Responses API as Codex CLI speaks it (`wire_api = "responses"`): POST …/responses streamed as
// server-sent events. Scenario blocks become Codex's own tools: a shell command is `exec_command {cmd}`
// (or whichever shell tool the request offers), a write or an edit is an `apply_patch` patch computed from
// the file on disk when the request arrives.
import type { ServerResponse } from 'node:http';
import { startMock, eventStream, sendJson, type Answer, type Mock, type Request } from './mock-server.js';
import { absolute, editPatch, substitute, writePatch, type Block, type Scenario } from './scenario.js';
import { callId, Turns, type HistoryItem } from './turns.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const USAGE = {
  input_tokens: 100,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 10,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 110,
};

interface Offered {
  readonly shell: string;
  readonly patch: 'custom' | 'function' | null;
}

/** The shell tool and the apply_patch form the request offers. */
function offered(body: Json): Offered {
  const tools = list(body['tools']).filter(isObject);
  const has = (name: string) => tools.some((t) => t['name'] === name);
  const shell = ['exec_command', 'shell_command', 'shell'].find(has) ?? 'exec_command';
  const patch = tools.find((t) => t['name'] === 'apply_patch');
  return { shell, patch: patch?.['type'] === 'custom' ? 'custom' : patch ? 'function' : null };
}

function shellCall(command: string, tools: Offered, id: string): Json {
  const args =
    tools.shell === 'exec_command'
      ? { cmd: command }
      : tools.shell === 'shell_command'
        ? { command }
        : { command: ['bash', '-lc', command] };
  return { type: 'function_call', name: tools.shell, arguments: JSON.stringify(args), call_id: id };
}

function patchCall(patch: string, tools: Offered, id: string): Json {
  if (tools.patch === 'custom') return { type: 'custom_tool_call', name: 'apply_patch', input: patch, call_id: id };
  if (tools.patch === 'function')
    return { type: 'function_call', name: 'apply_patch', arguments: JSON.stringify({ input: patch }), call_id: id };
  // No apply_patch tool (an unknown model gets none): Codex intercepts `apply_patch` given to its shell.
  return shellCall(`apply_patch <<'PATCH'\n${patch}PATCH`, tools, id);
}

function item(block: Block, tools: Offered, cwd: string): Json {
  const id = ('id' in block && block.id) || callId('call_mock');
  switch (block.type) {
    case 'text':
      return {
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: block.text, annotations: [] }],
      };
    case 'shell':
      return shellCall(block.command, tools, id);
    case 'write_file':
      return patchCall(writePatch(absolute(block.path, cwd), block.content), tools, id);
    case 'edit_file':
      return patchCall(editPatch(absolute(block.path, cwd), block.old, block.new), tools, id);
    case 'apply_patch':
      return patchCall(block.patch.endsWith('\n') ? block.patch : `${block.patch}\n`, tools, id);
    case 'tool': {
      const namespace = block.namespace === undefined ? {} : { namespace: block.namespace };
      return {
        type: 'function_call',
        name: block.name,
        ...namespace,
        arguments: JSON.stringify(block.input),
        call_id: id,
      };
    }
    case 'tool_search':
      return {
        type: 'tool_search_call',
        call_id: id,
        execution: 'client',
        arguments: { query: block.query, limit: 8 },
      };
  }
}

const textOf = (message: Json) =>
  list(message['content'])
    .filter(isObject)
    .map((c) => (typeof c['text'] === 'string' ? c['text'] : ''))
    .join('');

/** The model's items in a request's input: function/custom calls and assistant messages. */
function history(body: Json): HistoryItem[] {
  return list(body['input'])
    .filter(isObject)
    .flatMap((entry): HistoryItem[] => {
      if (typeof entry['call_id'] === 'string' && String(entry['type']).endsWith('_call'))
        return [{ ids: [entry['call_id']], texts: [] }];
      if (entry['role'] === 'assistant') return [{ ids: [], texts: [textOf(entry)] }];
      return [];
    });
}

function stream(res: ServerResponse, n: number, model: string, items: readonly Json[]): void {
  const output: Json[] = items.map((it, i) => ({ id: `${String(it['type']).slice(0, 3)}_mock_${n}_${i}`, ...it }));
  const base = {
    id: `resp_mock_${n}`,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    model,
    output: [],
  };
  const send = eventStream(res, true);
  let seq = 0;
  const event = (type: string, data: Json) => send(type, { type, sequence_number: seq++, ...data });
  event('response.created', { response: { ...base, status: 'in_progress' } });
  output.forEach((it, index) => {
    if (it['type'] === 'message') {
      const part = (list(it['content'])[0] ?? {}) as Json;
      event('response.output_item.added', { output_index: index, item: { ...it, status: 'in_progress', content: [] } });
      event('response.content_part.added', {
        item_id: it['id'],
        output_index: index,
        content_index: 0,
        part: { ...part, text: '' },
      });
      event('response.output_text.delta', {
        item_id: it['id'],
        output_index: index,
        content_index: 0,
        delta: part['text'],
      });
      event('response.output_text.done', {
        item_id: it['id'],
        output_index: index,
        content_index: 0,
        text: part['text'],
      });
      event('response.content_part.done', { item_id: it['id'], output_index: index, content_index: 0, part });
    } else if (it['type'] === 'custom_tool_call') {
      event('response.output_item.added', { output_index: index, item: { ...it, status: 'in_progress', input: '' } });
      event('response.custom_tool_call_input.delta', { item_id: it['id'], output_index: index, delta: it['input'] });
      event('response.custom_tool_call_input.done', { item_id: it['id'], output_index: index, input: it['input'] });
    } else if (it['type'] === 'tool_search_call') {
      event('response.output_item.added', { output_index: index, item: { ...it, status: 'in_progress' } });
    } else {
      event('response.output_item.added', {
        output_index: index,
        item: { ...it, status: 'in_progress', arguments: '' },
      });
      event('response.function_call_arguments.delta', {
        item_id: it['id'],
        output_index: index,
        delta: it['arguments'],
      });
      event('response.function_call_arguments.done', {
        item_id: it['id'],
        output_index: index,
        arguments: it['arguments'],
      });
    }
    event('response.output_item.done', { output_index: index, item: { ...it, status: 'completed' } });
  });
  event('response.completed', { response: { ...base, status: 'completed', output, usage: USAGE } });
  res.end();
}

export function startOpenAiMock(
  scenario: Scenario,
  vars: Readonly<Record<string, string>>,
  log: string | null,
): Promise<Mock> {
  const turns = new Turns(scenario);
  const cwd = vars['cwd'] ?? process.cwd();
  return startMock((request: Request): Answer => {
    const body = isObject(request.body) ? request.body : null;
    if (request.method === 'POST' && /\/responses$/.test(request.path) && body) {
      const model = typeof body['model'] === 'string' ? body['model'] : 'mock';
      // The agent loop offers tools; a request without any is a side request (titles, compaction).
      if (list(body['tools']).length === 0) {
        const items = [item({ type: 'text', text: scenario.side }, offered(body), cwd)];
        return { kind: 'side', model, response: items, send: (res) => stream(res, request.n, model, items) };
      }
      const { turn, script } = turns.next(history(body));
      const tools = offered(body);
      const items = substitute(script.blocks, vars).map((b) => item(b, tools, cwd));
      turns.remember(
        items.flatMap((it) => (typeof it['call_id'] === 'string' ? [it['call_id']] : [])),
        items.filter((it) => it['type'] === 'message').map(textOf),
      );
      return {
        kind: 'main',
        turn,
        model,
        response: items,
        delayMs: script.delayMs,
        send: (res) => stream(res, request.n, model, items),
      };
    }
    if (request.method === 'GET' && /\/models$/.test(request.path))
      return { kind: 'other', send: (res) => sendJson(res, 200, { object: 'list', data: [], models: [] }) };
    return {
      kind: 'other',
      send: (res) => sendJson(res, 404, { error: { message: `mock: no route ${request.path}` } }),
    };
  }, log);
}
