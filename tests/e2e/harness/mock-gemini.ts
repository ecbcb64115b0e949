// The Gemini API (generativelanguage v1beta) as Gemini CLI speaks it: `models/<m>:streamGenerateContent`
// (SSE data lines), `:generateContent`, `:countTokens`. Scenario blocks become Gemini CLI's tools:
// run_shell_command, write_file, replace. Requests that declare no tools are side requests (the model
// router, next-speaker checks); one that asks for JSON gets the smallest object its schema allows.
import type { ServerResponse } from 'node:http';
import { eventStream, sendJson, startMock, type Answer, type Mock, type Request } from './mock-server.js';
import { absolute, substitute, type Block, type Scenario } from './scenario.js';
import { callId, Turns, type HistoryItem } from './turns.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const USAGE = { promptTokenCount: 100, candidatesTokenCount: 10, totalTokenCount: 110 };

/** Parameter names of each tool the request declares. */
function declared(body: Json): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const tool of list(body['tools']).filter(isObject))
    for (const decl of list(tool['functionDeclarations']).filter(isObject)) {
      const schema = (decl['parametersJsonSchema'] ?? decl['parameters'] ?? {}) as Json;
      out.set(String(decl['name']), new Set(Object.keys(isObject(schema['properties']) ? schema['properties'] : {})));
    }
  return out;
}

function part(block: Block, tools: Map<string, Set<string>>, cwd: string): Json {
  const call = (name: string, args: Json) => ({
    functionCall: { id: ('id' in block && block.id) || callId('call_mock'), name, args },
  });
  switch (block.type) {
    case 'text':
      return { text: block.text };
    case 'shell':
      return call('run_shell_command', {
        command: block.command,
        ...(tools.get('run_shell_command')?.has('description') ? { description: 'Scripted command' } : {}),
      });
    case 'write_file':
      return call('write_file', { file_path: absolute(block.path, cwd), content: block.content });
    case 'edit_file':
      return call('replace', {
        file_path: absolute(block.path, cwd),
        old_string: block.old,
        new_string: block.new,
        ...(tools.get('replace')?.has('instruction') ? { instruction: 'Scripted edit' } : {}),
      });
    case 'tool':
      return call(block.name, block.input);
    case 'apply_patch':
    case 'tool_search':
      throw new Error(`${block.type} is a Codex tool; Gemini CLI has none`);
  }
}

/** The smallest value a JSON schema allows (numbers at least 1: the router's score is 1-100). */
function fit(schema: unknown, key = ''): unknown {
  if (!isObject(schema)) return null;
  if (key === 'next_speaker') return 'user';
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return schema['enum'][0];
  const type = String(Array.isArray(schema['type']) ? schema['type'][0] : (schema['type'] ?? 'object')).toLowerCase();
  if (type === 'object') {
    const props = isObject(schema['properties']) ? schema['properties'] : {};
    const required = Array.isArray(schema['required']) ? (schema['required'] as string[]) : Object.keys(props);
    return Object.fromEntries(required.filter((k) => k in props).map((k) => [k, fit(props[k], k)]));
  }
  if (type === 'array') return [];
  if (type === 'number' || type === 'integer') return Math.max(1, Number(schema['minimum'] ?? 1));
  if (type === 'boolean') return false;
  return 'mock';
}

function history(body: Json): HistoryItem[] {
  return list(body['contents'])
    .filter(isObject)
    .filter((c) => c['role'] === 'model')
    .map((c) => {
      const parts = list(c['parts']).filter(isObject);
      return {
        ids: parts.flatMap((p) =>
          isObject(p['functionCall']) && typeof p['functionCall']['id'] === 'string' ? [p['functionCall']['id']] : [],
        ),
        texts: parts.flatMap((p) => (typeof p['text'] === 'string' ? [p['text']] : [])),
      };
    });
}

function reply(res: ServerResponse, n: number, model: string, parts: readonly Json[], streamed: boolean): void {
  const chunk = (chunkParts: readonly Json[], last: boolean) => ({
    candidates: [
      { content: { role: 'model', parts: chunkParts }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) },
    ],
    ...(last ? { usageMetadata: USAGE } : {}),
    modelVersion: model,
    responseId: `mock-${n}`,
  });
  if (!streamed) return sendJson(res, 200, chunk(parts, true));
  const send = eventStream(res, false);
  // Text first in its own chunk, then the calls with the finish reason, as the real API streams them.
  const texts = parts.filter((p) => 'text' in p);
  const calls = parts.filter((p) => !('text' in p));
  if (texts.length > 0 && calls.length > 0) send('', chunk(texts, false));
  send('', chunk(calls.length > 0 ? calls : texts, true));
  res.end();
}

export function startGeminiMock(
  scenario: Scenario,
  vars: Readonly<Record<string, string>>,
  log: string | null,
): Promise<Mock> {
  const turns = new Turns(scenario);
  const cwd = vars['cwd'] ?? process.cwd();
  return startMock((request: Request): Answer => {
    const action = /\/models\/([^/:]+):([A-Za-z]+)$/.exec(request.path);
    const model = action ? decodeURIComponent(action[1] ?? '') : null;
    const body = isObject(request.body) ? request.body : null;
    const method = action?.[2];
    if (
      request.method === 'POST' &&
      body &&
      model &&
      (method === 'streamGenerateContent' || method === 'generateContent')
    ) {
      const streamed = method === 'streamGenerateContent';
      const tools = declared(body);
      if (tools.size === 0) {
        const config = (body['generationConfig'] ?? {}) as Json;
        const json = String(config['responseMimeType'] ?? '').includes('json');
        const parts = [
          {
            text: json
              ? JSON.stringify(fit(config['responseJsonSchema'] ?? config['responseSchema'] ?? {}))
              : scenario.side,
          },
        ];
        return { kind: 'side', model, response: parts, send: (res) => reply(res, request.n, model, parts, streamed) };
      }
      const { turn, script } = turns.next(history(body));
      const parts = substitute(script.blocks, vars).map((b) => part(b, tools, cwd));
      turns.remember(
        parts.flatMap((p) => (isObject(p['functionCall']) ? [String(p['functionCall']['id'])] : [])),
        parts.flatMap((p) => (typeof p['text'] === 'string' ? [p['text']] : [])),
      );
      return {
        kind: 'main',
        turn,
        model,
        response: parts,
        delayMs: script.delayMs,
        send: (res) => reply(res, request.n, model, parts, streamed),
      };
    }
    if (request.method === 'POST' && method === 'countTokens')
      return { kind: 'count_tokens', model, send: (res) => sendJson(res, 200, { totalTokens: 100 }) };
    if (request.method === 'GET' && /\/models$/.test(request.path))
      return { kind: 'other', send: (res) => sendJson(res, 200, { models: [] }) };
    return {
      kind: 'other',
      send: (res) =>
        sendJson(res, 404, { error: { code: 404, message: `mock: no route ${request.path}`, status: 'NOT_FOUND' } }),
    };
  }, log);
}
