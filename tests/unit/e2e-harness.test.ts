// The e2e harness's mocks, spoken to as each client speaks to them: a scripted turn comes back in the
// client's own wire format, the next turn only once the request carries the earlier answer, and every
// request is recorded as it arrived.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startAnthropicMock } from '../e2e/harness/mock-anthropic.js';
import { startGeminiMock } from '../e2e/harness/mock-gemini.js';
import { startOpenAiMock } from '../e2e/harness/mock-openai.js';
import type { Mock } from '../e2e/harness/mock-server.js';
import { editPatch, parseScenario, ScenarioError, writePatch } from '../e2e/harness/scenario.js';

type Json = Record<string, unknown>;

const scenario = parseScenario({
  turns: [
    [
      { type: 'text', text: 'Writing it.' },
      { type: 'write_file', path: '{{cwd}}/a.js', content: 'one\n' },
    ],
    [{ type: 'shell', command: 'exit 3' }],
  ],
  final: 'All done.',
});

function cwd(): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-harness-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function started(mock: Promise<Mock>): Promise<Mock> {
  const m = await mock;
  onTestFinished(() => m.close());
  return m;
}

/** The JSON of each `data:` line of a server-sent event stream. */
async function events(response: Response): Promise<Json[]> {
  const text = await response.text();
  return [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1] ?? 'null') as Json);
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the scenario', () => {
  it('makes an apply_patch Add for a new file and an Update of whole lines for an edit', () => {
    const dir = cwd();
    expect(writePatch(join(dir, 'a.js'), 'x\ny\n')).toBe(
      `*** Begin Patch\n*** Add File: ${dir}/a.js\n+x\n+y\n*** End Patch\n`,
    );
    writeFileSync(join(dir, 'a.js'), 'const a = `Hi ${n}`;\nmore\n');
    expect(editPatch(join(dir, 'a.js'), 'Hi', 'Hello')).toBe(
      `*** Begin Patch\n*** Update File: ${dir}/a.js\n@@\n-const a = \`Hi \${n}\`;\n+const a = \`Hello \${n}\`;\n*** End Patch\n`,
    );
  });

  it('refuses a block it does not know', () => {
    expect(() => parseScenario({ turns: [[{ type: 'teleport' }]] })).toThrow(ScenarioError);
  });
});

describe('the OpenAI Responses mock (Codex)', () => {
  it('answers turn 0 with an apply_patch call, turn 1 once the request carries it, and records both', async () => {
    const dir = cwd();
    const mock = await started(startOpenAiMock(scenario, { cwd: dir }, join(dir, 'requests.jsonl')));
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const tools = [
      { type: 'function', name: 'exec_command' },
      { type: 'custom', name: 'apply_patch' },
    ];
    const first = await events(await post(`${mock.url}/v1/responses`, { model: 'gpt-5.5', tools, input: [] }));
    const done = first.find((e) => e['type'] === 'response.completed')?.['response'] as { output: Json[] };
    expect(done.output.map((item) => [item['type'], item['name'] ?? null])).toEqual([
      ['message', null],
      ['custom_tool_call', 'apply_patch'],
    ]);
    expect(done.output[1]?.['input']).toBe(`*** Begin Patch\n*** Add File: ${dir}/a.js\n+one\n*** End Patch\n`);
    const input = [
      done.output[1],
      { type: 'custom_tool_call_output', call_id: done.output[1]?.['call_id'], output: 'ok' },
    ];
    const second = await events(await post(`${mock.url}/v1/responses`, { model: 'gpt-5.5', tools, input }));
    const call = (second.find((e) => e['type'] === 'response.completed')?.['response'] as { output: Json[] }).output[0];
    expect([call?.['name'], JSON.parse(String(call?.['arguments']))]).toEqual(['exec_command', { cmd: 'exit 3' }]);
    expect(mock.requests.map((r) => [r.kind, r.turn])).toEqual([
      ['main', 0],
      ['main', 1],
    ]);
    expect(mock.requests[1]?.body).toEqual({ model: 'gpt-5.5', tools, input });
  });
});

describe('the OpenAI Responses mock and deferred MCP tools (Codex)', () => {
  it('answers a tool_search block with a client-run tool_search_call, then a call in its namespace', async () => {
    const dir = cwd();
    const mcp = parseScenario({
      turns: [
        [{ type: 'tool_search', query: 'memory search' }],
        [{ type: 'tool', namespace: 'mcp__memory_hooks', name: 'search', input: { query: 'greet' } }],
      ],
    });
    const mock = await started(startOpenAiMock(mcp, { cwd: dir }, null));
    const tools = [{ type: 'tool_search' }];
    const first = await events(await post(`${mock.url}/v1/responses`, { model: 'gpt-5.5', tools, input: [] }));
    const search = (first.find((e) => e['type'] === 'response.completed')?.['response'] as { output: Json[] })
      .output[0];
    expect(search).toMatchObject({
      type: 'tool_search_call',
      execution: 'client',
      arguments: { query: 'memory search', limit: 8 },
    });
    const input = [search, { type: 'tool_search_output', call_id: search?.['call_id'], tools: [] }];
    const second = await events(await post(`${mock.url}/v1/responses`, { model: 'gpt-5.5', tools, input }));
    const call = (second.find((e) => e['type'] === 'response.completed')?.['response'] as { output: Json[] }).output[0];
    expect([call?.['type'], call?.['namespace'], call?.['name'], call?.['arguments']]).toEqual([
      'function_call',
      'mcp__memory_hooks',
      'search',
      '{"query":"greet"}',
    ]);
  });
});

describe('the Gemini mock', () => {
  it('answers a side request that asks for JSON with the smallest object its schema allows', async () => {
    const mock = await started(startGeminiMock(scenario, { cwd: cwd() }, null));
    const schema = { type: 'object', properties: { score: { type: 'integer', minimum: 1 }, why: { type: 'string' } } };
    const body = {
      contents: [],
      generationConfig: { responseMimeType: 'application/json', responseJsonSchema: schema },
    };
    const answer = (await (await post(`${mock.url}/v1beta/models/flash:generateContent`, body)).json()) as Json;
    expect(JSON.stringify(answer)).toContain(JSON.stringify(JSON.stringify({ score: 1, why: 'mock' })));
    expect(mock.requests[0]?.kind).toBe('side');
  });

  it('turns a shell block into run_shell_command for the agent loop', async () => {
    const mock = await started(
      startGeminiMock(parseScenario({ turns: [[{ type: 'shell', command: 'ls' }]] }), { cwd: cwd() }, null),
    );
    const tools = [
      { functionDeclarations: [{ name: 'run_shell_command', parametersJsonSchema: { properties: { command: {} } } }] },
    ];
    const [chunk] = await events(
      await post(`${mock.url}/v1beta/models/pro:streamGenerateContent?alt=sse`, { contents: [], tools }),
    );
    const parts = (chunk?.['candidates'] as { content: { parts: Json[] } }[])[0]?.content.parts;
    expect(parts?.map((p) => (p['functionCall'] as Json)['args'])).toEqual([{ command: 'ls' }]);
  });
});

describe('the Anthropic mock (Claude Code)', () => {
  it('streams a Write tool_use as one JSON delta, and counts turns by its own answers only', async () => {
    const dir = cwd();
    const mock = await started(startAnthropicMock(scenario, { cwd: dir }, null));
    const tools = [{ name: 'Write' }, { name: 'Bash' }];
    const first = await events(
      await post(`${mock.url}/v1/messages`, { model: 'm', stream: true, tools, messages: [] }),
    );
    const use = first.find((e) => (e['content_block'] as Json | undefined)?.['type'] === 'tool_use')?.[
      'content_block'
    ] as Json;
    const delta = first.find((e) => (e['delta'] as Json | undefined)?.['type'] === 'input_json_delta')?.[
      'delta'
    ] as Json;
    expect([use['name'], JSON.parse(String(delta['partial_json']))]).toEqual([
      'Write',
      { file_path: `${dir}/a.js`, content: 'one\n' },
    ]);
    const history = [
      { role: 'assistant', content: [{ type: 'tool_use', id: use['id'], name: 'Write', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: use['id'], content: 'ok' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'not-ours', name: 'Bash', input: {} }] },
    ];
    const reply = (await (
      await post(`${mock.url}/v1/messages`, { model: 'm', tools, messages: history })
    ).json()) as Json;
    expect(reply['content']).toEqual([
      {
        type: 'tool_use',
        id: expect.any(String),
        name: 'Bash',
        input: { command: 'exit 3', description: 'Run a command' },
      },
    ]);
  });
});
