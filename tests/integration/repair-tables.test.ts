// `memory doctor --repair` keeps every table, not only the memories: a used database (summaries with
// their request and outcome, prompts, transcript offsets, recall injections, team state and its host
// id, id counters) is damaged for real — a table's pages, an index page, the header, the first page,
// the main file under a WAL, a torn write at the end of the WAL — and every table is compared before and after.
import { expectDocSample, normalise, terminal } from '../doc-samples.js';
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  renameSync,
  statSync,
  copyFileSync,
  existsSync,
  openSync,
  readFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../lib/db/open.js';
import { advanceCursor, ensureTeamTables, hostId, setShared } from '../../lib/team/local-queries.js';
import { repairNotePath } from '../../lib/paths.js';
import { hoursAgo, memory, memoryCli, NOW, seed, summary } from '../cli-helpers.js';
import { corruptMemoryPages, readableIds } from '../fault-helpers.js';
import { sandbox, type Sandbox } from '../helpers.js';

const ROWS = 1500;
const SESSIONS = 12;

/** A database as weeks of use leave it: every table holds rows. */
function seedUsed(box: Sandbox): void {
  seed(
    box,
    Array.from({ length: ROWS }, (_, i) =>
      memory({
        box,
        sessionId: `sess-${i % SESSIONS}`,
        type: i % 10 === 3 ? 'error' : 'command',
        content: `npm run task-${i} ${'output line '.repeat(12)}`,
        toolUseId: `toolu_seed_${i}`,
        createdAt: hoursAgo(ROWS - i),
      }),
    ),
    Array.from({ length: SESSIONS }, (_, i) =>
      summary(box, {
        sessionId: `sess-${i}`,
        request: `add the greet() helper, part ${i}`,
        outcome: `greet() is in place; the test still fails (${i})`,
      }),
    ),
  );
  const db = openDb(box.dbPath, { create: false });
  if (!db) throw new Error('no database');
  try {
    db.exec(`
      UPDATE memories SET command_key = 'npm test', resolved_by = id + 1, resolved_at = created_at WHERE type = 'error';
      DELETE FROM memories WHERE id = ${ROWS};
    `);
    const prompt = db.prepare(
      'INSERT INTO prompts (session_id, project, project_path, text, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    const read = db.prepare('INSERT INTO transcript_reads (path, offset, updated_at) VALUES (?, ?, ?)');
    const injected = db.prepare('INSERT INTO recall_injections (session_id, memory_id, injected_at) VALUES (?, ?, ?)');
    for (let i = 0; i < SESSIONS; i++) {
      prompt.run(`sess-${i}`, 'my-app', box.project, `add the greet() helper, part ${i}`, hoursAgo(40 - i));
      read.run(`${box.home}/.claude/projects/my-app/sess-${i}.jsonl`, 1000 * (i + 1), hoursAgo(40 - i));
      injected.run(`sess-${i}`, i * 11 + 1, hoursAgo(40 - i));
    }
    ensureTeamTables(db);
    hostId(db);
    setShared(db, 'my-app', true, NOW);
    advanceCursor(db, 'my-app', { memory: 900, summary: hoursAgo(3) });
  } finally {
    db.close();
  }
}

type Dump = Record<string, unknown[]>;

/** Every ordinary table of the file (search indexes aside), its rows in a stable order. */
function dump(dbPath: string): Dump {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name <> 'sqlite_schema' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    const out: Dump = {};
    for (const table of tables) {
      const width = (db.prepare(`SELECT count(*) FROM pragma_table_info('${table}')`).pluck().get() as number) || 1;
      const order = Array.from({ length: width }, (_, i) => i + 1).join(', ');
      out[table] = db.prepare(`SELECT * FROM "${table}" ORDER BY ${order}`).all();
    }
    return out;
  } finally {
    db.close();
  }
}

function checkpoint(dbPath: string): { pageSize: number; pages: (name: string, type?: string) => number[] } {
  const db = new Database(dbPath);
  db.pragma('wal_checkpoint(TRUNCATE)');
  const pageSize = Number(db.pragma('page_size', { simple: true }));
  const stat = db.prepare('SELECT name, pagetype, pageno FROM dbstat ORDER BY pageno').all() as Array<{
    name: string;
    pagetype: string;
    pageno: number;
  }>;
  db.close();
  return {
    pageSize,
    pages: (name, type) =>
      stat.filter((row) => row.name === name && (!type || row.pagetype === type)).map((row) => row.pageno),
  };
}

function overwrite(path: string, offset: number, length: number): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, Buffer.alloc(length, 0xa5), 0, length, offset);
  } finally {
    closeSync(fd);
  }
}

/** Table by table, so a difference names its table. */
function expectSameTables(after: Dump, before: Dump, skip: ReadonlySet<string> = new Set()): void {
  expect(Object.keys(after)).toEqual(Object.keys(before));
  // The id span memory_counts keeps is only a bound around every row of a project: rebuilt from the
  // rows themselves it is tighter (a deleted last row no longer widens it). The counts are the same.
  if (!skip.has('memory_counts')) {
    const counts = (dump: Dump) =>
      (dump['memory_counts'] as Array<{ project_path: string; memories: number }>).map(
        ({ project_path, memories }) => ({ project_path, memories }),
      );
    expect(counts(after)).toEqual(counts(before));
    skip = new Set([...skip, 'memory_counts']);
  }
  for (const table of Object.keys(before).filter((name) => !skip.has(name)))
    expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
}

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');
const DAMAGED_COPY = (box: Sandbox): string => `${box.dbPath}.damaged-2026-03-10`;

async function repair(box: Sandbox): Promise<string> {
  const result = await memoryCli(box, ['doctor', '--repair']);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

describe('memory doctor --repair keeps every table', () => {
  it('keeps every table whole when an index page of the memories is damaged', async () => {
    const box = sandbox();
    seedUsed(box);
    const before = dump(box.dbPath);
    const { pageSize, pages } = checkpoint(box.dbPath);
    const [indexPage] = pages('memories_session', 'leaf');
    overwrite(box.dbPath, ((indexPage as number) - 1) * pageSize, pageSize);

    const report = await repair(box);
    expectSameTables(dump(box.dbPath), before);
    expect(report).toContain(`${ROWS - 1} of about ${ROWS - 1} memories recovered. Table by table:\n`);
    for (const [table, rows] of [
      ['memories', `${ROWS - 1} of ${ROWS - 1}`],
      ['session_summaries', `${SESSIONS} of ${SESSIONS}`],
      ['prompts', `${SESSIONS} of ${SESSIONS}`],
      ['transcript_reads', `${SESSIONS} of ${SESSIONS}`],
      ['recall_injections', `${SESSIONS} of ${SESSIONS}`],
      ['team_state', '1 of 1'],
      ['team_projects', '1 of 1'],
    ] as const)
      expect(report).toMatch(new RegExp(`\\n  ${table} +${rows}\\n`));
  }, 120_000);

  it("keeps every other table whole, and every readable memory with all its columns, when the memories' pages are damaged", async () => {
    const box = sandbox();
    seedUsed(box);
    const before = dump(box.dbPath);
    corruptMemoryPages(box.dbPath, 3);
    const readable = readableIds(box.dbPath, ROWS);
    expect(readable.length).toBeLessThan(ROWS - 1);

    const report = await repair(box);
    expect(report).toContain(`could not be read: memory import brings back those whose transcripts`);
    const after = dump(box.dbPath);
    const derived = new Set(['memories', 'memory_counts', 'memory_files']);
    expectSameTables(after, before, derived);
    const original = new Map((before['memories'] as Array<{ id: number }>).map((row) => [row.id, row]));
    const kept = after['memories'] as Array<{ id: number }>;
    expect(kept.map((row) => row.id)).toEqual(expect.arrayContaining(readable));
    for (const row of kept) expect(row).toEqual(original.get(row.id));
    // The lost rows' ids are never handed out again.
    expect(after['sqlite_sequence']).toEqual(before['sqlite_sequence']);
  }, 120_000);

  it('reads the whole file again when its header is damaged', async () => {
    const box = sandbox();
    seedUsed(box);
    const before = dump(box.dbPath);
    checkpoint(box.dbPath);
    overwrite(box.dbPath, 0, 21);
    const damaged = sha(box.dbPath);

    const report = await repair(box);
    expect(report).toContain(
      `${ROWS - 1} of about ${ROWS - 1} memories recovered (the file header was rebuilt to read them).`,
    );
    expectSameTables(dump(box.dbPath), before);
    expect(sha(DAMAGED_COPY(box))).toBe(damaged);
  }, 120_000);

  it('keeps what only the WAL holds when the main file is damaged', async () => {
    const box = sandbox();
    seedUsed(box);
    // A crash image: the main file and a WAL that holds the last writes of every table.
    const { pageSize, pages } = checkpoint(box.dbPath);
    const leaves = pages('memories', 'leaf');
    const db = new Database(box.dbPath);
    db.pragma('wal_autocheckpoint = 0');
    db.exec(`
      INSERT INTO prompts (session_id, project, project_path, text, created_at) VALUES ('sess-late', 'my-app', '${box.project}', 'one more thing', '${NOW}');
      UPDATE session_summaries SET outcome = 'done, after all' WHERE session_id = 'sess-3';
      INSERT INTO transcript_reads (path, offset, updated_at) VALUES ('late.jsonl', 5, '${NOW}');
      UPDATE team_state SET value = 'srv-2' WHERE key = 'host_id';
    `);
    const crashed = sandbox();
    mkdirSync(dirname(crashed.dbPath), { recursive: true });
    copyFileSync(box.dbPath, crashed.dbPath);
    copyFileSync(`${box.dbPath}-wal`, `${crashed.dbPath}-wal`);
    db.close();
    const before = dump(box.dbPath);
    // Pages of the main file the WAL does not hold: no checkpoint may run before the repair reads it.
    for (const page of [leaves[10], leaves[40]]) overwrite(crashed.dbPath, ((page as number) - 1) * pageSize, pageSize);

    await repair(crashed);
    const after = dump(crashed.dbPath);
    for (const table of ['prompts', 'session_summaries', 'transcript_reads', 'team_state', 'team_projects'])
      expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
  }, 120_000);

  it('keeps every commit before a torn write at the end of the WAL', async () => {
    const box = sandbox();
    seedUsed(box);
    const { pageSize, pages } = checkpoint(box.dbPath);
    const leaves = pages('memories', 'leaf');
    const db = new Database(box.dbPath);
    db.pragma('wal_autocheckpoint = 0');
    db.exec(`
      INSERT INTO prompts (session_id, project, project_path, text, created_at) VALUES ('sess-late', 'my-app', '${box.project}', 'one more thing', '${NOW}');
      UPDATE session_summaries SET outcome = 'done, after all' WHERE session_id = 'sess-3';
    `);
    const committed = dump(box.dbPath);
    // The last commit's frames never reach the disk whole: the crash tears its last page.
    db.exec(
      `INSERT INTO prompts (session_id, project, project_path, text, created_at) VALUES ('sess-late', 'my-app', '${box.project}', 'torn', '${NOW}')`,
    );
    const crashed = sandbox();
    mkdirSync(dirname(crashed.dbPath), { recursive: true });
    copyFileSync(box.dbPath, crashed.dbPath);
    copyFileSync(`${box.dbPath}-wal`, `${crashed.dbPath}-wal`);
    db.close();
    const wal = statSync(`${crashed.dbPath}-wal`).size;
    overwrite(`${crashed.dbPath}-wal`, wal - 64, 64);
    for (const page of [leaves[10], leaves[40]]) overwrite(crashed.dbPath, ((page as number) - 1) * pageSize, pageSize);

    await repair(crashed);
    const after = dump(crashed.dbPath);
    for (const table of ['prompts', 'session_summaries', 'transcript_reads', 'team_state', 'team_projects'])
      expect({ table, rows: after[table] }).toEqual({ table, rows: committed[table] });
  }, 120_000);

  it('never puts an empty database in place of one it could not read, and says what to try', async () => {
    const box = sandbox();
    seedUsed(box);
    const { pageSize } = checkpoint(box.dbPath);
    overwrite(box.dbPath, 0, pageSize);
    const damaged = sha(box.dbPath);

    const result = await memoryCli(box, ['doctor', '--repair']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`memory: nothing could be recovered from ${box.dbPath}\n`);
    expect(result.stdout).toContain(`Nothing could be read from ${box.dbPath}: 0 rows recovered`);
    expect(result.stdout).toContain(`sqlite3 ${box.dbPath} .recover | sqlite3 ${box.dbPath}.recovered`);
    expectDocSample(
      'repair-unreadable',
      terminal([
        [
          'memory doctor --repair',
          {
            ...result,
            stdout: normalise(result.stdout, [[box.home, '/home/you']]),
            stderr: normalise(result.stderr, [[box.home, '/home/you']]),
          },
        ],
      ]),
    );
    expect(sha(box.dbPath)).toBe(damaged);
    expect(existsSync(DAMAGED_COPY(box))).toBe(false);
    // Capture keeps new events aside meanwhile.
    expect(existsSync(repairNotePath(box.dbPath))).toBe(true);

    // Starting again as the report says: a new database, and the note that held capture back gone.
    renameSync(box.dbPath, `${box.dbPath}.unreadable`);
    const again = await memoryCli(box, ['doctor', '--repair']);
    expect(again).toMatchObject({ code: 0, stderr: '', stdout: 'A new, empty database was started.\n' });
    expect(existsSync(repairNotePath(box.dbPath))).toBe(false);
    expect(existsSync(box.dbPath)).toBe(true);
  }, 120_000);
});
