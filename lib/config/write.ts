// Writes one key of the settings file, keeping the others: what `memory recall on|off` does. Apart
// from lib/config/config.ts so the hooks, which only read settings, never load the writing code.
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { MemoryError } from '../errors.js';
import { ensurePrivateDir, writeFileAtomic } from '../io/safe-fs.js';
import { configFilePath } from './config.js';
import type { Env } from '../paths.js';
import { forgetSettingsFile, readNow } from './file.js';

/** Sets `recall` in the settings file, keeping every other setting; returns the file's path. */
export function writeRecallSetting(env: Env, on: boolean): string {
  const path = configFilePath(env);
  writeSettingsKey(path, 'recall', on);
  return path;
}

/** Sets one top-level key (the file is created 0600 when missing); a file that is not JSON is left alone. */
export function writeSettingsKey(path: string, key: string, value: unknown): void {
  const file = readNow(path);
  if (!file.ok) throw new MemoryError(`${file.reason}: fix it or move it, then run this again; nothing was changed`);
  if (!existsSync(dirname(path))) ensurePrivateDir(dirname(path));
  writeFileAtomic(path, `${JSON.stringify({ ...file.values, [key]: value }, null, 2)}\n`);
  forgetSettingsFile(path);
}
