// The spool on its own: private folders and files, bounded, never read through a symlink, and
// drained oldest first with anything that is not one of our memories set aside.
import { lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NewMemory } from '../../lib/memory.js';
import { deferMemory, drainSpool, listPending, SPOOL_MAX_FILES, spoolDirs } from '../../lib/faults/spool.js';
import { tempDir } from '../helpers.js';

function memory(content: string): NewMemory {
  return {
    sessionId: 'sess-1',
    toolName: 'Bash',
    type: 'command',
    project: 'app',
    projectPath: '/w/app',
    filePath: null,
    content,
    tags: 'bash',
    importance: 1,
    createdAt: '2026-03-10T12:00:00.000Z',
    toolUseId: `toolu_${content}`,
    agentId: null,
    exitCode: null,
    source: 'hook',
  };
}

function box(): { dbPath: string; env: Record<string, string> } {
  const dir = tempDir();
  mkdirSync(join(dir, 'tmp'), { mode: 0o700 });
  return { dbPath: join(dir, 'memory.db'), env: { TMPDIR: join(dir, 'tmp') } };
}

describe('spool', () => {
  it('keeps an event as a 0600 file in a 0700 folder beside the database', () => {
    const { dbPath, env } = box();
    const path = deferMemory(dbPath, env, memory('npm test'));
    expect(path.startsWith(`${dbPath}.spool/`)).toBe(true);
    expect(statSync(`${dbPath}.spool`).mode & 0o777).toBe(0o700);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(memory('npm test'));
  });

  it('falls back to a private folder under TMPDIR when the folder beside the database cannot be used', () => {
    const { dbPath, env } = box();
    writeFileSync(`${dbPath}.spool`, 'a file where the folder should be');
    const path = deferMemory(dbPath, env, memory('npm test'));
    expect(path.startsWith(spoolDirs(dbPath, env)[1] as string)).toBe(true);
    expect(listPending(dbPath, env).map((event) => event.path)).toEqual([path]);
  });

  it('refuses a new event once the spool holds its limit', () => {
    const { dbPath, env } = box();
    const dir = `${dbPath}.spool`;
    mkdirSync(dir, { mode: 0o700 });
    for (let i = 0; i < SPOOL_MAX_FILES; i++)
      writeFileSync(join(dir, `${String(i).padStart(15, '0')}-1-0000abcd.json`), '{}');
    expect(() => deferMemory(dbPath, env, memory('npm test'))).toThrow(
      `the spool is full (${SPOOL_MAX_FILES} events waiting); this event is lost`,
    );
  });

  it('drains oldest first, removes what it stored, and sets aside what is not a memory', () => {
    const { dbPath, env } = box();
    deferMemory(dbPath, env, memory('first'));
    deferMemory(dbPath, env, memory('second'));
    const dir = `${dbPath}.spool`;
    writeFileSync(join(dir, '999999999999999-1-0000beef.json'), '{"not":"a memory"}');
    const stored: string[] = [];
    const result = drainSpool(dbPath, env, (batch) => batch.map((m) => stored.push(m.content) > 0), null);
    expect(stored).toEqual(['first', 'second']);
    expect(result).toEqual({ stored: 2, rejected: 1, left: 0 });
    expect(readdirSync(dir)).toEqual(['999999999999999-1-0000beef.json.rejected']);
  });

  it('keeps the intent of a deferred event', () => {
    const { dbPath, env } = box();
    deferMemory(dbPath, env, { ...memory('npm test'), intent: 'Run the unit tests' });
    const stored: NewMemory[] = [];
    drainSpool(dbPath, env, (batch) => batch.map((m) => stored.push(m) > 0), null);
    expect(stored.map((m) => m.intent)).toEqual(['Run the unit tests']);
  });

  it('sets aside an event the database rejects and stores the rest of its batch', () => {
    const { dbPath, env } = box();
    deferMemory(dbPath, env, memory('first'));
    deferMemory(dbPath, env, memory('second'));
    const result = drainSpool(dbPath, env, (batch) => batch.map((m) => m.content !== 'first'), null);
    expect(result).toEqual({ stored: 1, rejected: 1, left: 0 });
  });

  it('stops at the first batch the database refuses and keeps every event', () => {
    const { dbPath, env } = box();
    deferMemory(dbPath, env, memory('first'));
    deferMemory(dbPath, env, memory('second'));
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const result = drainSpool(
      dbPath,
      env,
      () => {
        throw busy;
      },
      null,
    );
    expect(result).toEqual({ stored: 0, rejected: 0, left: 2 });
    expect(listPending(dbPath, env)).toHaveLength(2);
  });

  it('never reads an event through a symlink', () => {
    const { dbPath, env } = box();
    deferMemory(dbPath, env, memory('first'));
    const dir = `${dbPath}.spool`;
    const secret = join(dir, '..', 'secret.json');
    writeFileSync(secret, JSON.stringify(memory('planted')));
    symlinkSync(secret, join(dir, '000000000000001-1-0000cafe.json'));
    const stored: string[] = [];
    drainSpool(dbPath, env, (batch) => batch.map((m) => stored.push(m.content) > 0), null);
    expect(stored).toEqual(['first']);
    expect(lstatSync(secret).isFile()).toBe(true);
  });
});
