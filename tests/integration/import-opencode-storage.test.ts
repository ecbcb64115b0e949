// `memory import` of a session OpenCode kept before 1.2, as JSON files under ~/.local/share/opencode/storage:
// one session the real OpenCode 1.1.65 stored (tests/fixtures/agents/opencode/1.1.65/storage), its files
// copied into a sandbox's home, spawned as a person runs it: the same memories the opencode.db import
// makes of such a session, nothing twice, a damaged part counted and the rest kept, the files never written.
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sandbox, type Sandbox } from '../helpers.js';
import { AGENT_FIXTURES, importAsJson, stored, table } from '../agent-fixtures.js';

const NOW = { CLAUDE_MEMORY_NOW: '2026-12-02T22:00:00Z' };
const SESSION = 'ses_dc74d79a9ffeWCZ1NWP1bGT3R7';
const FIXTURE_PROJECT = '/home/dev/greeter';

/** Every file under `dir`, deepest last. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** The fixture's storage in `box`'s OpenCode data folder, its project folder moved to `box`'s. */
function placeStorage(box: Sandbox): string {
  const storage = join(box.home, '.local', 'share', 'opencode', 'storage');
  cpSync(join(AGENT_FIXTURES, 'opencode', '1.1.65', 'storage'), storage, { recursive: true });
  for (const file of filesUnder(storage))
    writeFileSync(file, readFileSync(file, 'utf8').split(FIXTURE_PROJECT).join(box.project));
  return storage;
}

const sessionFile = (storage: string): string => {
  const [project] = readdirSync(join(storage, 'session'));
  return join(storage, 'session', project as string, `${SESSION}.json`);
};

const MEMORIES = [
  ['file_edit', 'Created greet.js (1 line): exports.greet = (name) => `Hi ${name}`;', null, 'call_mock97t0002'],
  ['file_edit', 'Edited greet.js: "`Hi ${name}`" → "`Hello ${name}`"', null, 'call_mock97t0003'],
  [
    'error',
    'Bash error (exit 3): node -e "console.error(\'boom: greeting check failed\'); process.exit(3)"\nboom: greeting check failed',
    3,
    'call_mock97t0004',
  ],
  [
    'command',
    "node -e \"console.log(require('./src/greet.js').greet('Ada'))\"  # Scripted command",
    null,
    'call_mock97t0005',
  ],
].map(([type, content, exit_code, tool_use_id]) => ({
  type,
  content,
  exit_code,
  tool_use_id,
  project: 'my-app',
  agent: 'opencode',
}));

describe('OpenCode before 1.2 (JSON files under storage/)', () => {
  it('is read from ~/.local/share/opencode/storage: the write, the edit, the failed command (exit 3), the passing one, the prompt and the summary', async () => {
    const box = sandbox(NOW);
    const storage = placeStorage(box);
    const before = filesUnder(storage).map((file) => [file, readFileSync(file, 'utf8'), statSync(file).mtimeMs]);
    expect(await importAsJson(box, [], NOW)).toMatchObject({
      files: 1,
      sessions: 1,
      toolCalls: 4,
      added: 4,
      badLines: 0,
    });
    expect(stored(box)).toEqual(MEMORIES);
    expect(table(box, 'SELECT text FROM prompts')).toEqual([{ text: '"Add a greet() helper and check it"' }]);
    expect(table(box, 'SELECT session_id, agent, outcome FROM session_summaries')).toEqual([
      {
        session_id: SESSION,
        agent: 'opencode',
        outcome: 'greet() says Hello now; the check exited with 3, the run printed Hello Ada.',
      },
    ]);
    // Read, never written.
    expect(filesUnder(storage).map((file) => [file, readFileSync(file, 'utf8'), statSync(file).mtimeMs])).toEqual(
      before,
    );
  });

  it('adds nothing on a second import, and is what --agent opencode and the session file on the command line read', async () => {
    const box = sandbox(NOW);
    const storage = placeStorage(box);
    expect(await importAsJson(box, [sessionFile(storage)], NOW)).toMatchObject({ files: 1, added: 4 });
    expect(await importAsJson(box, ['--agent', 'opencode'], NOW)).toMatchObject({ files: 1, added: 0, duplicates: 4 });
    const gemini = await runCli(['import', '--json', '--agent', 'gemini'], { env: { ...box.env, ...NOW } });
    expect(JSON.parse(gemini.stdout)).toMatchObject({ files: 0 });
    expect(table(box, 'SELECT count(*) AS n FROM prompts')).toEqual([{ n: 1 }]);
  });

  it('counts a damaged part file as a bad line and imports the rest of the session', async () => {
    const box = sandbox(NOW);
    const storage = placeStorage(box);
    const damaged = filesUnder(join(storage, 'part')).find((file) =>
      readFileSync(file, 'utf8').includes('call_mock97t0005'),
    ) as string;
    writeFileSync(damaged, '{"id": "prt_');
    const result = await runCli(['import', '--json'], { env: { ...box.env, ...NOW } });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ files: 1, toolCalls: 3, added: 3, badLines: 1 });
    expect(stored(box)).toEqual(MEMORIES.slice(0, 3));
  });
});
