// `memory import` of OpenCode's opencode.db, built from one session the real OpenCode 1.18.33 stored
// (tests/fixtures/agents/opencode/1.18.33/session.sql), spawned as a person runs it: what the session
// becomes, with its agent; nothing twice; nothing the live plugin stored from the same session stored
// again; a SQLite file of another schema skipped with one line.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { runCli, type HookName, sandbox, type Sandbox } from '../helpers.js';
import { AGENT_FIXTURES, importAsJson, runAgentHook, stored, table } from '../agent-fixtures.js';

const NOW = { CLAUDE_MEMORY_NOW: '2026-12-02T14:00:00Z' };
const SESSION = 'ses_dc91e499fffeh8xzpf5ANrP3Ts';
const FIXTURE_PROJECT = '/home/dev/greeter';

/** The fixture's rows as an opencode.db at `path`, its project folder moved to `box`'s. */
function buildDb(box: Sandbox, path = join(box.home, '.local', 'share', 'opencode', 'opencode.db')): string {
  const sql = readFileSync(join(AGENT_FIXTURES, 'opencode', '1.18.33', 'session.sql'), 'utf8');
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL'); // as OpenCode keeps it
    db.exec(sql.split(FIXTURE_PROJECT).join(box.project));
  } finally {
    db.close();
  }
  return path;
}

const importJson = (box: Sandbox, args: readonly string[] = []) => importAsJson(box, args, NOW);

const SESSION_MEMORIES = [
  {
    type: 'file_edit',
    content: 'Created greet.js (1 line): exports.greet = (name) => `Hi ${name}`;',
    exit_code: null,
    tool_use_id: 'call_mockopw0002',
    project: 'my-app',
    agent: 'opencode',
  },
  {
    type: 'file_edit',
    content: 'Edited greet.js: "`Hi ${name}`" → "`Hello ${name}`"',
    exit_code: null,
    tool_use_id: 'call_mockopw0003',
    project: 'my-app',
    agent: 'opencode',
  },
  {
    type: 'error',
    content:
      'Bash error (exit 3): node -e "console.error(\'boom: greeting check failed\'); process.exit(3)"\nboom: greeting check failed',
    exit_code: 3,
    tool_use_id: 'call_mockopw0004',
    project: 'my-app',
    agent: 'opencode',
  },
  {
    type: 'command',
    content: "node -e \"console.log(require('./src/greet.js').greet('Ada'))\"  # Scripted command",
    exit_code: null,
    tool_use_id: 'call_mockopw0005',
    project: 'my-app',
    agent: 'opencode',
  },
];

describe("OpenCode's opencode.db", () => {
  it('is read from ~/.local/share/opencode: the write, the edit, the failed command (exit 3), the passing one, the prompt and the summary, as OpenCode', async () => {
    const box = sandbox(NOW);
    const path = buildDb(box);
    const before = readFileSync(path);
    expect(await importJson(box)).toMatchObject({ files: 1, sessions: 1, toolCalls: 4, added: 4 });
    expect(stored(box)).toEqual(SESSION_MEMORIES);
    expect(table(box, 'SELECT text FROM prompts')).toEqual([{ text: '"Add a greet() helper and check it"' }]);
    expect(table(box, 'SELECT session_id, agent, outcome FROM session_summaries')).toEqual([
      {
        session_id: SESSION,
        agent: 'opencode',
        outcome: 'greet() says Hello now; the check exited with 3, the run printed Hello Ada.',
      },
    ]);
    // Read, never written.
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('adds nothing on a second import, and is what --agent opencode, OPENCODE_DB and a path on the command line read', async () => {
    const box = sandbox(NOW);
    const path = buildDb(box, join(box.home, 'elsewhere', 'sessions.db'));
    const none = await runCli(['import', '--json', '--agent', 'opencode'], { env: { ...box.env, ...NOW } });
    const data = join(box.home, '.local', 'share', 'opencode');
    expect(none.stderr).toBe(`memory: no session files yet (looked in ${data}/opencode.db, ${data}/storage/session)\n`);
    expect(await importJson(box, [path])).toMatchObject({ files: 1, added: 4 });
    expect(await importJson(box, [path])).toMatchObject({ files: 1, added: 0, duplicates: 4 });
    expect(table(box, 'SELECT count(*) AS n FROM prompts')).toEqual([{ n: 1 }]);
    buildDb(box);
    expect(await importJson(box, ['--agent', 'opencode'])).toMatchObject({ files: 1, added: 0, duplicates: 4 });
    const viaEnv = await runCli(['import', '--json', '--agent', 'opencode'], {
      env: { ...box.env, ...NOW, OPENCODE_DB: path },
    });
    expect(JSON.parse(viaEnv.stdout)).toMatchObject({ files: 1, added: 0, duplicates: 4 });
    const codex = await runCli(['import', '--json', '--agent', 'codex'], { env: { ...box.env, ...NOW } });
    expect(JSON.parse(codex.stdout)).toMatchObject({ files: 0 });
  });

  it('adds nothing that the live plugin stored from the same session', async () => {
    const box = sandbox(NOW);
    for (const [hook, payload] of livePayloads(box)) {
      const result = await runAgentHook(hook, 'opencode', payload, box, NOW);
      expect({ hook, code: result.code, stderr: result.stderr }).toEqual({ hook, code: 0, stderr: '' });
    }
    const live = stored(box);
    expect(live).toEqual(SESSION_MEMORIES);
    buildDb(box);
    expect(await importJson(box)).toMatchObject({ toolCalls: 4, added: 0, duplicates: 4 });
    expect(stored(box)).toEqual(live);
    expect(table(box, 'SELECT count(*) AS n FROM prompts')).toEqual([{ n: 1 }]);
  });

  it('skips a SQLite file of another schema with one line, and imports the rest', async () => {
    const box = sandbox(NOW);
    const good = buildDb(box);
    const other = join(box.home, 'other', 'opencode.db');
    mkdirSync(dirname(other), { recursive: true });
    const db = new Database(other);
    db.exec('CREATE TABLE session (id TEXT PRIMARY KEY, title TEXT)');
    db.close();
    const size = statSync(other).size;
    const result = await runCli(['import', '--json', other, good], { env: { ...box.env, ...NOW } });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      `memory: skipped ${other}: not an OpenCode database we can read (table session has no directory, time_created)\n`,
    );
    expect(JSON.parse(result.stdout)).toMatchObject({ files: 2, unreadableFiles: 1, added: 4 });
    expect(statSync(other).size).toBe(size);
  });
});

/** The payloads our plugin hands the hooks for this session (the shapes in tests/fixtures/agents/opencode/). */
function livePayloads(box: Sandbox): ReadonlyArray<readonly [HookName, Record<string, unknown>]> {
  const envelope = { directory: box.project, worktree: box.project };
  const file = join(box.project, 'src', 'greet.js');
  const tool = (tool: string, callID: string, args: object, metadata: object, output: string) =>
    [
      'post-tool-use',
      {
        ...envelope,
        hook_event_name: 'tool.execute.after',
        input: { tool, sessionID: SESSION, callID, args },
        output: { title: 'src/greet.js', metadata, output },
      },
    ] as const;
  const prompt = {
    ...envelope,
    hook_event_name: 'chat.message',
    input: { sessionID: SESSION },
    output: {
      message: { role: 'user', sessionID: SESSION },
      parts: [{ type: 'text', text: '"Add a greet() helper and check it"' }],
    },
  };
  writeFileSync(file, 'exports.greet = (name) => `Hello ${name}`;\n');
  const fail = `node -e "console.error('boom: greeting check failed'); process.exit(3)"`;
  const pass = `node -e "console.log(require('./src/greet.js').greet('Ada'))"`;
  return [
    ['session-start', prompt],
    ['user-prompt-submit', prompt],
    tool(
      'write',
      'call_mockopw0002',
      { filePath: file, content: 'exports.greet = (name) => `Hi ${name}`;\n' },
      { exists: false },
      'Wrote file successfully.',
    ),
    tool(
      'edit',
      'call_mockopw0003',
      { filePath: file, oldString: '`Hi ${name}`', newString: '`Hello ${name}`' },
      {},
      'Edit applied successfully.',
    ),
    tool(
      'bash',
      'call_mockopw0004',
      { command: fail, description: 'Scripted command' },
      { output: 'boom: greeting check failed\n', exit: 3 },
      'boom: greeting check failed\n',
    ),
    tool(
      'bash',
      'call_mockopw0005',
      { command: pass, description: 'Scripted command' },
      { output: 'Hello Ada\n', exit: 0 },
      'Hello Ada\n',
    ),
    [
      'stop',
      {
        ...envelope,
        hook_event_name: 'session.idle',
        event: { type: 'session.idle', properties: { sessionID: SESSION } },
        last_assistant_message: 'greet() says Hello now; the check exited with 3, the run printed Hello Ada.',
      },
    ],
  ];
}
