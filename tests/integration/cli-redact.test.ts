// `memory redact` and doctor's count against a database an older version filled with secrets: the dry
// run changes nothing, --yes rewrites content, tags, paths, summaries and both indexes in place, and
// afterwards no byte of the old secrets is left in the database file or its WAL.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectDocSample, terminal } from '../doc-samples.js';
import { MemoryStore } from '../../lib/db/memories.js';
import type { CapturedTool, NewMemory } from '../../lib/memory.js';
import { openDb } from '../../lib/db/open.js';
import { allMemories, openForRead, runCli, sandbox, type Sandbox } from '../helpers.js';

const SECRETS = ['hunter2hunter2', 'ssw0rdLeak', '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'];

function memory(box: Sandbox, content: string, extra: Partial<NewMemory> = {}): NewMemory {
  return {
    sessionId: 'sess-old',
    toolName: 'Bash',
    type: 'command',
    project: 'my-app',
    projectPath: box.project,
    filePath: null,
    content,
    tags: 'bash',
    importance: 2,
    createdAt: '2026-11-20T10:00:00.000Z',
    toolUseId: null,
    agentId: null,
    exitCode: null,
    source: 'hook',
    ...extra,
  };
}

/** A database as an older version left it: secrets stored as they were typed, some half redacted. */
function seedOldDatabase(box: Sandbox): void {
  const db = openDb(box.dbPath, { create: true });
  if (!db) throw new Error('no database');
  try {
    const store = new MemoryStore(db);
    // The request it served and its intent hold the secret too: redact rewrites them, and the search indexes with them.
    store.insert(
      memory(box, 'export DB_PASSWORD=hunter2hunter2 && npm run migrate', {
        request: 'migrate with DB_PASSWORD=hunter2hunter2 please',
        intent: 'I will export DB_PASSWORD=hunter2hunter2 and migrate.',
      }),
      0,
    );
    store.insert(memory(box, 'mysql -h db mysql://root:[REDACTED]@ssw0rdLeak@localhost/shop'), 0);
    store.insert(
      memory(box, 'Created config.py (3 lines): login(token="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")', {
        toolName: 'Write',
        type: 'file_edit',
        filePath: `${box.project}/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/config.py`,
        tags: 'write,create,py',
      }),
      0,
    );
    store.insert(memory(box, 'const token = req.headers.authorization'), 0);
    store.upsertSummary({
      sessionId: 'sess-old',
      project: 'my-app',
      projectPath: box.project,
      summary: 'Ran export DB_PASSWORD=hunter2hunter2 && npm run migrate; edited config.py',
      toolsUsed: ['Bash', 'Write'],
      filesChanged: [`${box.project}/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/config.py`],
      memoryCount: 4,
      errorCount: 0,
      durationSec: 60,
      startedAt: '2026-11-20T10:00:00.000Z',
      endedAt: '2026-11-20T10:01:00.000Z',
      updatedAt: '2026-11-20T10:01:00.000Z',
    });
  } finally {
    db.close();
  }
}

function rawBytes(dbPath: string): Buffer {
  return Buffer.concat([dbPath, `${dbPath}-wal`].filter((file) => existsSync(file)).map((file) => readFileSync(file)));
}

function leaked(box: Sandbox): string[] {
  const bytes = rawBytes(box.dbPath);
  return SECRETS.filter((secret) => bytes.includes(Buffer.from(secret)));
}

describe('memory redact', () => {
  it('reports what it would change and changes nothing without --yes', async () => {
    const box = sandbox();
    seedOldDatabase(box);
    const before = rawBytes(box.dbPath);
    const result = await runCli(['redact'], { env: box.env });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(
      [
        'Would redact secrets in 3 memories and 1 session summary (5 stored rows checked).',
        'Memories: #1 #2 #3',
        'Nothing was changed. Run memory redact --yes to rewrite them in place; the database is then compacted so the old text is gone from disk.',
        '',
      ].join('\n'),
    );
    expectDocSample('redact-dry-run', terminal([['memory redact', result]]));
    expect(rawBytes(box.dbPath).equals(before)).toBe(true);
  });

  it('rewrites content, tags, paths, summaries and both indexes, then leaves no old byte on disk', async () => {
    const box = sandbox();
    seedOldDatabase(box);
    expect(leaked(box)).toEqual(SECRETS);
    const result = await runCli(['redact', '--yes', '--json'], { env: box.env });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toMatchObject({
      dry_run: false,
      memories: 3,
      session_summaries: 1,
      legacy_rows: 0,
      rows_checked: 5,
      memory_ids: [1, 2, 3],
    });

    expect(allMemories(box.dbPath).map((row) => [row.content, row.file_path])).toEqual([
      ['export DB_PASSWORD=[REDACTED] && npm run migrate', null],
      ['mysql -h db mysql://root:[REDACTED]@localhost/shop', null],
      ['Created config.py (3 lines): login(token="[REDACTED]")', `${box.project}/[REDACTED]/config.py`],
      ['const token = req.headers.authorization', null],
    ]);
    const db = openForRead(box.dbPath);
    expect(db.prepare('SELECT summary, files_changed AS files FROM session_summaries').get()).toEqual({
      summary: 'Ran export DB_PASSWORD=[REDACTED] && npm run migrate; edited config.py',
      files: JSON.stringify([`${box.project}/[REDACTED]/config.py`]),
    });
    // Both indexes follow the rewrite: the old words are not found, the new text is.
    expect(
      db.prepare("SELECT count(*) AS n FROM memory_words WHERE memory_words MATCH 'hunter2hunter2'").get(),
    ).toEqual({ n: 0 });
    expect(db.prepare('SELECT request FROM memories WHERE id = 1').pluck().get()).toMatch(
      /^migrate with DB_PASSWORD=\[REDACTED\] please$/,
    );
    expect(db.prepare('SELECT intent FROM memories WHERE id = 1').pluck().get()).toBe(
      'I will export DB_PASSWORD=[REDACTED] and migrate.',
    );
    expect(db.prepare("SELECT count(*) AS n FROM memory_grams WHERE memory_grams MATCH 'ssw0rdLeak'").get()).toEqual({
      n: 0,
    });
    expect(db.prepare("SELECT count(*) AS n FROM memory_words WHERE memory_words MATCH 'migrate'").get()).toEqual({
      n: 1,
    });
    db.close();

    expect(leaked(box)).toEqual([]);
    const wal = `${box.dbPath}-wal`;
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);

    const again = await runCli(['redact'], { env: box.env });
    expect(again.stdout).toBe(
      'Nothing to redact: no stored text matches the current secret rules (5 stored rows checked).\n',
    );
  });

  it('is counted by memory doctor, read-only', async () => {
    const box = sandbox();
    seedOldDatabase(box);
    const before = rawBytes(box.dbPath);
    const check = async (): Promise<{ status: string; message: string; fix?: string } | undefined> => {
      const result = await runCli(['doctor', '--json'], { env: box.env });
      const report = JSON.parse(result.stdout) as { checks: Array<{ status: string; message: string; fix?: string }> };
      return report.checks.find((c) => c.message.includes('secret rules'));
    };
    expect(await check()).toEqual({
      section: 'database',
      status: 'warn',
      message:
        '4 stored rows hold text the current secret rules would redact (3 memories, 1 session summary; 5 rows checked)',
      fix: 'memory redact shows them; memory redact --yes rewrites them in place and compacts the database',
    });
    expect(rawBytes(box.dbPath).equals(before)).toBe(true);
    await runCli(['redact', '--yes'], { env: box.env });
    expect(await check()).toMatchObject({
      status: 'ok',
      message: 'no stored text matches the current secret rules (5 rows checked)',
    });
  });
});

// Key material an older version stored as previews: by the file's name (a PuTTY key, a PEM whose edit
// touched only the body), by its content (a service-account JSON), and an .env file's values.
const KEY_SECRETS = [
  'AAAAIBmd8Qz1YcB2ZQ9XwQ5pZf3Kl',
  'QyNTUxOQAAACBkq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1mK4lJ2hG6',
  '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c',
  'db.internal.example',
];

function seedKeyFiles(box: Sandbox): void {
  const db = openDb(box.dbPath, { create: true });
  if (!db) throw new Error('no database');
  try {
    const store = new MemoryStore(db);
    const file = (name: string, tool: CapturedTool, content: string): NewMemory =>
      memory(box, content, { toolName: tool, type: 'file_edit', filePath: `${box.project}/${name}`, tags: tool });
    store.insert(
      file(
        'deploy.ppk',
        'Write',
        `Created deploy.ppk (9 lines): PuTTY-User-Key-File-3: ssh-ed25519 Encryption: none Private-Lines: 1 ${KEY_SECRETS[0]}`,
      ),
      0,
    );
    store.insert(file('server.pem', 'Edit', `Edited server.pem: "${KEY_SECRETS[1]}" → "QyNTUxOQ"`), 0);
    store.insert(
      file(
        'gcp.json',
        'Write',
        `Created gcp.json (6 lines): { "type": "service_account", "private_key_id": "${KEY_SECRETS[2]}" }`,
      ),
      0,
    );
    store.insert(file('.env', 'Write', `Wrote .env (2 lines): DB_HOST=${KEY_SECRETS[3]} DEBUG=1`), 0);
    // Kept as it is: code that reads a key, and a command that names one.
    store.insert(file('ssh.ts', 'Edit', `Edited ssh.ts: "x" → "const key = fs.readFileSync('id_rsa')"`), 0);
    store.insert(memory(box, 'ssh-keygen -t ed25519 -f deploy_key'), 0);
  } finally {
    db.close();
  }
}

describe('memory redact of key files an older version stored', () => {
  it('counts them in doctor, shows them in the dry run, then keeps path and note only', async () => {
    const box = sandbox();
    seedKeyFiles(box);
    const before = rawBytes(box.dbPath);
    expect(KEY_SECRETS.filter((secret) => before.includes(Buffer.from(secret)))).toEqual(KEY_SECRETS);

    const doctor = await runCli(['doctor', '--json'], { env: box.env });
    const checks = (JSON.parse(doctor.stdout) as { checks: Array<{ message: string }> }).checks;
    expect(checks.find((c) => c.message.includes('secret rules'))?.message).toBe(
      '4 stored rows hold text the current secret rules would redact (4 memories, 0 session summaries; 6 rows checked)',
    );
    const dry = await runCli(['redact'], { env: box.env });
    expect(dry.stdout.split('\n').slice(0, 2)).toEqual([
      'Would redact secrets in 4 memories (6 stored rows checked).',
      'Memories: #1 #2 #3 #4',
    ]);
    expect(rawBytes(box.dbPath).equals(before)).toBe(true);

    expect(await runCli(['redact', '--yes'], { env: box.env })).toMatchObject({ code: 0, stderr: '' });
    expect(allMemories(box.dbPath).map((row) => row.content)).toEqual([
      'Created deploy.ppk (9 lines): content not kept: key file',
      'Edited server.pem: content not kept: key file',
      'Created gcp.json (6 lines): content not kept: key file',
      'Wrote .env (2 lines): DB_HOST, DEBUG (values not kept)',
      `Edited ssh.ts: "x" → "const key = fs.readFileSync('id_rsa')"`,
      'ssh-keygen -t ed25519 -f deploy_key',
    ]);
    const after = rawBytes(box.dbPath);
    expect(KEY_SECRETS.filter((secret) => after.includes(Buffer.from(secret)))).toEqual([]);
    expect((await runCli(['redact'], { env: box.env })).stdout).toBe(
      'Nothing to redact: no stored text matches the current secret rules (6 stored rows checked).\n',
    );
  });
});
