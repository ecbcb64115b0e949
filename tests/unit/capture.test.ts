import { describe, expect, it } from 'vitest';
import { captureEvent } from '../../lib/capture/capture.js';
import { parseExitCode } from '../../lib/capture/command-capture.js';
import { CONTENT_MAX } from '../../lib/capture/draft-text.js';
import { isNoisePath } from '../../lib/capture/noise.js';
import { parseToolEvent } from '../../lib/agents/claude-code/payload.js';

const base = { session_id: 's-1', cwd: '/home/dev/app', transcript_path: '/t.jsonl', tool_use_id: 'toolu_1' };

function capture(
  toolName: string,
  toolInput: Record<string, unknown>,
  toolResponse: unknown = {},
  extra: Record<string, unknown> = {},
) {
  const event = parseToolEvent({
    ...base,
    hook_event_name: 'PostToolUse',
    tool_name: toolName,
    tool_input: toolInput,
    tool_response: toolResponse,
    ...extra,
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

describe('Edit', () => {
  it('records the path and a short old → new summary', () => {
    expect(
      capture('Edit', { file_path: '/home/dev/app/src/config.ts', old_string: 'port: 3000', new_string: 'port: 8080' }),
    ).toEqual({
      type: 'file_edit',
      toolName: 'Edit',
      filePath: '/home/dev/app/src/config.ts',
      content: 'Edited config.ts: "port: 3000" → "port: 8080"',
      tags: 'edit,ts',
      importance: 2,
      exitCode: null,
    });
  });
  it('counts the edits of a MultiEdit', () => {
    const draft = capture('MultiEdit', {
      file_path: '/a/b.py',
      edits: [
        { old_string: 'a', new_string: 'b' },
        { old_string: 'c', new_string: 'd' },
      ],
    });
    expect(draft?.content).toBe('Edited b.py (2 edits): "a" → "b"');
  });
  it('ignores originalFile however large it is', () => {
    const draft = capture(
      'Edit',
      { file_path: '/a/big.ts', old_string: 'x', new_string: 'y' },
      { originalFile: 'z'.repeat(5_000_000) },
    );
    expect(draft?.content).toBe('Edited big.ts: "x" → "y"');
  });
  it.each([
    '/app/node_modules/x/index.js',
    '/app/.git/config',
    '/app/dist/a.js',
    '/app/coverage/lcov.info',
    '/app/package-lock.json',
    '/app/yarn.lock',
    'C:\\app\\node_modules\\x.js',
  ])('skips the noise path %s', (path) => {
    expect(isNoisePath(path)).toBe(true);
    expect(capture('Edit', { file_path: path, old_string: 'a', new_string: 'b' })).toBeNull();
  });
  it('notes a failed edit without calling it an error', () => {
    expect(
      captureFailure(
        'Edit',
        { file_path: '/a/x.ts', old_string: 'a', new_string: 'b' },
        'String to replace not found in file.',
      ),
    ).toMatchObject({
      type: 'observation',
      importance: 1,
      content: 'Edit failed on x.ts: String to replace not found in file.',
    });
  });
});

describe('Write', () => {
  it('records the path, line count and a preview', () => {
    expect(
      capture(
        'Write',
        { file_path: '/app/src/schema.ts', content: 'export const a = 1;\nexport const b = 2;\n' },
        { type: 'create' },
      ),
    ).toMatchObject({
      type: 'file_edit',
      content: 'Created schema.ts (2 lines): export const a = 1; export const b = 2;',
      tags: 'write,create,ts',
    });
  });
  it('bounds the preview of a huge file', () => {
    const draft = capture(
      'Write',
      { file_path: '/app/big.txt', content: 'line\n'.repeat(1_000_000) },
      { type: 'update' },
    );
    expect(draft?.content.startsWith('Rewrote big.txt (1000000 lines): line line')).toBe(true);
    expect(draft?.content.length).toBeLessThanOrEqual(CONTENT_MAX);
  });
  it('keeps the names of a written .env file, not its values', () => {
    const draft = capture('Write', {
      file_path: '/app/.env',
      content: 'STRIPE_KEY=sk_live_51HqLyjWDarjtT1zdp7dcXYZ\n# staging: hunter2\nexport DEBUG=1',
    });
    expect(draft?.content).toBe('Wrote .env (3 lines): STRIPE_KEY, DEBUG (values not kept)');
  });
});

describe('NotebookEdit', () => {
  it('uses notebook_path and cell info', () => {
    expect(
      capture('NotebookEdit', {
        notebook_path: '/app/analysis.ipynb',
        cell_id: 'c3',
        new_source: 'df.describe()',
        cell_type: 'code',
        edit_mode: 'replace',
      }),
    ).toMatchObject({
      type: 'file_edit',
      filePath: '/app/analysis.ipynb',
      content: 'Notebook analysis.ipynb: replaced code cell c3: df.describe()',
      tags: 'notebookedit,notebook,ipynb',
    });
  });
});

describe('Bash', () => {
  it('records a meaningful command with its description', () => {
    expect(
      capture('Bash', { command: 'npm test', description: 'Run the test suite' }, { stdout: 'ok', stderr: '' }),
    ).toEqual({
      type: 'command',
      toolName: 'Bash',
      filePath: null,
      content: 'npm test  # Run the test suite',
      tags: 'bash,npm,test',
      importance: 1,
      exitCode: null,
      commandKey: { key: 'npm test', isTest: true },
    });
  });
  it('skips read-only noise', () => {
    expect(capture('Bash', { command: 'ls -la && cat README.md' }, { stdout: '...' })).toBeNull();
  });
  it('does not call a successful command with stderr output an error', () => {
    expect(
      capture(
        'Bash',
        { command: 'npm install' },
        { stdout: '', stderr: 'npm warn deprecated inflight@1.0.6: This module is not supported\n'.repeat(5) },
      ),
    ).toMatchObject({ type: 'command', importance: 2 });
  });
  it("does not call grep's exit 1 an error", () => {
    expect(
      capture(
        'Bash',
        { command: 'grep -r TODO src && npm run lint' },
        { stdout: '', stderr: '', returnCodeInterpretation: 'No matches found' },
      ),
    ).toMatchObject({ type: 'command' });
  });
  it('records a failure as an error with its exit code and the telling output lines', () => {
    const error =
      "Exit code 1\n> app@1.0.0 test\n> vitest run\n\nError: ENOENT: no such file or directory, open '/tmp/missing.txt'\n    at open (node:fs:1)\n";
    expect(captureFailure('Bash', { command: 'npm test' }, error)).toEqual({
      type: 'error',
      toolName: 'Bash',
      filePath: null,
      content: "Bash error (exit 1): npm test\nError: ENOENT: no such file or directory, open '/tmp/missing.txt'",
      tags: 'bash,npm,test,error,exit-1',
      importance: 3,
      exitCode: 1,
      commandKey: { key: 'npm test', isTest: true },
    });
  });
  it('tags a command that writes through a here-document, failed or not, as heredoc', () => {
    const command = "cat > src/form.js << 'ENDOFFILE'\nconst total = `${a}`;\nENDOFFILE";
    expect(capture('Bash', { command }, { stdout: '', stderr: '' })).toMatchObject({
      tags: 'bash,cat,file-change,heredoc',
    });
    expect(captureFailure('Bash', { command }, 'Failed to parse command: Bad substitution: a')).toMatchObject({
      tags: 'bash,cat,file-change,error,heredoc',
    });
  });
  it('stores coloured test output without its terminal escape sequences', () => {
    const draft = captureFailure(
      'Bash',
      { command: 'npx vitest run' },
      'Exit code 1\n\u001b[31m FAIL \u001b[39m tests/a.test.ts\n\u001b[1mAssertionError\u001b[22m: expected 1 to be 2',
    );
    expect(draft?.content).toBe(
      'Bash error (exit 1): npx vitest run\nFAIL  tests/a.test.ts\nAssertionError: expected 1 to be 2',
    );
  });
  it('records a failing noise command too: every failure matters', () => {
    expect(
      captureFailure(
        'Bash',
        { command: 'cat /tmp/missing.txt' },
        'Exit code 1\ncat: /tmp/missing.txt: No such file or directory',
      ),
    ).toMatchObject({
      type: 'error',
      exitCode: 1,
      content: 'Bash error (exit 1): cat /tmp/missing.txt\ncat: /tmp/missing.txt: No such file or directory',
    });
  });
  it('redacts a secret in the command and its echo in the error output', () => {
    const draft = captureFailure(
      'Bash',
      { command: 'curl -u admin:Pa55w0rdXYZ https://x.example -H "X-Api-Key: qwertyuiop123"' },
      'Exit code 22\ncurl: (22) 401 for qwertyuiop123 user admin:Pa55w0rdXYZ',
    );
    expect(draft?.content).not.toMatch(/qwertyuiop123|Pa55w0rdXYZ/);
    expect(draft?.content).toContain('[REDACTED]');
  });
  it('never stores text inside <private>', () => {
    const draft = capture(
      'Bash',
      { command: 'git commit -m "fix <private>client Acme Corp</private> bug"' },
      { stdout: '' },
    );
    expect(draft?.content).toBe('git commit -m "fix [private] bug"');
  });
  it('ignores an interrupted command', () => {
    const event = parseToolEvent({
      ...base,
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      tool_input: { command: 'npm run dev' },
      error: 'Interrupted',
      is_interrupt: true,
    });
    expect(event && captureEvent(event)).toBeNull();
  });
});

describe('exit codes', () => {
  it.each([
    ['Exit code 1\nboom', 1],
    ['Exit code 127\nsh: foo: not found', 127],
    ['Command failed with exit code 2', 2],
    ['no code here', null],
  ] as const)('parses %j', (error, code) => {
    expect(parseExitCode(error)).toBe(code);
  });
});

describe('tools we do not capture', () => {
  it.each(['Read', 'Grep', 'Glob', 'WebFetch', 'Task'])('ignores %s', (toolName) => {
    expect(
      parseToolEvent({
        ...base,
        hook_event_name: 'PostToolUse',
        tool_name: toolName,
        tool_input: {},
        tool_response: {},
      }),
    ).toBeNull();
  });
});

describe('noise paths', () => {
  // The check as it was written before, as two patterns: the sets must answer exactly as they did.
  const NOISE_PATH =
    /(?:^|[\\/])(?:node_modules|\.git|dist|build|out|coverage|\.nyc_output|\.next|\.nuxt|\.svelte-kit|\.turbo|\.cache|\.parcel-cache|__pycache__|\.pytest_cache|\.mypy_cache|\.ruff_cache|\.venv|venv|\.tox|target|\.gradle|\.idea|\.vscode)(?:[\\/]|$)/;
  const NOISE_FILE =
    /(?:^|[\\/])(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|Cargo\.lock|poetry\.lock|Pipfile\.lock|uv\.lock|Gemfile\.lock|composer\.lock|go\.sum|flake\.lock|\.DS_Store)$|\.(?:min\.js|min\.css|map|log|pyc)$/;
  const PARTS = [
    'node_modules',
    '.git',
    'dist',
    'distro',
    'build',
    'builds',
    'out',
    'output',
    'target',
    '.venv',
    'venv2',
    '.idea',
    'src',
    'app',
    'lib',
    'index.ts',
    'bun.lock',
    'bun.lockb',
    'bun.locks',
    'yarn.lock',
    'my-yarn.lock',
    'go.sum',
    'a.min.js',
    'a.min.jsx',
    'x.map',
    'mapping',
    'debug.log',
    'logs',
    'm.pyc',
    '.DS_Store',
    'Cargo.lock',
    '',
  ];

  it('answers as the patterns did, on 20,000 generated paths', () => {
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 20_000; i++) {
      const length = 1 + next(4);
      const separator = next(5) === 0 ? '\\' : '/';
      const path =
        (next(2) === 0 ? separator : '') + Array.from({ length }, () => PARTS[next(PARTS.length)]).join(separator);
      expect(isNoisePath(path), path).toBe(NOISE_PATH.test(path) || NOISE_FILE.test(path));
    }
  });
});
