// Exit codes are decided in lib/runtime/exit.ts alone: each error kind's code, and no other source file that
// sets process.exitCode or calls process.exit.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryError, MissingDatabaseError, UsageError } from '../../lib/errors.js';
import { exitCodeOf, ReportedError } from '../../lib/runtime/exit.js';
import { InstallRefusal } from '../../lib/install/steps.js';
import { TeamError } from '../../lib/team/connect.js';
import { ROOT } from '../helpers.js';

describe('exit codes', () => {
  it.each([
    ['a usage error exits 1', new UsageError('--limit expects a number'), 1],
    ['a missing database exits 1', new MissingDatabaseError('/tmp/m.db'), 1],
    ['a team server failure exits 1', new TeamError('could not connect'), 1],
    ['an installer refusal exits 1', new InstallRefusal('settings.json is not JSON'), 1],
    ['a typed error keeps its own code', new MemoryError('interrupted', 130), 130],
    ['an unexpected error exits 1', new TypeError('x is undefined'), 1],
    ['a thrown string exits 1', 'boom', 1],
    ['commander --help (already printed) exits 0', new ReportedError(0), 0],
    ['a commander usage error (already printed) exits 1', new ReportedError(1), 1],
  ])('%s', (_name, error, code) => {
    expect(exitCodeOf(error)).toBe(code);
  });

  it('is set nowhere but lib/runtime/exit.ts', () => {
    const setters = ['hooks', 'commands', 'lib'].flatMap((dir) =>
      readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
        .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
        .filter((file) => /process\.exitCode\s*=|process\.exit\(/.test(readFileSync(join(ROOT, file), 'utf8'))),
    );
    expect(setters).toEqual(['lib/runtime/exit.ts']);
  });
});
