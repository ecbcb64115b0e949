// The install record's round trip (what uninstall reads back) and the settings backups it prunes.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneBackups } from '../../../lib/install/files.js';
import { formatRecord, parseRecord } from '../../../lib/install/launcher.js';
import { tempDir } from '../../helpers.js';

describe('the install record', () => {
  it('reads back what it wrote: launcher, command, a created settings.json, created folders and agent files', () => {
    const record = {
      launcher: '/h/.local/bin/memory',
      command: '/h/.claude/commands/mem.md',
      settingsCreated: true,
      createdDirs: ['/h/.local', '/h/.local/bin'],
      createdFiles: ['/h/.codex/config.toml'],
    };
    expect(parseRecord(formatRecord(record))).toEqual(record);
  });

  it('reads a record written before it knew about created files as "created nothing"', () => {
    expect(parseRecord('launcher=/h/.local/bin/memory\ncommand=/h/.claude/commands/mem.md\n')).toEqual({
      launcher: '/h/.local/bin/memory',
      command: '/h/.claude/commands/mem.md',
      settingsCreated: false,
      createdDirs: [],
      createdFiles: [],
    });
  });
});

describe('settings backups', () => {
  it('keeps only the newest backup, ordering same-second ones by number, and leaves look-alikes alone', () => {
    const dir = tempDir();
    const settings = join(dir, 'settings.json');
    const names = [
      'settings.json.bak-20260101T000000Z',
      'settings.json.bak-20260301T101500Z',
      'settings.json.bak-20260301T101500Z-2',
      'settings.json.bak-20260301T101500Z-10',
      'settings.json.bak-mine',
      'other.json.bak-20270101T000000Z',
    ];
    for (const name of ['settings.json', ...names]) writeFileSync(join(dir, name), '{}');
    expect(
      pruneBackups(settings)
        .map((path) => path.slice(dir.length + 1))
        .sort(),
    ).toEqual([
      'settings.json.bak-20260101T000000Z',
      'settings.json.bak-20260301T101500Z',
      'settings.json.bak-20260301T101500Z-2',
    ]);
    expect(readdirSync(dir).sort()).toEqual([
      'other.json.bak-20270101T000000Z',
      'settings.json',
      'settings.json.bak-20260301T101500Z-10',
      'settings.json.bak-mine',
    ]);
  });
});
