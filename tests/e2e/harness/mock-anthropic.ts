// The Anthropic Messages API as Claude Code speaks it: POST /v1/messages, streamed (SSE) or not, and
// count_tokens. Scenario blocks become Claude Code's tools (Bash, Write, Edit, or any tool by name).
// Requests that offer none of the agent loop's tools (titles, command checks) are side requests.
import type { ServerResponse } from 'node:http';
import { eventStream, sendJson, startMock, type Answer, type Mock, type Request } from './mock-server.js';
import { substitute, absolute, type Block, type Scenario } from './scenario.js';
import { callId, Turns, type HistoryItem } from './turns.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const USAGE = { input_tokens: 100, output_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
const AGENT_TOOLS = new Set(['Bash', 'Edit', 'Write', 'Read', 'Glob', 'Grep']);

function content(block: Block, cwd: string): Json {
  const use = (name: string, input: Json) => ({
    type: 'tool_use',
    id: ('id' in block && block.id) || callId('toolu_mock'),
    name,
    input,
  });
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'shell':
      return use('Bash', { command: block.command, description: block.description ?? 'Run a command' });
    case 'write_file':
      return use('Write', { file_path: absolute(block.path, cwd), content: block.content });
    case 'edit_file':
      return use('Edit', { file_path: absolute(block.path, cwd), old_string: block.old, new_string: block.new });
    case 'tool':
      return use(block.name, block.input);
    case 'apply_patch':
    case 'tool_search':
      throw new Error(`${block.type} is a Codex tool; Claude Code has none`);
  }
}

function history(body: Json): HistoryItem[] {
  return list(body['messages'])
    .filter(isObject)
    .filter((m) => m['role'] === 'assistant')
    .map((m) => {
      const blocks =
        typeof m['content'] === 'string' ? [{ type: 'text', text: m['content'] }] : list(m['content']).filter(isObject);
      return {
        ids: blocks.flatMap((b) => (b['type'] === 'tool_use' && typeof b['id'] === 'string' ? [b['id']] : [])),
        texts: blocks.flatMap((b) => (b['type'] === 'text' && typeof b['text'] === 'string' ? [b['text']] : [])),
      };
    });
}

function reply(res: ServerResponse, n: number, body: Json, blocks: readonly Json[]): void {
  const stop = blocks.some((b) => b['type'] === 'tool_use') ? 'tool_use' : 'end_turn';
  const message = {
    id: `msg_mock_${n}`,
    type: 'message',
    role: 'assistant',
    model: body['model'] ?? 'claude-mock',
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: USAGE,
  };
  if (body['stream'] !== true) return sendJson(res, 200, { ...message, content: blocks, stop_reason: stop });
  const send = eventStream(res, true);
  const event = (type: string, data: Json) => send(type, { type, ...data });
  event('message_start', { message });
  blocks.forEach((block, index) => {
    if (block['type'] === 'text') {
      event('content_block_start', { index, content_block: { type: 'text', text: '' } });
      event('content_block_delta', { index, delta: { type: 'text_delta', text: block['text'] } });
    } else {
      event('content_block_start', { index, content_block: { ...block, input: {} } });
      event('content_block_delta', {
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(block['input']) },
      });
    }
    event('content_block_stop', { index });
  });
  event('message_delta', {
    delta: { stop_reason: stop, stop_sequence: null },
    usage: { output_tokens: USAGE.output_tokens },
  });
  event('message_stop', {});
  res.end();
}

export function startAnthropicMock(
  scenario: Scenario,
  vars: Readonly<Record<string, string>>,
  log: string | null,
): Promise<Mock> {
  const turns = new Turns(scenario);
  const cwd = vars['cwd'] ?? process.cwd();
  return startMock((request: Request): Answer => {
    const body = isObject(request.body) ? request.body : null;
    if (request.method === 'POST' && request.path === '/v1/messages' && body) {
      const model = typeof body['model'] === 'string' ? body['model'] : null;
      if (!list(body['tools']).some((t) => isObject(t) && AGENT_TOOLS.has(String(t['name'])))) {
        const blocks = [{ type: 'text', text: scenario.side }];
        return { kind: 'side', model, response: blocks, send: (res) => reply(res, request.n, body, blocks) };
      }
      const { turn, script } = turns.next(history(body));
      const blocks = substitute(script.blocks, vars).map((b) => content(b, cwd));
      turns.remember(
        blocks.flatMap((b) => (typeof b['id'] === 'string' ? [b['id']] : [])),
        blocks.flatMap((b) => (typeof b['text'] === 'string' ? [b['text']] : [])),
      );
      return {
        kind: 'main',
        turn,
        model,
        response: blocks,
        delayMs: script.delayMs,
        send: (res) => reply(res, request.n, body, blocks),
      };
    }
    if (request.method === 'POST' && request.path === '/v1/messages/count_tokens')
      return { kind: 'count_tokens', send: (res) => sendJson(res, 200, { input_tokens: 100 }) };
    if (request.method === 'GET' && request.path === '/v1/models')
      return {
        kind: 'other',
        send: (res) => sendJson(res, 200, { data: [], has_more: false, first_id: null, last_id: null }),
      };
    return { kind: 'other', send: (res) => sendJson(res, 200, {}) };
  }, log);
}
