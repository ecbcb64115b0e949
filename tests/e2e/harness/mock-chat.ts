// The OpenAI Chat Completions API as OpenCode speaks it (`@ai-sdk/openai-compatible`): POST
// …/chat/completions streamed as server-sent `data:` chunks ending in `[DONE]`. Scenario blocks become
// OpenCode's own tools: a shell command is `bash {command, description}`, a write `write {filePath,
// content}`, an edit `edit {filePath, oldString, newString}`; any other tool by its name.
import type { ServerResponse } from 'node:http';
import { startMock, eventStream, sendJson, type Answer, type Mock, type Request } from './mock-server.js';
import { absolute, substitute, type Block, type Scenario } from './scenario.js';
import { callId, Turns, type HistoryItem } from './turns.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** One answer: the text the model says and the tool calls it makes. */
interface Reply {
  readonly text: string;
  readonly calls: readonly { id: string; name: string; arguments: string }[];
}

function call(block: Block, cwd: string): Reply['calls'][number] | null {
  const id = ('id' in block && block.id) || callId('call_mock');
  const make = (name: string, args: Json) => ({ id, name, arguments: JSON.stringify(args) });
  switch (block.type) {
    case 'shell':
      return make('bash', { command: block.command, description: block.description ?? 'Scripted command' });
    case 'write_file':
      return make('write', { filePath: absolute(block.path, cwd), content: block.content });
    case 'edit_file':
      return make('edit', { filePath: absolute(block.path, cwd), oldString: block.old, newString: block.new });
    case 'tool':
      return make(block.name, block.input);
    default:
      return null;
  }
}

function reply(blocks: readonly Block[], cwd: string): Reply {
  const text = blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
  const calls = blocks.flatMap((b) => {
    const made = call(b, cwd);
    return made ? [made] : [];
  });
  return { text, calls };
}

/** The model's earlier answers in a request: assistant messages, by their tool call ids and text. */
function history(body: Json): HistoryItem[] {
  return list(body['messages'])
    .filter(isObject)
    .filter((m) => m['role'] === 'assistant')
    .map((m) => ({
      ids: list(m['tool_calls'])
        .filter(isObject)
        .map((c) => String(c['id'])),
      texts: typeof m['content'] === 'string' ? [m['content']] : [],
    }));
}

function stream(res: ServerResponse, n: number, model: string, answer: Reply): void {
  const send = eventStream(res, false);
  const base = {
    id: `chatcmpl-mock-${n}`,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
  };
  const delta = (d: Json, finish: string | null = null) =>
    send('chunk', { ...base, choices: [{ index: 0, delta: d, finish_reason: finish }] });
  delta({ role: 'assistant', content: '' });
  if (answer.text) delta({ content: answer.text });
  answer.calls.forEach((c, index) =>
    delta({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }] }),
  );
  send('chunk', {
    ...base,
    choices: [{ index: 0, delta: {}, finish_reason: answer.calls.length > 0 ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
  });
  res.write('data: [DONE]\n\n');
  res.end();
}

export function startChatMock(
  scenario: Scenario,
  vars: Readonly<Record<string, string>>,
  log: string | null,
): Promise<Mock> {
  const turns = new Turns(scenario);
  const cwd = vars['cwd'] ?? process.cwd();
  return startMock((request: Request): Answer => {
    const body = isObject(request.body) ? request.body : null;
    if (request.method === 'POST' && /\/chat\/completions$/.test(request.path) && body) {
      const model = typeof body['model'] === 'string' ? body['model'] : 'mock';
      // A request that offers no tools is a side request (OpenCode's session title).
      if (list(body['tools']).length === 0) {
        const answer: Reply = { text: scenario.side, calls: [] };
        return { kind: 'side', model, response: answer, send: (res) => stream(res, request.n, model, answer) };
      }
      const { turn, script } = turns.next(history(body));
      const answer = reply(substitute(script.blocks, vars), cwd);
      turns.remember(
        answer.calls.map((c) => c.id),
        answer.text ? [answer.text] : [],
      );
      return {
        kind: 'main',
        turn,
        model,
        response: answer,
        delayMs: script.delayMs,
        send: (res) => stream(res, request.n, model, answer),
      };
    }
    if (request.method === 'GET' && /\/models$/.test(request.path))
      return { kind: 'other', send: (res) => sendJson(res, 200, { object: 'list', data: [] }) };
    return {
      kind: 'other',
      send: (res) => sendJson(res, 404, { error: { message: `mock: no route ${request.path}` } }),
    };
  }, log);
}
