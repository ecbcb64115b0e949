// Key files are never stored by content: a Write, Edit or failed Edit of a file that is key material by
// its name or by what is in it keeps the path, the tool and the size, and no byte of the content; an
// `.env` file keeps its names, not its values. Code that merely handles a key is captured as before.
import { describe, expect, it } from 'vitest';
import { captureEvent } from '../../lib/capture/capture.js';
import { parseToolEvent } from '../../lib/agents/claude-code/payload.js';
import { redactStoredRow } from '../../lib/redact/redact.js';
import { KEY_CONTENT_SAMPLES, KEY_FILE_NAMES, NOT_KEY_CONTENT, NOT_KEY_FILES } from '../../lib/redact/key-files.js';

const base = { session_id: 's-1', cwd: '/home/dev/app', transcript_path: '/t.jsonl', tool_use_id: 'toolu_1' };

function capture(toolName: string, toolInput: Record<string, unknown>, toolResponse: unknown = {}) {
  const event = parseToolEvent({
    ...base,
    hook_event_name: 'PostToolUse',
    tool_name: toolName,
    tool_input: toolInput,
    tool_response: toolResponse,
  });
  if (!event) throw new Error('payload not parsed');
  return captureEvent(event);
}

function captureFailure(toolName: string, toolInput: Record<string, unknown>, error: string) {
  const event = parseToolEvent({
    ...base,
    hook_event_name: 'PostToolUseFailure',
    tool_name: toolName,
    tool_input: toolInput,
    error,
  });
  if (!event) throw new Error('payload not parsed');
  return captureEvent(event);
}

const PEM =
  '-----BEGIN OPENSSH PRIVATE KEY-----\n' +
  'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n' +
  'QyNTUxOQAAACBkq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1mK4lJ2hG6\n' +
  'fD8sA0pOZ3wX7cV5bN1mK4lJ2hG6fD8sA0pOq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ\n' +
  '-----END OPENSSH PRIVATE KEY-----\n';
const BODY_LINE = 'QyNTUxOQAAACBkq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1mK4lJ2hG6';
const NEW_LINE = 'Zk9pQ3wX7cV5bN1mK4lJ2hG6fD8sA0pOq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3';

describe('a key file, by name', () => {
  it.each(KEY_FILE_NAMES.filter((entry) => entry.kind === 'key').map((entry) => [entry.what, entry.sample] as const))(
    'a Write of a %s (%s) keeps its path and size, not its content',
    (_what, path) => {
      const draft = capture(
        'Write',
        { file_path: path, content: 'opaque key text 7Gq2\nline two\n' },
        { type: 'create' },
      );
      const name = path.split(/[\\/]/).pop();
      expect(draft).toMatchObject({
        type: 'file_edit',
        toolName: 'Write',
        filePath: path,
        content: `Created ${name} (30 bytes, 2 lines): content not kept: key file`,
      });
      expect(draft?.tags).toContain('key-file');
    },
  );

  it('an Edit of id_ed25519 keeps no old or new string', () => {
    const draft = capture('Edit', {
      file_path: '/home/dev/.ssh/id_ed25519',
      old_string: BODY_LINE,
      new_string: NEW_LINE,
    });
    expect(draft?.content).toBe('Edited id_ed25519 (1 edit, 70 bytes written): content not kept: key file');
  });

  it('a failed Edit of a key file keeps no part of the error, which quotes the string looked for', () => {
    const draft = captureFailure(
      'Edit',
      { file_path: '/srv/tls/server.pem', old_string: BODY_LINE, new_string: NEW_LINE },
      `String to replace not found in file.\nString: ${BODY_LINE}`,
    );
    expect(draft?.content).toBe('Edit failed on server.pem: content not kept: key file');
  });

  it.each(NOT_KEY_FILES)('a Write of %s is stored as usual', (path) => {
    const draft = capture('Write', { file_path: path, content: 'export const x = 1' }, { type: 'create' });
    expect(draft?.content).toMatch(/: export const x = 1$/);
  });
});

describe('a key file, by content', () => {
  it.each(KEY_CONTENT_SAMPLES)('a Write of notes.txt holding %j keeps no byte of it', (content) => {
    const draft = capture('Write', { file_path: '/app/notes.txt', content }, { type: 'update' });
    expect(draft?.content).toMatch(/^Rewrote notes\.txt \(\d[\d,]* bytes?, \d+ lines?\): content not kept: key file$/);
  });

  it('an Edit touching only the body of a key in a source file, judged by the file before the edit', () => {
    const original = `export const FIXTURE_KEY = \`${PEM}\`;\n`;
    const draft = capture(
      'Edit',
      { file_path: '/app/test/fixtures.ts', old_string: BODY_LINE.slice(0, 30), new_string: NEW_LINE.slice(0, 30) },
      { filePath: '/app/test/fixtures.ts', originalFile: original, structuredPatch: [] },
    );
    expect(draft?.content).toBe('Edited fixtures.ts (1 edit, 30 bytes written): content not kept: key file');
  });

  it('an Edit whose strings are bare key-body lines, without the file before it', () => {
    const draft = capture('Edit', { file_path: '/app/notes.txt', old_string: `${BODY_LINE}\n`, new_string: NEW_LINE });
    expect(draft?.content).toBe('Edited notes.txt (1 edit, 70 bytes written): content not kept: key file');
  });

  it('a notebook cell holding a service-account JSON', () => {
    const draft = capture('NotebookEdit', {
      notebook_path: '/app/a.ipynb',
      new_source: KEY_CONTENT_SAMPLES[4],
      cell_type: 'code',
    });
    expect(draft?.content).toBe('Notebook a.ipynb: replaced code cell: content not kept: key file');
  });

  it.each(NOT_KEY_CONTENT)('code that merely handles a key is stored: %j', (content) => {
    const draft = capture('Write', { file_path: '/app/src/keys.ts', content }, { type: 'create' });
    expect(draft?.content).not.toContain('content not kept');
  });

  it('an Edit of code that reads a key file keeps its strings', () => {
    const draft = capture('Edit', {
      file_path: '/app/src/ssh.ts',
      old_string: "const key = fs.readFileSync('id_rsa')",
      new_string: "const key = fs.readFileSync('id_ed25519')",
    });
    expect(draft?.content).toBe(
      `Edited ssh.ts: "const key = fs.readFileSync('id_rsa')" → "const key = fs.readFileSync('id_ed25519')"`,
    );
  });
});

describe('an .env file', () => {
  it('an Edit keeps the names it changed, not the values', () => {
    const draft = capture('Edit', {
      file_path: '/app/.env.local',
      old_string: 'DB_HOST=localhost\nDB_PASSWORD=hunter2',
      new_string: 'DB_HOST=db.internal\nDB_PASSWORD=correct horse\nAPI_KEY=abc',
    });
    expect(draft?.content).toBe(
      'Edited .env.local: "DB_HOST, DB_PASSWORD" → "DB_HOST, DB_PASSWORD, API_KEY" (values not kept)',
    );
  });

  it('a failed Edit keeps the first line of the error only', () => {
    const draft = captureFailure(
      'Edit',
      { file_path: '/app/.env', old_string: 'DB_HOST=localhost', new_string: 'DB_HOST=db' },
      'String to replace not found in file.\nString: DB_HOST=localhost',
    );
    expect(draft?.content).toBe('Edit failed on .env: String to replace not found in file.');
  });
});

describe('what memory redact does to a memory captured today', () => {
  it.each([
    ['a key file', 'Write', { file_path: '/srv/tls/server.pem', content: 'x\ny\n' }],
    ['a key file by content', 'Write', { file_path: '/app/sa.json', content: KEY_CONTENT_SAMPLES[4] }],
    ['a key file edited', 'Edit', { file_path: '/home/dev/.ssh/id_rsa', old_string: BODY_LINE, new_string: NEW_LINE }],
    ['an .env file', 'Write', { file_path: '/app/.env', content: 'A=1\nB_TOKEN=Zq8LmT3vR9xK2pW7\n' }],
    ['an .env file without names', 'Write', { file_path: '/app/.env', content: '' }],
    ['an .env file edited', 'Edit', { file_path: '/app/.env', old_string: 'A=1', new_string: 'A=2' }],
    ['code', 'Edit', { file_path: '/app/ssh.ts', old_string: 'a', new_string: "readFileSync('id_rsa')" }],
  ] as const)('leaves %s as it is', (_what, tool, input) => {
    const draft = capture(tool, input, { type: 'create' });
    if (!draft) throw new Error('not captured');
    const fields = [draft.content, draft.tags, draft.filePath ?? '', ''];
    const row = { columns: ['content', 'tags', 'file_path', 'request'], toolName: draft.toolName };
    expect(redactStoredRow(fields, row)).toEqual(fields);
  });
});
