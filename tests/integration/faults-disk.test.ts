// A full disk: every event whose write failed is kept and stored once space is back; doctor says
// the disk is full and the memory intact, never that the database is unreadable.
// Where the test may mount one (root with CAP_SYS_ADMIN), ~/.claude is a small tmpfs filled to the
// last byte; elsewhere the hooks run under `ulimit -f` (RLIMIT_FSIZE), which fails their writes
// with EFBIG. The describe title says which ran; FAULTS_DISK=ulimit forces the second.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { canMountTmpfs, hookScript, pendingCount } from '../fault-helpers.js';
import { allMemories, bashResponse, postToolUse, runCli, runHook, sandbox, type RunResult } from '../helpers.js';

const METHOD = process.env['FAULTS_DISK'] === 'ulimit' || !canMountTmpfs() ? 'ulimit' : 'tmpfs';

/** Writes a filler file until the file system says ENOSPC; returns its path. */
function fillDisk(dir: string): string {
  const path = join(dir, 'filler');
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(16 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  // The last partial chunk: fill the remaining bytes too.
  try {
    for (;;) writeSync(fd, Buffer.alloc(512, 1));
  } catch {
    // Now it is full to the block.
  } finally {
    closeSync(fd);
  }
  return path;
}

/** The hook under `ulimit -f` (512-byte blocks in POSIX sh): writes past 8 KB fail with EFBIG. */
function runHookWithFileLimit(payload: unknown, env: Record<string, string>): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      '/bin/sh',
      ['-c', `ulimit -f 16 && exec "${process.execPath}" "${hookScript('post-tool-use')}"`],
      { env, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.end(JSON.stringify(payload));
  });
}

const KEPT = /^\[memory-hook\] post-tool-use: .+; the event is kept and will be stored later\n$/;

describe(`a full disk (${METHOD === 'tmpfs' ? 'a 1 MB tmpfs filled to the last block' : 'ulimit -f: writes past 8 KB fail with EFBIG'})`, () => {
  it('keeps the 8 events it could not write and stores each once after space is freed', async () => {
    const box = sandbox();
    const env = box.env;
    const folder = dirname(box.dbPath);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    if (METHOD === 'tmpfs') {
      expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', folder]).status).toBe(0);
      onTestFinished(() => {
        spawnSync('umount', ['-l', folder]);
      });
    }
    expect(
      (await runHook('post-tool-use', postToolUse(box, 'Bash', { command: 'npm ci' }, bashResponse()), { env })).stderr,
    ).toBe('');
    const filler = METHOD === 'tmpfs' ? fillDisk(folder) : null;

    const events = Array.from({ length: 8 }, (_, i) =>
      postToolUse(box, 'Bash', { command: `npm run build-${i} -- ${'--flag '.repeat(200)}` }, bashResponse()),
    );
    for (const event of events) {
      const result =
        METHOD === 'tmpfs' ? await runHook('post-tool-use', event, { env }) : await runHookWithFileLimit(event, env);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(KEPT);
      if (METHOD === 'tmpfs') expect(result.stderr).toContain('the disk is full');
    }
    expect(pendingCount(box, env)).toBe(8);

    const doctor = await runCli(['doctor'], { env, cwd: box.project });
    expect(doctor.stdout).not.toMatch(/move it aside|cannot be read as a database|is damaged/);
    expect(doctor.stdout).toContain('  ! 8 events kept for later in');
    if (METHOD === 'tmpfs') {
      expect(doctor.stdout).toMatch(
        new RegExp(
          `  ✗ the disk holding ${folder} is full \\(\\d+ KB free\\): new memories cannot be written and are kept for later\\n    fix: free some space on that disk; nothing needs doing to the database, and the kept events are stored by the next tool call\\n`,
        ),
      );
    }

    if (filler) rmSync(filler);
    expect(
      (await runHook('post-tool-use', postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse()), { env }))
        .stderr,
    ).toBe('');
    const rows = allMemories(box.dbPath);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((row) => row.tool_use_id)).size).toBe(10);
    expect(rows.map((row) => row.content.split(' ').slice(0, 3).join(' '))).toEqual([
      'npm ci',
      'npm test',
      ...events.map((_, i) => `npm run build-${i}`),
    ]);
    expect(pendingCount(box, env)).toBe(0);
  }, 180_000);
});
