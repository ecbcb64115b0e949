// File operations install.sh delegates to Node: read settings.json safely, back it up, and replace
// files atomically (temp file + rename) keeping their mode and any symlink that points at them.
import { chmodSync, closeSync, copyFileSync, existsSync, fsyncSync, openSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { parseSettings, type SettingsObject } from './settings.js';

export type SettingsFile =
  | { readonly ok: true; readonly exists: boolean; readonly text: string; readonly value: SettingsObject }
  | { readonly ok: false; readonly reason: string };

export function readSettingsFile(path: string): SettingsFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return { ok: true, exists: false, text: '', value: {} };
    return { ok: false, reason: `cannot be read (${error instanceof Error ? error.message : String(error)})` };
  }
  const parsed = parseSettings(text);
  return parsed.ok ? { ok: true, exists: true, text, value: parsed.value } : parsed;
}

/** `settings.json.bak-20260301T101500Z` next to the file (the real file, when it is a symlink). */
export function backupFile(path: string, now: Date): string {
  const target = realTarget(path);
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  let backup = `${target}.bak-${stamp}`;
  for (let n = 2; existsSync(backup); n++) backup = `${target}.bak-${stamp}-${n}`;
  copyFileSync(target, backup);
  chmodSync(backup, statSync(target).mode & 0o7777);
  return backup;
}

/**
 * Replaces `path` with `text` so that readers see the old or the new file, never half of one.
 * A symlinked file (dotfile managers) is replaced at its target, so the link survives.
 */
export function writeFileAtomic(path: string, text: string, newFileMode = 0o644): void {
  const target = realTarget(path);
  const mode = existsSync(target) ? statSync(target).mode & 0o7777 : newFileMode;
  const temp = join(dirname(target), `.${basename(target)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const fd = openSync(temp, 'wx', mode);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    chmodSync(temp, mode); // the umask may have narrowed it
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

function realTarget(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
