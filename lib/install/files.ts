// The installer's file operations: read settings.json safely, say whether we may replace a file,
// back it up, and replace files atomically (temp file + rename) keeping their mode and any symlink.
import {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { describeError } from '../narrow.js';
import { parseSettings, type SettingsObject } from './settings.js';

export type SettingsFile =
  | { readonly ok: true; readonly exists: boolean; readonly text: string; readonly value: SettingsObject }
  | { readonly ok: false; readonly reason: string };

/** Parses a config file's text: settings.json's (parseSettings) or config.toml's (parseToml). */
export type Parse = (
  text: string,
) => { readonly ok: true; readonly value: SettingsObject } | { readonly ok: false; readonly reason: string };

export function readSettingsFile(path: string, parse: Parse = parseSettings): SettingsFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return { ok: true, exists: false, text: '', value: {} };
    return { ok: false, reason: `cannot be read (${describeError(error)})` };
  }
  const parsed = parse(text);
  return parsed.ok ? { ok: true, exists: true, text, value: parsed.value } : parsed;
}

/** `settings.json.bak-20260301T101500Z` next to the file (the real file, when it is a symlink). */
export function backupFile(path: string, now: Date): string {
  const target = realTarget(path);
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  let backup = `${target}.bak-${stamp}`;
  for (let n = 2; existsSync(backup); n++) backup = `${target}.bak-${stamp}-${n}`;
  copyFileSync(target, backup);
  chmodSync(backup, statSync(target).mode & 0o7777);
  return backup;
}

// `settings.json.bak-20260301T101500Z`, or `…Z-2` for a second one within the same second.
const BACKUP_NAME = /^(?<stamp>\d{8}T\d{6}Z)(?:-(?<n>\d+))?$/;

/** Deletes all but the newest backup of `path` (ours by their name); returns what it deleted. */
export function pruneBackups(path: string): string[] {
  const target = realTarget(path);
  const prefix = `${basename(target)}.bak-`;
  const backups = readdirSync(dirname(target)).flatMap((name) => {
    const match = name.startsWith(prefix) ? BACKUP_NAME.exec(name.slice(prefix.length)) : null;
    return match?.groups
      ? [
          {
            path: join(dirname(target), name),
            stamp: match.groups['stamp'] as string,
            n: Number(match.groups['n'] ?? 1),
          },
        ]
      : [];
  });
  backups.sort((a, b) => (a.stamp === b.stamp ? a.n - b.n : a.stamp < b.stamp ? -1 : 1));
  const old = backups.slice(0, -1).map((backup) => backup.path);
  for (const file of old) rmSync(file, { force: true });
  return old;
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

/**
 * Why we may not replace the file at `path` (null when we may). A rename over it would succeed even
 * for a read-only file or one of another user (only the directory's permission counts, and root
 * passes every check), so the file's own mode and owner are read, and the directory is asked too
 * (a read-only file system answers EROFS even to root).
 */
export function replaceProblem(path: string, uid: number | undefined = process.getuid?.()): string | null {
  const target = realTarget(path);
  let mode: number | null = null;
  try {
    const stat = statSync(target);
    mode = stat.mode & 0o7777;
    if ((mode & 0o200) === 0) return `is read-only (mode ${mode.toString(8).padStart(4, '0')})`;
    if (uid !== undefined && stat.uid !== uid) return `belongs to another user (uid ${stat.uid})`;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') return `cannot be checked (${describeError(error)})`;
  }
  const dir = existingAncestor(dirname(target));
  try {
    accessSync(dir, constants.W_OK);
  } catch (error) {
    return `cannot be ${mode === null ? 'created' : 'replaced'}: ${dir} is not writable (${describeError(error)})`;
  }
  return null;
}

function existingAncestor(dir: string): string {
  let current = dir;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

function realTarget(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
