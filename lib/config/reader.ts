// How one setting is read: the environment variable if set, else the settings file's key, else the
// default, each value checked and a bad one turned into a warning. lib/config/config.ts and
// lib/config/team.ts build their sections with it; nothing else reads settings.
import { join } from 'node:path';
import { claudeDir, type Env } from '../paths.js';
import { settingsFile } from './file.js';
import { SETTINGS, type Setting } from './settings.js';

export type Name = keyof typeof SETTINGS;

/** The settings file: `$CLAUDE_MEMORY_CONFIG`, else memory.json beside Claude Code's own settings. */
export function configFilePath(env: Env): string {
  return env['CLAUDE_MEMORY_CONFIG'] || join(claudeDir(env), 'memory.json');
}
export type SettingSource = 'environment' | 'config file' | 'default';

/** One process's view of the settings file and environment, and what was wrong with them. */
export class Reader {
  readonly path: string;
  readonly warnings: string[] = [];
  private readonly values: Readonly<Record<string, unknown>>;

  constructor(readonly env: Env) {
    this.path = configFilePath(env);
    const file = settingsFile(this.path);
    if (!file.ok) this.warnings.push(`${file.reason}; its settings are ignored`);
    this.values = file.ok ? file.values : {};
  }

  /** The raw value and where it came from: a non-empty variable wins over the file's key. */
  raw(name: Name, skipEnv = false): { value: unknown; from: SettingSource; label: string } {
    const { key, env } = SETTINGS[name] as Setting;
    const fromEnv = env === null || skipEnv ? undefined : this.env[env];
    if (env !== null && fromEnv !== undefined && fromEnv.trim() !== '')
      return { value: fromEnv.trim(), from: 'environment', label: `${env}=${fromEnv}` };
    if (key === null) return { value: undefined, from: 'default', label: name };
    const [first, second] = key.split('.') as [string, string | undefined];
    let value = this.values[first];
    if (second !== undefined) {
      const section = value;
      if (section !== undefined && (typeof section !== 'object' || section === null || Array.isArray(section))) {
        this.warn(`${this.path}: "${first}" is not an object; ignored`);
        value = undefined;
      } else value = (section as Record<string, unknown> | undefined)?.[second];
    }
    return value === undefined
      ? { value: undefined, from: 'default', label: key }
      : { value, from: 'config file', label: `${this.path}: "${key}"` };
  }

  /** Each distinct warning once: a section read twice says it once. */
  warn(text: string): void {
    if (!this.warnings.includes(text)) this.warnings.push(text);
  }

  /** A whole number: clamped into [min, max], or, with `reject`, outside it the default. */
  whole(name: Name, fallback: number, min: number, max: number, reject = false): number {
    const { value, label } = this.raw(name);
    if (value === undefined) return fallback;
    const n = typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN;
    if (!Number.isInteger(n) || (reject && (n < min || n > max))) {
      this.warn(`${label} is not a whole number${reject ? ` from ${min} to ${max}` : ''}; using ${fallback}`);
      return fallback;
    }
    return Math.min(max, Math.max(min, n));
  }

  /** On or off; a bad variable is ignored (the file's value stands), a bad file value too. */
  onOff(name: Name, fallback: boolean, skipEnv = false): { on: boolean; from: SettingSource } {
    const found = this.raw(name, skipEnv);
    if (found.value === undefined) return { on: fallback, from: 'default' };
    const on = typeof found.value === 'boolean' ? found.value : onOff(String(found.value));
    if (on !== null) return { on, from: found.from };
    this.warn(`${found.label} is not on or off (1/0, true/false); ignored`);
    return found.from === 'environment' ? this.onOff(name, fallback, true) : { on: fallback, from: 'default' };
  }

  text(name: Name): string | null {
    const { value, label } = this.raw(name);
    if (value === undefined) return null;
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    this.warn(`${label} is not a text; ignored`);
    return null;
  }
}

function onOff(text: string): boolean | null {
  const word = text.trim().toLowerCase();
  if (/^(1|true|yes|on)$/.test(word)) return true;
  if (/^(0|false|no|off)$/.test(word)) return false;
  return null;
}
