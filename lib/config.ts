// Every setting of the package, one way: defaults ← the settings file (~/.claude/memory.json) ←
// CLAUDE_MEMORY_* environment variables. The only module that reads either for a setting (the file
// through lib/config/file.ts, once per process); the rest take typed values from here. A bad value
// falls back with a warning, and loading never throws. docs/configuration.md lists SETTINGS.
import { join } from 'node:path';
import { os } from './lazy-builtins.js';
import { claudeDir, defaultDbPath, type Env } from './paths.js';
import { settingsFile } from './config/file.js';
import {
  CAPTURE_BUDGET_MS,
  CONTEXT_CHARS_MAX,
  RECALL_ON_BY_DEFAULT,
  SETTINGS,
  STDIN_TIMEOUT_MS,
  TEAM_PII_KINDS,
  type Setting,
  type TeamPiiKind,
} from './config/settings.js';

export {
  CAPTURE_BUDGET_MS,
  CONTEXT_CHARS_MAX,
  RECALL_ON_BY_DEFAULT,
  SETTINGS,
  STDIN_TIMEOUT_MS,
  TEAM_PII_KINDS,
  type Setting,
  type TeamPiiKind,
};

type Name = keyof typeof SETTINGS;

/** The settings file: `$CLAUDE_MEMORY_CONFIG`, else memory.json beside Claude Code's own settings. */
export function configFilePath(env: Env): string {
  return env['CLAUDE_MEMORY_CONFIG'] || join(claudeDir(env), 'memory.json');
}
export type SettingSource = 'environment' | 'config file' | 'default';

/** One process's view of the settings file and environment, and what was wrong with them. */
class Reader {
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

export interface Config {
  readonly dbPath: string;
  /** Hooks capture nothing and inject nothing. */
  readonly disabled: boolean;
  /** Soft size of the SessionStart block, in characters. */
  readonly contextChars: number;
  readonly retentionDays: number;
  /** Errors are kept longer than other memories, but not forever. */
  readonly errorRetentionDays: number;
  /** SessionStart shows only what happened within this many days. */
  readonly contextDays: number;
  readonly dedupeWindowSec: number;
  /** Injectable clock, for tests and imports: an ISO timestamp that stands for "now". */
  readonly now: () => Date;
  readonly warnings: readonly string[];
}

/** The settings every hook and command uses. */
export function loadConfig(env: Env): Config {
  return coreFrom(new Reader(env));
}

function coreFrom(read: Reader): Config {
  const env = read.env;
  return {
    dbPath: read.text('db') ?? defaultDbPath(env),
    disabled: read.onOff('disabled', SETTINGS.disabled.default).on,
    contextChars: read.whole('contextChars', SETTINGS.contextChars.default, 300, CONTEXT_CHARS_MAX),
    retentionDays: read.whole('retentionDays', SETTINGS.retentionDays.default, 1, 36500),
    errorRetentionDays: read.whole('errorRetentionDays', SETTINGS.errorRetentionDays.default, 1, 36500),
    contextDays: read.whole('contextDays', SETTINGS.contextDays.default, 1, 36500),
    dedupeWindowSec: 60,
    now: clockFrom(env['CLAUDE_MEMORY_NOW'], read),
    warnings: read.warnings,
  };
}

/** Whether the hooks are off: what the screened hooks ask before anything else. */
export function isDisabled(env: Env): boolean {
  return new Reader(env).onOff('disabled', SETTINGS.disabled.default).on;
}

function clockFrom(fixed: string | undefined, read: Reader): () => Date {
  if (!fixed) return () => new Date();
  const time = Date.parse(fixed);
  if (Number.isNaN(time)) {
    read.warn(`CLAUDE_MEMORY_NOW=${fixed} is not a date; using the real clock`);
    return () => new Date();
  }
  return () => new Date(time);
}

/** A hook's waits, in milliseconds: settings may shorten them (tests of a silent pipe, a locked database), never lengthen. */
export function stdinTimeoutMs(env: Env): number {
  return stdinTimeoutFrom(new Reader(env));
}

export function captureBudgetMs(env: Env): number {
  return captureBudgetFrom(new Reader(env));
}

function stdinTimeoutFrom(read: Reader): number {
  return read.whole('stdinTimeoutMs', STDIN_TIMEOUT_MS, 1, STDIN_TIMEOUT_MS, true);
}

function captureBudgetFrom(read: Reader): number {
  return read.whole('captureBudgetMs', CAPTURE_BUDGET_MS, 1, CAPTURE_BUDGET_MS, true);
}

export interface RecallSetting {
  readonly on: boolean;
  readonly source: 'CLAUDE_MEMORY_RECALL' | 'config file' | 'default';
  readonly configPath: string;
  readonly warnings: readonly string[];
}

export function recallSetting(env: Env): RecallSetting {
  return recallFrom(new Reader(env));
}

function recallFrom(read: Reader): RecallSetting {
  const { on, from } = read.onOff('recall', RECALL_ON_BY_DEFAULT);
  return {
    on,
    source: from === 'environment' ? 'CLAUDE_MEMORY_RECALL' : from,
    configPath: read.path,
    warnings: read.warnings,
  };
}

export interface TeamConfig {
  /** postgres:// connection string, or null when no team server is configured. */
  readonly url: string | null;
  readonly urlSource: 'CLAUDE_MEMORY_TEAM_URL' | 'config file' | null;
  /** The name teammates see next to this machine's memories. */
  readonly hostName: string;
  /** Which PII kinds push replaces (all by default). */
  readonly pii: readonly TeamPiiKind[];
  /** Extra patterns (regular expressions) push replaces, from the config file. */
  readonly piiPatterns: readonly RegExp[];
  readonly connectTimeoutMs: number;
  /** After a Stop, push in a detached process at most this often (minutes); 0 = only by command. */
  readonly autoPushMinutes: number;
  readonly configPath: string;
  readonly warnings: readonly string[];
}

export function loadTeamConfig(env: Env): TeamConfig {
  return teamFrom(new Reader(env), () => os().hostname());
}

/** `machineName` is asked only when no host is set: node:os loads for team commands alone. */
function teamFrom(read: Reader, machineName: () => string): TeamConfig {
  const url = read.text('teamUrl');
  const urlFrom = read.raw('teamUrl').from;
  return {
    url,
    urlSource: url === null ? null : urlFrom === 'environment' ? 'CLAUDE_MEMORY_TEAM_URL' : 'config file',
    hostName: (read.text('teamHost') ?? machineName()).slice(0, 200),
    pii: piiKinds(read),
    piiPatterns: piiPatterns(read),
    connectTimeoutMs: read.whole('teamConnectTimeoutMs', SETTINGS.teamConnectTimeoutMs.default, 100, 120_000, true),
    autoPushMinutes: autoPush(read),
    configPath: read.path,
    warnings: read.warnings,
  };
}

/** What Stop asks before a detached push: the server and the interval alone (no PII rules, no node:os). */
export function teamAutoPush(env: Env): { readonly url: string | null; readonly minutes: number } {
  const read = new Reader(env);
  return { url: read.text('teamUrl'), minutes: autoPush(read) };
}

/** `email,phone`, `none`, or a JSON list of the same. */
function piiKinds(read: Reader): TeamPiiKind[] {
  const { value } = read.raw('teamPii');
  if (value === undefined || value === null || value === '') return [...TEAM_PII_KINDS];
  const words = Array.isArray(value) ? value.map(String) : String(value).split(',');
  const kinds: TeamPiiKind[] = [];
  for (const word of words.map((w) => w.trim().toLowerCase()).filter(Boolean)) {
    if (word === 'none' || word === 'off') return [];
    const kind = TEAM_PII_KINDS.find((k) => k === word);
    if (kind) kinds.push(kind);
    else read.warn(`unknown PII kind "${word}" (known: ${TEAM_PII_KINDS.join(', ')}, none)`);
  }
  return kinds;
}

function piiPatterns(read: Reader): RegExp[] {
  const { value } = read.raw('teamPiiPatterns');
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    read.warn('team.piiPatterns must be a list of regular expressions; ignored');
    return [];
  }
  const compiled: RegExp[] = [];
  for (const source of value) {
    try {
      compiled.push(new RegExp(String(source), 'gu'));
    } catch {
      read.warn(`team.piiPatterns: "${String(source)}" is not a valid regular expression; ignored`);
    }
  }
  return compiled;
}

function autoPush(read: Reader): number {
  const { value, label } = read.raw('teamAutoPushMinutes');
  if (value === undefined || value === 0 || value === '0') return 0;
  const n = typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN;
  if (Number.isInteger(n) && n >= 1 && n <= 10_080) return n;
  read.warn(`${label} is not a whole number of minutes from 1 to 10080; auto-push is off`);
  return 0;
}

/** Every warning of every setting, each once: what doctor lists and a command prints. */
export function settingsWarnings(env: Env): readonly string[] {
  const read = new Reader(env);
  coreFrom(read);
  recallFrom(read);
  stdinTimeoutFrom(read);
  captureBudgetFrom(read);
  teamFrom(read, () => '');
  return read.warnings;
}

let warned = false;

/**
 * The settings' warnings as one stderr line, once per process (`memory: settings: …`). Commands and
 * the MCP server call it; hooks never do, since a capture hook prints nothing (doctor shows them).
 */
export function warnAboutSettings(env: Env, write: (line: string) => void): void {
  if (warned) return;
  warned = true;
  const warnings = settingsWarnings(env);
  if (warnings.length > 0) write(`settings: ${warnings.join('; ')}`);
}
