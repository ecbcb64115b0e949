// Whether prompt-time recall is on: CLAUDE_MEMORY_RECALL ← the `recall` key of ~/.claude/memory.json
// ← the shipped default. Reading never throws (a bad value falls back with a warning); writing
// changes only the `recall` key and keeps every other setting in the file.
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { MemoryError } from '../errors.js';
import { configFilePath, type Env } from '../paths.js';
import { ensurePrivateDir, writeFileAtomic } from '../safe-fs.js';

/**
 * Off until `memory recall on`: on the development set (README, "Recall"; `npm run eval:recall`)
 * 85 of 97 injected memories (0.88) were ones the prompt was about, and recall ships on only at 0.9.
 */
export const RECALL_ON_BY_DEFAULT = false;

export type RecallSource = 'CLAUDE_MEMORY_RECALL' | 'config file' | 'default';

export interface RecallSetting {
  readonly on: boolean;
  readonly source: RecallSource;
  readonly configPath: string;
  readonly warnings: readonly string[];
}

export function recallSetting(env: Env): RecallSetting {
  const configPath = configFilePath(env);
  const warnings: string[] = [];
  const fromEnv = env['CLAUDE_MEMORY_RECALL'];
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    const on = onOff(fromEnv);
    if (on !== null) return { on, source: 'CLAUDE_MEMORY_RECALL', configPath, warnings };
    warnings.push(`CLAUDE_MEMORY_RECALL=${fromEnv} is not 0 or 1; ignored`);
  }
  const fromFile = readRecallKey(configPath, warnings);
  if (fromFile !== null) return { on: fromFile, source: 'config file', configPath, warnings };
  return { on: RECALL_ON_BY_DEFAULT, source: 'default', configPath, warnings };
}

function onOff(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  if (/^(1|true|yes|on)$/.test(text)) return true;
  if (/^(0|false|no|off)$/.test(text)) return false;
  return null;
}

function readFile(path: string): { ok: true; value: Record<string, unknown> | null } | { ok: false; reason: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { ok: true, value: null };
  }
  try {
    const parsed: unknown = text.trim() === '' ? {} : JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return { ok: false, reason: `${path} is not a JSON object` };
    return { ok: true, value: parsed as Record<string, unknown> };
  } catch {
    return { ok: false, reason: `${path} is not valid JSON` };
  }
}

function readRecallKey(path: string, warnings: string[]): boolean | null {
  const file = readFile(path);
  if (!file.ok) {
    warnings.push(`${file.reason}; its recall setting is ignored`);
    return null;
  }
  const value = file.value?.['recall'];
  if (value === undefined) return null;
  const on = onOff(value);
  if (on === null) warnings.push(`${path}: "recall" is not true or false; ignored`);
  return on;
}

/** Sets `recall` in the settings file (created 0600 when missing); a file that is not JSON is left alone. */
export function writeRecallSetting(env: Env, on: boolean): string {
  const path = configFilePath(env);
  const file = readFile(path);
  if (!file.ok) throw new MemoryError(`${file.reason}: fix it or move it, then run this again; nothing was changed`);
  const settings = { ...(file.value ?? {}), recall: on };
  if (!existsSync(dirname(path))) ensurePrivateDir(dirname(path));
  writeFileAtomic(path, `${JSON.stringify(settings, null, 2)}\n`);
  return path;
}
