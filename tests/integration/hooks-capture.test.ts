// The built post-tool-use hook, spawned with JSON on stdin exactly as Claude Code runs it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allMemories,
  bashResponse,
  openForRead,
  postToolUse,
  postToolUseFailure,
  runHook,
  sandbox,
  type Sandbox,
} from '../helpers.js';

/** Every byte SQLite keeps for this database: the main file and any WAL. */
function databaseBytes(dbPath: string): string {
  return [dbPath, `${dbPath}-wal`]
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'latin1'))
    .join('');
}

async function capture(box: Sandbox, payload: unknown, env: Record<string, string> = {}) {
  const result = await runHook('post-tool-use', payload, { env: { ...box.env, ...env } });
  expect(result).toMatchObject({ code: 0, stdout: '' });
  return result;
}

describe('post-tool-use captures each tool', () => {
  it('records an Edit with its project, path and tool_use_id', async () => {
    const box = sandbox();
    const file = join(box.project, 'src', 'config.ts');
    const payload = postToolUse(
      box,
      'Edit',
      { file_path: file, old_string: 'port: 3000', new_string: 'port: 8080' },
      {
        filePath: file,
        oldString: 'port: 3000',
        newString: 'port: 8080',
        originalFile: 'export default { port: 3000 }',
        structuredPatch: [],
        userModified: false,
        replaceAll: false,
      },
    );
    const result = await capture(box, payload);
    expect(result.stderr).toBe('');
    expect(allMemories(box.dbPath)).toEqual([
      expect.objectContaining({
        session_id: 'sess-1111',
        tool_name: 'Edit',
        type: 'file_edit',
        project: 'my-app',
        project_path: box.project,
        file_path: file,
        content: 'Edited config.ts: "port: 3000" → "port: 8080"',
        tags: 'edit,ts',
        importance: 2,
        tool_use_id: payload['tool_use_id'],
        agent_id: null,
        exit_code: null,
        source: 'hook',
      }),
    ]);
  });

  it('records a Write, a NotebookEdit and a Bash command', async () => {
    const box = sandbox();
    await capture(
      box,
      postToolUse(
        box,
        'Write',
        { file_path: join(box.project, 'src', 'schema.ts'), content: 'export const a = 1;\n' },
        { type: 'create', filePath: 'x', content: '', structuredPatch: [] },
      ),
    );
    await capture(
      box,
      postToolUse(
        box,
        'NotebookEdit',
        {
          notebook_path: join(box.project, 'nb.ipynb'),
          new_source: 'print(1)',
          cell_id: 'abc',
          cell_type: 'code',
          edit_mode: 'insert',
        },
        { cell_type: 'code', language: 'python', edit_mode: 'insert' },
      ),
    );
    await capture(
      box,
      postToolUse(
        box,
        'Bash',
        { command: 'git commit -m "feat: memory"', description: 'Commit' },
        bashResponse('[main 1a2b3c] feat: memory'),
      ),
    );
    expect(allMemories(box.dbPath).map((row) => [row.type, row.tool_name, row.content])).toEqual([
      ['file_edit', 'Write', 'Created schema.ts (1 line): export const a = 1;'],
      ['file_edit', 'NotebookEdit', 'Notebook nb.ipynb: inserted code cell abc: print(1)'],
      ['command', 'Bash', 'git commit -m "feat: memory"  # Commit'],
    ]);
  });

  it('uses CLAUDE_PROJECT_DIR over cwd, and keeps agent_id of subagent calls', async () => {
    const box = sandbox();
    await capture(
      box,
      postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse(), {
        cwd: '/somewhere/else',
        agent_id: 'agent-7',
        agent_type: 'Explore',
      }),
      { CLAUDE_PROJECT_DIR: box.project },
    );
    expect(allMemories(box.dbPath)[0]).toMatchObject({
      project: 'my-app',
      project_path: box.project,
      agent_id: 'agent-7',
    });
  });

  it('skips noise paths and read-only commands without creating anything', async () => {
    const box = sandbox();
    await capture(
      box,
      postToolUse(
        box,
        'Edit',
        { file_path: join(box.project, 'node_modules', 'x', 'i.js'), old_string: 'a', new_string: 'b' },
        {},
      ),
    );
    await capture(
      box,
      postToolUse(box, 'Write', { file_path: join(box.project, 'package-lock.json'), content: '{}' }, {}),
    );
    await capture(box, postToolUse(box, 'Bash', { command: 'ls -la && git status' }, bashResponse('...')));
    await capture(box, postToolUse(box, 'Read', { file_path: join(box.project, 'a.ts') }, {}));
    expect(() => statSync(box.dbPath)).toThrow(/ENOENT/);
  });
});

describe('failures', () => {
  it('stores a failed Bash command as an error with its exit code', async () => {
    const box = sandbox();
    await capture(
      box,
      postToolUseFailure(
        box,
        'Bash',
        { command: 'npm test' },
        'Exit code 1\n\n FAIL  tests/a.test.ts\nAssertionError: expected 1 to be 2\n Tests  1 failed | 3 passed',
      ),
    );
    expect(allMemories(box.dbPath)[0]).toMatchObject({
      type: 'error',
      importance: 3,
      exit_code: 1,
      tags: 'bash,npm,test,error,exit-1',
      content: 'Bash error (exit 1): npm test\nFAIL  tests/a.test.ts\nAssertionError: expected 1 to be 2',
    });
  });

  it("does not treat grep's exit 1 as an error", async () => {
    const box = sandbox();
    await capture(
      box,
      postToolUse(
        box,
        'Bash',
        { command: 'grep -rn TODO src; npm run lint' },
        bashResponse('', '', { returnCodeInterpretation: 'No matches found' }),
      ),
    );
    expect(allMemories(box.dbPath).map((row) => row.type)).toEqual(['command']);
  });

  it('does not treat a successful command with stderr output as an error', async () => {
    const box = sandbox();
    await capture(
      box,
      postToolUse(
        box,
        'Bash',
        { command: 'npm install' },
        bashResponse(
          'added 3 packages',
          'npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported',
        ),
      ),
    );
    expect(allMemories(box.dbPath)[0]).toMatchObject({ type: 'command', importance: 2 });
  });
});

describe('secrets and <private>', () => {
  const secrets = {
    aws: 'AKIAIOSFODNN7EXAMPLE',
    github: 'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
    password: 'Sup3rS3cretPassw0rd',
  };

  it('never lets a secret reach any byte of the database', async () => {
    const box = sandbox();
    const command = `AWS_ACCESS_KEY_ID=${secrets.aws} DB_PASSWORD=${secrets.password} git push https://x:${secrets.github}@github.com/acme/app.git`;
    await capture(
      box,
      postToolUseFailure(
        box,
        'Bash',
        { command },
        `Exit code 128\nfatal: Authentication failed for ${secrets.password}\nremote: token ${secrets.github} revoked`,
      ),
    );
    await capture(
      box,
      postToolUse(
        box,
        'Write',
        {
          file_path: join(box.project, '.env'),
          content: `GITHUB_TOKEN=${secrets.github}\nPASSWORD=${secrets.password}\n`,
        },
        { type: 'create' },
      ),
    );
    const rows = allMemories(box.dbPath);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.content).toContain('git push');
    expect(rows[0]?.content).toContain('[REDACTED]');
    const bytes = databaseBytes(box.dbPath);
    for (const secret of Object.values(secrets)) expect(bytes.includes(secret), secret).toBe(false);
  });

  it('never stores text between <private> tags', async () => {
    const box = sandbox();
    await capture(
      box,
      postToolUse(
        box,
        'Edit',
        {
          file_path: join(box.project, 'notes.md'),
          old_string: 'x',
          new_string: 'meeting with <private>Dr. Kim about my diagnosis</private> moved',
        },
        {},
      ),
    );
    expect(databaseBytes(box.dbPath).includes('diagnosis')).toBe(false);
    expect(allMemories(box.dbPath)[0]?.content).toBe('Edited notes.md: "x" → "meeting with [private] moved"');
  });
});

describe('dedupe, enforced in the database', () => {
  const at = (seconds: number) => ({
    CLAUDE_MEMORY_NOW: new Date(Date.UTC(2026, 10, 1, 12, 0, seconds)).toISOString(),
  });

  it('skips the same content in the same session within 60 s', async () => {
    const box = sandbox();
    const payload = () => postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse());
    await capture(box, payload(), at(0));
    await capture(box, payload(), at(30));
    await capture(box, payload(), at(59));
    expect(allMemories(box.dbPath)).toHaveLength(1);
    await capture(box, payload(), at(121));
    await capture(box, { ...payload(), session_id: 'other-session' }, at(122));
    expect(allMemories(box.dbPath).map((row) => [row.session_id, row.created_at])).toEqual([
      ['sess-1111', '2026-11-01T12:00:00.000Z'],
      ['sess-1111', '2026-11-01T12:02:01.000Z'],
      ['other-session', '2026-11-01T12:02:02.000Z'],
    ]);
  });

  it('never stores a tool_use_id twice, even outside the window', async () => {
    const box = sandbox();
    const payload = postToolUse(box, 'Bash', { command: 'make deploy' }, bashResponse());
    await capture(box, payload, at(0));
    await capture(box, payload, at(0));
    await capture(box, payload, { CLAUDE_MEMORY_NOW: '2026-12-25T00:00:00Z' });
    expect(allMemories(box.dbPath)).toHaveLength(1);
  });
});

describe('the database file', () => {
  it('is readable by its owner only, in WAL mode', async () => {
    const box = sandbox();
    await capture(box, postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse()));
    // An open reader keeps the -wal and -shm files alive (the last connection to close removes them).
    const reader = openForRead(box.dbPath);
    expect(reader.pragma('journal_mode', { simple: true })).toBe('wal');
    await capture(box, postToolUse(box, 'Bash', { command: 'npm run build' }, bashResponse()));
    const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
    expect(mode(join(box.home, '.claude'))).toBe('700');
    expect(mode(box.dbPath)).toBe('600');
    expect(mode(`${box.dbPath}-wal`)).toBe('600');
    expect(mode(`${box.dbPath}-shm`)).toBe('600');
  });

  it('captures nothing when CLAUDE_MEMORY_DISABLE=1, and keeps only the session id so nothing of it is stored later', async () => {
    const box = sandbox();
    await capture(box, postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse()), {
      CLAUDE_MEMORY_DISABLE: '1',
    });
    const db = openForRead(box.dbPath);
    expect(db.prepare('SELECT count(*) FROM memories').pluck().get()).toBe(0);
    expect(db.prepare('SELECT session_id FROM disabled_sessions').pluck().all()).toEqual(['sess-1111']);
    db.close();
  });
});
