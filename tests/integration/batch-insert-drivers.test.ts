// A batch of inserts (lib/db/memory-insert.ts) binds its rows many to a statement: under node:sqlite
// (the driver Node 24 uses) as under better-sqlite3, what it stores must be what a single insert stores,
// byte for byte, so a re-import finds it; and its rows are found by search. Runs in an official Node 24
// binary (bench/node-binaries.ts) against the tsc output, and in this process through better-sqlite3.
import { NODE_FLAGS } from '../../lib/runtime/executables.js';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeBinary, type NodeBinary } from '../../bench/node-binaries.js';
import { DIST, tempDir } from '../helpers.js';

let node24: NodeBinary | undefined;
beforeAll(() => {
  node24 = nodeBinary(24);
}, 900_000);

const SCENARIO = `
const { openDb } = await import(MODULES + '/open.js');
const { MemoryStore } = await import(MODULES + '/memories.js');
const { insertMemories } = await import(MODULES + '/memory-batch.js');
const { sqliteDriver } = await import(MODULES + '/driver.js');
const memory = (n, content, toolUseId) => ({
  sessionId: 's', toolName: 'Bash', type: 'command', project: 'app', projectPath: '/w/app', filePath: null,
  content, tags: 'bash', importance: 1, createdAt: new Date(Date.UTC(2026, 10, 20, 9, 0, n)).toISOString(),
  toolUseId, agentId: null, exitCode: null, source: 'import',
});
const db = openDb(PATH, { create: true });
const store = new MemoryStore(db);
const texts = ['zeppelin half an emoji \\ud83d at the cut', 'zeppelin a lone \\udc00 low half', 'zeppelin plain'];
const seen = { driver: sqliteDriver().name };
// Tool call ids with a lone surrogate too: the batch's look-up of known ids compares them as bound.
const ids = ['toolu_0\\ud83d', 'toolu_1', 'toolu_2'];
seen.batch = insertMemories(db, texts.map((text, n) => memory(n, text, ids[n])), 60, () => true);
seen.known = insertMemories(db, texts.map((text, n) => memory(n + 30, 'later ' + text, ids[n])), 60, () => true);
seen.again = insertMemories(db, texts.map((text, n) => memory(n, text, null)), 60, () => true);
seen.single = store.insert(memory(0, texts[0], null), 60);
seen.bytes = db.prepare('SELECT hex(content) FROM memories ORDER BY id').pluck().all();
seen.found = db.prepare("SELECT rowid FROM memory_words WHERE memory_words MATCH 'zeppelin' ORDER BY rowid").pluck().all();
db.close();
console.log(JSON.stringify(seen));`;

function run(node: string, path: string): Record<string, unknown> {
  const modules = pathToFileURL(join(DIST, 'lib', 'db')).href;
  const script = `const MODULES = ${JSON.stringify(modules)}; const PATH = ${JSON.stringify(path)};\n${SCENARIO}`;
  const result = spawnSync(node, [...NODE_FLAGS, '--input-type=module', '-e', script], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

describe('a batch of inserts under each driver', () => {
  for (const driver of ['better-sqlite3', 'node:sqlite'] as const)
    it(`stores what a single insert would, so nothing is stored twice (${driver})`, ({ skip }) => {
      const node = driver === 'node:sqlite' ? node24 : { ok: true as const, path: process.execPath, version: '' };
      if (!node?.ok) return skip(node?.reason ?? 'not set up');
      const seen = run(node.path, join(tempDir('cmh-batch-'), 'memory.db'));
      expect(seen).toMatchObject({
        driver,
        batch: ['stored', 'stored', 'stored'],
        known: ['duplicate-tool-use', 'duplicate-tool-use', 'duplicate-tool-use'],
        again: ['duplicate-content', 'duplicate-content', 'duplicate-content'],
        single: 'duplicate-content',
        found: [1, 2, 3],
      });
    });
});
