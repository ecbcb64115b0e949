// Transcript lines → entries, tool_use ↔ tool_result pairing, the rebuilt ToolEvent, file discovery,
// streaming line splitting and the progress line. Line shapes as Claude Code 1.0.x–2.1.x writes them
// (see tests/fixtures/transcripts/README.md for each fixture's provenance).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findTranscripts } from '../../../lib/import/files.js';
import { rebuildEvent, ToolPairer, type PairedCall } from '../../../lib/import/pairing.js';
import { renderProgress } from '../../../lib/import/progress.js';
import {
  parseLine,
  readLines,
  resultText,
  type LineMeta,
  type TranscriptEntry,
} from '../../../lib/import/transcript.js';
import { tempDir } from '../../helpers.js';

const SESSION = '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const META: LineMeta = {
  sessionId: SESSION,
  cwd: '/home/dev/api',
  timestamp: '2025-11-20T14:03:55.117Z',
  agentId: '',
  isSidechain: false,
};

function entries(line: unknown): readonly TranscriptEntry[] {
  const parsed = parseLine(JSON.stringify(line));
  if (!parsed.ok) throw new Error('line did not parse');
  return parsed.entries;
}

function envelope(type: string, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    parentUuid: null,
    isSidechain: false,
    userType: 'external',
    cwd: '/home/dev/api',
    sessionId: SESSION,
    version: '2.0.55',
    type,
    uuid: 'u1',
    timestamp: META.timestamp,
    ...extra,
  };
}

function toolUse(id: string, name: string, input: Record<string, unknown>): Record<string, unknown> {
  return envelope('assistant', {
    message: { id: 'msg_1', role: 'assistant', content: [{ type: 'tool_use', id, name, input }] },
  });
}

function toolResult(id: string, content: unknown, isError?: boolean, toolUseResult?: unknown): Record<string, unknown> {
  const block: Record<string, unknown> = { tool_use_id: id, type: 'tool_result', content };
  if (isError !== undefined) block['is_error'] = isError;
  return envelope('user', {
    message: { role: 'user', content: [block] },
    ...(toolUseResult === undefined ? {} : { toolUseResult }),
  });
}

/** Pairs one call with its result the way the importer does, and rebuilds the event. */
function rebuild(
  name: string,
  input: Record<string, unknown>,
  result: Record<string, unknown>,
  between: unknown[] = [],
) {
  const pairer = new ToolPairer();
  const feed = (line: unknown): PairedCall | null => {
    let call: PairedCall | null = null;
    for (const entry of entries(line)) {
      if (entry.kind === 'tool-use') pairer.use(entry, META);
      else if (entry.kind === 'pre-tool-hook') pairer.preToolHook(entry.toolUseId);
      else if (entry.kind === 'hook-block') pairer.hookBlock(entry.toolUseId);
      else if (entry.kind === 'tool-result') call = pairer.take(entry, META);
    }
    return call;
  };
  feed(toolUse('toolu_1', name, input));
  for (const line of between) feed(line);
  const call = feed(result);
  if (!call) throw new Error('call did not pair');
  return rebuildEvent(call, { sessionId: SESSION, agentId: null });
}

describe('reading transcript lines', () => {
  it.each([
    [
      'a partly written last line',
      '{"type":"assistant","message":{"content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"npm run bu',
    ],
    ['plain text', 'not json at all'],
    ['a JSON array', '[1,2,3]'],
    ['a JSON string', '"hello"'],
  ])('counts %s as a bad line', (_name, text) => {
    expect(parseLine(text)).toEqual({ ok: false });
  });

  it.each([
    ['summary', { type: 'summary', summary: 'Cart totals', leafUuid: 'x' }],
    ['file-history-snapshot', { type: 'file-history-snapshot', messageId: 'm', snapshot: {}, isSnapshotUpdate: false }],
    [
      'queue-operation',
      { type: 'queue-operation', operation: 'enqueue', timestamp: META.timestamp, sessionId: SESSION },
    ],
    [
      'system hook notice',
      envelope('system', { content: 'Running PostToolUse:Edit...', level: 'info', toolUseID: 'toolu_1' }),
    ],
    ['a type from the future', { type: 'hologram', sessionId: SESSION }],
    ['an assistant line without a message', envelope('assistant', {})],
  ])('reads a %s line and takes nothing from it', (_name, line) => {
    const parsed = parseLine(JSON.stringify(line));
    expect(parsed.ok).toBe(true);
    expect(entries(line)).toEqual([]);
  });

  it('reads what the user typed and what the assistant answered, but not injected or subagent text (those are narration only)', () => {
    expect(entries(envelope('user', { message: { role: 'user', content: 'fix the cart' } }))).toEqual([
      { kind: 'prompt', text: 'fix the cart' },
    ]);
    expect(entries(envelope('user', { isMeta: true, message: { role: 'user', content: 'Caveat: injected' } }))).toEqual(
      [],
    );
    expect(
      entries(
        envelope('assistant', {
          message: { role: 'assistant', content: [{ type: 'text', text: 'I will fix the import next.' }] },
        }),
      ),
    ).toEqual([
      { kind: 'narration', text: 'I will fix the import next.' },
      { kind: 'answer', text: 'I will fix the import next.' },
    ]);
    expect(
      entries(
        envelope('assistant', {
          isSidechain: true,
          message: { role: 'assistant', content: [{ type: 'text', text: 'subagent' }] },
        }),
      ),
    ).toEqual([{ kind: 'narration', text: 'subagent' }]);
  });

  it('takes the session, cwd, time and agent from the envelope, whatever the key order', () => {
    const line = {
      type: 'progress',
      uuid: 'u',
      timestamp: '2026-04-14T08:30:05.410Z',
      agentId: 'a7c2e91',
      isSidechain: true,
      cwd: '/home/dev/web',
      sessionId: 'S3',
      data: { type: 'bash_progress' },
    };
    const parsed = parseLine(JSON.stringify(line));
    expect(parsed).toEqual({
      ok: true,
      meta: {
        sessionId: 'S3',
        cwd: '/home/dev/web',
        timestamp: '2026-04-14T08:30:05.410Z',
        agentId: 'a7c2e91',
        isSidechain: true,
      },
      entries: [],
    });
  });

  it('reads the todo in progress from the todos a user line carries (2.0.55+)', () => {
    const todos = [
      { content: 'Add the cart route', status: 'completed', activeForm: 'Adding the cart route' },
      { content: 'Fix the cart total', status: 'in_progress', activeForm: 'Fixing the cart total' },
    ];
    expect(entries(envelope('user', { todos, message: { role: 'user', content: 'go on' } }))).toEqual([
      { kind: 'todos', inProgress: 'Fix the cart total' },
      { kind: 'prompt', text: 'go on' },
    ]);
    expect(entries(envelope('user', { todos: [], message: { role: 'user', content: 'go on' } }))[0]).toEqual({
      kind: 'todos',
      inProgress: '',
    });
  });

  it('reads a tool_use block from an assistant line', () => {
    expect(entries(toolUse('toolu_1', 'Bash', { command: 'go test ./...' }))).toEqual([
      { kind: 'tool-use', id: 'toolu_1', name: 'Bash', input: { command: 'go test ./...' } },
    ]);
  });

  it('treats a missing is_error as success', () => {
    expect(entries(toolResult('toolu_1', 'ok'))).toEqual([
      { kind: 'tool-result', toolUseId: 'toolu_1', isError: false, text: 'ok', structured: null },
    ]);
  });

  it('joins array result content into text', () => {
    expect(
      resultText([
        { type: 'text', text: 'first' },
        { type: 'image', source: {} },
        { type: 'text', text: 'second' },
      ]),
    ).toBe('first\nsecond');
  });

  it('keeps toolUseResult whether it is an object or an "Error: …" string', () => {
    const [object] = entries(toolResult('toolu_1', 'x', false, { stdout: 'x' }));
    const [text] = entries(toolResult('toolu_2', 'Exit code 1', true, 'Error: Exit code 1'));
    expect(object).toMatchObject({ structured: { stdout: 'x' } });
    expect(text).toMatchObject({ structured: 'Error: Exit code 1', isError: true });
  });

  it('notices a PreToolUse hook running and blocking a call', () => {
    const progress = envelope('progress', {
      data: { type: 'hook_progress', hookEvent: 'PreToolUse', hookName: 'PreToolUse:Bash' },
      toolUseID: 'toolu_1',
    });
    const other = envelope('progress', {
      data: { type: 'hook_progress', hookEvent: 'PostToolUse' },
      toolUseID: 'toolu_1',
    });
    const block = envelope('attachment', {
      attachment: { type: 'hook_blocking_error', hookEvent: 'PreToolUse', toolUseID: 'toolu_1', blockingError: {} },
    });
    const success = envelope('attachment', {
      attachment: { type: 'hook_success', hookEvent: 'PreToolUse', toolUseID: 'toolu_1' },
    });
    expect(entries(progress)).toEqual([{ kind: 'pre-tool-hook', toolUseId: 'toolu_1' }]);
    expect(entries(other)).toEqual([]);
    expect(entries(block)).toEqual([{ kind: 'hook-block', toolUseId: 'toolu_1' }]);
    expect(entries(success)).toEqual([]);
  });
});

describe('pairing calls with their results', () => {
  it('pairs by id even with other lines in between, and forgets the call once answered', () => {
    const pairer = new ToolPairer();
    const [use] = entries(toolUse('toolu_9', 'Edit', { file_path: '/a.ts' }));
    const [result] = entries(toolResult('toolu_9', 'updated'));
    if (use?.kind !== 'tool-use' || result?.kind !== 'tool-result') throw new Error('bad entries');
    pairer.use(use, META);
    expect(pairer.take(result, META)).toMatchObject({
      toolUseId: 'toolu_9',
      name: 'Edit',
      input: { file_path: '/a.ts' },
    });
    expect(pairer.take(result, META)).toBeNull();
    expect(pairer.reset()).toBe(0);
  });

  it('keeps nothing for tools it does not capture, and drops unanswered calls at the end of a file', () => {
    const pairer = new ToolPairer();
    for (const [id, name] of [
      ['toolu_r', 'Read'],
      ['toolu_b', 'Bash'],
    ] as const) {
      const [use] = entries(toolUse(id, name, {}));
      if (use?.kind === 'tool-use') pairer.use(use, META);
    }
    const [read] = entries(toolResult('toolu_r', 'file text'));
    if (read?.kind !== 'tool-result') throw new Error('bad entry');
    expect(pairer.take(read, META)).toBeNull();
    expect(pairer.reset()).toBe(1);
  });
});

describe('rebuilding the hook event', () => {
  it('uses toolUseResult as the tool_response', () => {
    const rebuilt = rebuild(
      'Bash',
      { command: 'npm install zod' },
      toolResult('toolu_1', 'added 1 package', false, {
        stdout: 'added 1 package',
        stderr: '',
        interrupted: false,
        isImage: false,
      }),
    );
    expect(rebuilt).toMatchObject({
      kind: 'event',
      event: { outcome: 'success', toolName: 'Bash', toolUseId: 'toolu_1', response: { stdout: 'added 1 package' } },
    });
  });

  it('rebuilds a Write response from the result text when toolUseResult is absent (2.1.x subagents)', () => {
    const created = rebuild(
      'Write',
      { file_path: '/w/theme.ts', content: 'x' },
      toolResult('toolu_1', 'File created successfully at: /w/theme.ts'),
    );
    const updated = rebuild(
      'Write',
      { file_path: '/w/theme.ts', content: 'x' },
      toolResult('toolu_1', 'The file /w/theme.ts has been updated successfully.'),
    );
    expect(created).toMatchObject({ event: { response: { filePath: '/w/theme.ts', type: 'create' } } });
    expect(updated).toMatchObject({ event: { response: { filePath: '/w/theme.ts', type: 'update' } } });
  });

  it('turns a failed Bash into a failure whose error is the result text', () => {
    const rebuilt = rebuild(
      'Bash',
      { command: 'go test ./...' },
      toolResult('toolu_1', 'Exit code 1\n--- FAIL: TestLimiter', true, 'Error: Exit code 1\n--- FAIL: TestLimiter'),
    );
    expect(rebuilt).toMatchObject({
      kind: 'event',
      event: { outcome: 'failure', error: 'Exit code 1\n--- FAIL: TestLimiter', response: {}, isInterrupt: false },
    });
  });

  it('falls back to the "Error: …" string when the result text is empty', () => {
    const rebuilt = rebuild(
      'Bash',
      { command: 'make' },
      toolResult('toolu_1', [], true, 'Error: make: *** No rule to make target'),
    );
    expect(rebuilt).toMatchObject({ event: { error: 'make: *** No rule to make target' } });
  });

  it('marks an Esc interrupt as an interrupt, not an error', () => {
    const rebuilt = rebuild(
      'Bash',
      { command: 'npm run dev' },
      toolResult('toolu_1', '[Request interrupted by user for tool use]', true),
    );
    expect(rebuilt).toMatchObject({ event: { isInterrupt: true } });
  });

  it.each([
    [
      'a user rejection',
      "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file).",
    ],
    [
      'a user rejection (2.0.42 wording)',
      "The user doesn't want to take this action right now. STOP what you are doing.",
    ],
    ['a PreToolUse hook block', 'PreToolUse:Bash hook error: [node guard.js]: Force pushes to main are not allowed'],
    [
      'a validation error',
      '<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>',
    ],
    ['a sibling failure', '<tool_use_error>Sibling tool call errored</tool_use_error>'],
    [
      'a permission denial',
      'Permission for this command was denied by a built-in Claude Code safety check, not by the user.',
    ],
  ])('does not count %s as something that ran', (_name, text) => {
    expect(rebuild('Bash', { command: 'git push --force' }, toolResult('toolu_1', text, true))).toEqual({
      kind: 'not-run',
    });
  });

  it('does not count a call blocked by a hook_blocking_error attachment, whatever its text', () => {
    const block = envelope('attachment', {
      attachment: { type: 'hook_blocking_error', hookEvent: 'PreToolUse', toolUseID: 'toolu_1' },
    });
    expect(
      rebuild('Edit', { file_path: '/a.ts' }, toolResult('toolu_1', 'Generated files are read-only', true), [block]),
    ).toEqual({ kind: 'not-run' });
  });

  it('reads a bare PreToolUse stderr after a hook ran as a block (2.1.39), but a real exit as a failure', () => {
    const ran = envelope('progress', {
      data: { type: 'hook_progress', hookEvent: 'PreToolUse' },
      toolUseID: 'toolu_1',
    });
    expect(
      rebuild(
        'Bash',
        { command: 'git commit' },
        toolResult('toolu_1', 'Pre-commit validation failed: lint errors', true),
        [ran],
      ),
    ).toEqual({ kind: 'not-run' });
    expect(
      rebuild('Bash', { command: 'npm test' }, toolResult('toolu_1', 'Exit code 1\nFAIL', true), [ran]),
    ).toMatchObject({ kind: 'event', event: { outcome: 'failure' } });
  });

  it('keeps a 1.0.x Bash failure that has no "Exit code" line as a failure', () => {
    expect(
      rebuild('Bash', { command: 'npm test' }, toolResult('toolu_1', 'FAIL src/cart.test.js', true)),
    ).toMatchObject({ event: { outcome: 'failure', error: 'FAIL src/cart.test.js' } });
  });
});

describe('finding transcripts', () => {
  it('reads main sessions before subagent files, skips tool-results, and names hints from file names', () => {
    const root = tempDir();
    const slug = join(root, '-home-dev-web');
    const session = 'e4f5a6b7-c8d9-4e0f-a1b2-c3d4e5f6a7b8';
    for (const dir of [join(slug, session, 'subagents'), join(slug, session, 'tool-results')])
      mkdirSync(dir, { recursive: true });
    for (const file of [
      `${session}.jsonl`,
      'agent-3f9a1c2e.jsonl',
      `${session}/subagents/agent-a7c2e91.jsonl`,
      `${session}/subagents/agent-a7c2e91.meta.json`,
      `${session}/tool-results/spill.jsonl`,
      'notes.txt',
    ]) {
      writeFileSync(join(slug, file), '{}\n');
    }
    const { files, missing } = findTranscripts([root, join(root, 'nope')]);
    expect(missing).toEqual([join(root, 'nope')]);
    expect(files.map((file) => [file.path.slice(slug.length + 1), file.sessionHint, file.agentHint])).toEqual([
      [`${session}.jsonl`, session, ''],
      ['agent-3f9a1c2e.jsonl', '', '3f9a1c2e'],
      [`${session}/subagents/agent-a7c2e91.jsonl`, '', 'a7c2e91'],
    ]);
  });
});

describe('streaming lines', () => {
  async function collect(path: string): Promise<string[]> {
    const out: string[] = [];
    for await (const line of readLines(path).lines) out.push(line);
    return out;
  }

  it('yields a final line without a newline, strips CRLF, and keeps characters split across chunks whole', async () => {
    const path = join(tempDir(), 't.jsonl');
    // A multi-byte character straddling the 256 KB read boundary, and a line longer than one chunk.
    const long = `${'a'.repeat(256 * 1024 - 1)}é${'b'.repeat(300 * 1024)}`;
    writeFileSync(path, `first\r\n${long}\n\nlast-partial`);
    const lines = await collect(path);
    expect(lines.map((line) => line.length)).toEqual([5, long.length, 0, 12]);
    expect(lines[1]).toBe(long);
  });
});

describe('the progress line', () => {
  it('shows the bar, files, calls, rate and ETA', () => {
    const line = renderProgress(
      { filesDone: 3, filesTotal: 12, bytesDone: 25, bytesTotal: 100, toolCalls: 1204 },
      10_000,
    );
    expect(line).toBe('[#####---------------]  25%  3/12 files  1,204 calls  120/s  ETA 0:30');
  });

  it('fits the terminal width', () => {
    const line = renderProgress(
      { filesDone: 3, filesTotal: 12, bytesDone: 25, bytesTotal: 100, toolCalls: 1204 },
      10_000,
      30,
    );
    expect(line.length).toBe(29);
  });
});
