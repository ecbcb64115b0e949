// The <memory-context> block keeps the work: sessions that only talked ("hi", a question) never push
// out sessions that did work, and "Where the last session stopped" is the last session that did
// something, saying when newer sessions ran no tools. Summaries are folded by the same function Stop
// uses, from rows and prompts written through the real store; the real SessionStart hook prints the block.
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../lib/db/memories.js';
import { openDb } from '../../lib/db/open.js';
import { summarizeSession } from '../../lib/session/summary.js';
import { hoursAgo, memory, NOW, seed } from '../cli-helpers.js';
import { runHook, sandbox, type Sandbox } from '../helpers.js';

interface Session {
  readonly id: string;
  readonly at: number;
  readonly asked: string;
  readonly answer: string;
  readonly commands: readonly string[];
}

function record(box: Sandbox, sessions: readonly Session[]): void {
  seed(
    box,
    sessions.flatMap((session) =>
      session.commands.map((command, i) =>
        memory({ box, sessionId: session.id, content: command, createdAt: hoursAgo(session.at - i * 0.01) }),
      ),
    ),
  );
  const db = openDb(box.dbPath, { create: false });
  if (!db) throw new Error('no database');
  try {
    const store = new MemoryStore(db);
    for (const session of sessions) {
      const prompt = {
        text: session.asked,
        createdAt: hoursAgo(session.at + 0.1),
        project: 'my-app',
        projectPath: box.project,
      };
      const folded = summarizeSession(session.id, store.sessionRows(session.id), new Date(NOW), {
        prompts: [prompt],
        outcome: session.answer,
      });
      if (folded) store.upsertSummary(folded);
    }
  } finally {
    db.close();
  }
}

async function contextOf(box: Sandbox): Promise<string> {
  const result = await runHook(
    'session-start',
    { session_id: 'sess-new', cwd: box.project, hook_event_name: 'SessionStart', source: 'startup' },
    { env: { ...box.env, CLAUDE_MEMORY_NOW: NOW, TZ: 'UTC' } },
  );
  expect(result).toMatchObject({ code: 0, stderr: '' });
  return (JSON.parse(result.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput
    .additionalContext;
}

const WORK: readonly Session[] = [
  {
    id: 'sess-a',
    at: 30,
    asked: 'set up the project',
    answer: 'The project builds.',
    commands: ['npm init -y', 'npm install'],
  },
  {
    id: 'sess-b',
    at: 26,
    asked: 'add a config loader',
    answer: 'loadConfig() reads config.json.',
    commands: ['npm run build'],
  },
  {
    id: 'sess-c',
    at: 5,
    asked: 'add a greet() helper and run the tests',
    answer: 'greet() is in place; next: make the Korean greeting pass.',
    commands: ['npm test', 'npm run lint'],
  },
];
const CHAT: readonly Session[] = [
  { id: 'sess-d', at: 3, asked: 'hi', answer: 'Hello! How can I help?', commands: [] },
  { id: 'sess-e', at: 1, asked: 'what does greet() return?', answer: 'ok', commands: [] },
];

describe('the <memory-context> block keeps the work', () => {
  it('keeps the sessions that did work and where the last of them stopped, past two sessions that only talked', async () => {
    const box = sandbox();
    record(box, [...WORK, ...CHAT]);
    expect(await contextOf(box)).toMatchInlineSnapshot(`
      "<memory-context project="my-app">
      Activity recorded by claude-memory-hooks in this project, newest first.
      ## Sessions
      - 4 hours ago: asked "add a greet() helper and run the tests" | Commands: npm test; npm run lint
      - yesterday: asked "add a config loader" | Commands: npm run build
      - yesterday: asked "set up the project" | Commands: npm init -y; npm install
      ## Where the last session stopped
      - 4 hours ago: "greet() is in place; next: make the Korean greeting pass." (the sessions after it ran no tools)
      More history is available: the search tool of the memory-hooks MCP server (when connected), and the /mem command the user can type (for example /mem npm test).
      </memory-context>"
    `);
  }, 60_000);

  it('lets sessions that only talked fill the slots the work leaves', async () => {
    const box = sandbox();
    record(box, [WORK[2] as Session, ...CHAT]);
    expect(await contextOf(box)).toMatchInlineSnapshot(`
      "<memory-context project="my-app">
      Activity recorded by claude-memory-hooks in this project, newest first.
      ## Sessions
      - 1 hour ago: asked "what does greet() return?"
      - 3 hours ago: asked "hi"
      - 4 hours ago: asked "add a greet() helper and run the tests" | Commands: npm test; npm run lint
      ## Where the last session stopped
      - 4 hours ago: "greet() is in place; next: make the Korean greeting pass." (the sessions after it ran no tools)
      More history is available: the search tool of the memory-hooks MCP server (when connected), and the /mem command the user can type (for example /mem npm test).
      </memory-context>"
    `);
  }, 60_000);
});
