// Faults injected for real, for the fault tests: another process holding the database's lock, a
// disk that is full, pages overwritten at byte offsets, a child run as an unprivileged user.
import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { listPending } from '../lib/faults/spool.js';
import { ROOT, RUNTIME, type RunResult, type Sandbox } from './helpers.js';

export interface HeldLock {
  readonly pid: number;
  /** Lets go of the lock (rolls back) and waits for the holder to exit. */
  readonly release: () => Promise<void>;
}

/**
 * Another process holds the database: `exclusive` locks readers out too (locking_mode=EXCLUSIVE,
 * as a VACUUM or a database browser may), `write` only other writers (a long `memory import`).
 */
export function holdLock(dbPath: string, mode: 'exclusive' | 'write'): Promise<HeldLock> {
  const child = spawn(process.execPath, [join(ROOT, 'tests', 'fixtures', 'faults', 'hold-lock.mjs'), dbPath, mode], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const release = async (): Promise<void> => {
    child.stdin.end();
    await exited;
  };
  onTestFinished(release);
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      if (text.includes('locked')) resolve({ pid: child.pid as number, release });
    });
    child.on('error', reject);
    void exited.then(() => reject(new Error('the lock holder exited before taking the lock')));
  });
}

export function pendingCount(box: Sandbox, env: Record<string, string>): number {
  return listPending(box.dbPath, env).length;
}

/** Overwrites `count` leaf pages of the memories table, spread through it, with a byte pattern. */
export function corruptMemoryPages(dbPath: string, count: number): number[] {
  const db = new Database(dbPath);
  db.pragma('wal_checkpoint(TRUNCATE)');
  const pageSize = Number(db.pragma('page_size', { simple: true }));
  const leaves = db
    .prepare("SELECT pageno FROM dbstat WHERE name = 'memories' AND pagetype = 'leaf' ORDER BY pageno")
    .pluck()
    .all() as number[];
  db.close();
  const chosen = Array.from(
    { length: count },
    (_, i) => leaves[Math.floor(((i + 1) * leaves.length) / (count + 1))] as number,
  );
  const fd = openSync(dbPath, 'r+');
  try {
    for (const page of chosen) writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (page - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
  return chosen;
}

/** Ids a plain read-only reader can still read one by one: the floor of what repair must recover. */
export function readableIds(dbPath: string, top: number): number[] {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const read = db.prepare('SELECT id FROM memories WHERE id = ?').pluck();
    const ids: number[] = [];
    for (let id = 1; id <= top; id++) {
      try {
        if (read.get(id) !== undefined) ids.push(id);
      } catch {
        // A damaged page: not readable.
      }
    }
    return ids;
  } finally {
    db.close();
  }
}

export const IS_ROOT = process.geteuid?.() === 0;
const NOBODY = 65534;

/**
 * Runs `node <script>` (or `script` itself with `node: false`) as an ordinary user: as root (file modes do not stop root) the child drops
 * to nobody with setpriv and `home` is handed to nobody; as anyone else it runs as that user.
 */
export function runAsUser(
  script: string,
  args: readonly string[],
  options: { env: Record<string, string>; cwd: string; stdin?: unknown; home: string; node?: boolean },
): Promise<RunResult> {
  if (IS_ROOT) chownTree(options.home, NOBODY);
  const program = options.node === false ? [script, ...args] : [process.execPath, script, ...args];
  const [command, commandArgs] = IS_ROOT
    ? ['setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', ...program]]
    : [program[0] as string, program.slice(1)];
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs as string[], {
      env: options.env,
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(
      options.stdin === undefined
        ? ''
        : typeof options.stdin === 'string'
          ? options.stdin
          : JSON.stringify(options.stdin),
    );
  });
}

export function hookScript(name: string): string {
  return join(RUNTIME, 'dist', 'hooks', `${name}.js`);
}

export const CLI_SCRIPT = join(RUNTIME, 'dist', 'commands', 'cli.js');

function chownTree(path: string, uid: number): void {
  chownSync(path, uid, uid);
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) chownTree(child, uid);
    else if (!entry.isSymbolicLink()) chownSync(child, uid, uid);
  }
}

/** Whether this process may mount a tmpfs (root with CAP_SYS_ADMIN, as in a container run as root). */
export function canMountTmpfs(): boolean {
  if (!IS_ROOT) return false;
  const dir = mkdtempSync(join(tmpdir(), 'cmh-mount-probe-'));
  try {
    const probe = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]);
    if (probe.status !== 0) return false;
    spawnSync('umount', [dir]);
    return true;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
