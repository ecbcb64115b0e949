// Every setting of the package, one way: defaults ← the settings file (~/.claude/memory.json) ←
// CLAUDE_MEMORY_* environment variables. With lib/config/ (the table, the reader, the file, the team
// section) the only code that reads either for a setting; the rest take typed values from here. A bad
// value falls back with a warning, and loading never throws. docs/configuration.md lists SETTINGS.
import { defaultDbPath, type Env } from '../paths.js';
import { configFilePath, Reader } from './reader.js';
import { loadTeamConfig, teamAutoPush, teamFrom, type TeamConfig } from './team.js';
import {
  CAPTURE_BUDGET_MS,
  CONTEXT_CHARS_MAX,
  RECALL_DEADLINE_MS,
  RECALL_ON_BY_DEFAULT,
  SETTINGS,
  STDIN_TIMEOUT_MS,
} from './settings.js';

export { CAPTURE_BUDGET_MS, CONTEXT_CHARS_MAX, RECALL_DEADLINE_MS, RECALL_ON_BY_DEFAULT, SETTINGS, STDIN_TIMEOUT_MS };
export { TEAM_PII_KINDS, type Setting, type TeamPiiKind } from './settings.js';

export { configFilePath, loadTeamConfig, teamAutoPush, type TeamConfig };

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
  /** How long a hook waits for its stdin, and capture for a busy database (milliseconds). */
  readonly stdinTimeoutMs: number;
  readonly captureBudgetMs: number;
  /** Milliseconds from the hook's start after which recall prints nothing. */
  readonly recallDeadlineMs: number;
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
    stdinTimeoutMs: stdinTimeoutFrom(read),
    captureBudgetMs: captureBudgetFrom(read),
    // Up to the stdin wait: a slow machine may give recall longer, never the whole hook timeout.
    recallDeadlineMs: read.whole('recallDeadlineMs', RECALL_DEADLINE_MS, 1, STDIN_TIMEOUT_MS),
    warnings: read.warnings,
  };
}

/** CLAUDE_MEMORY_DISABLE: capture and recall are off. */
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

/** Every setting, read once by one reader: what `memory doctor` checks. */
export interface Settings {
  readonly config: Config;
  /** Its warnings are recall's own and the settings file's. */
  readonly recall: RecallSetting;
  /** Every warning of every setting, each once. */
  readonly warnings: readonly string[];
}

export function readSettings(env: Env): Settings {
  const read = new Reader(env);
  const ofFile = [...read.warnings];
  const config = coreFrom(read);
  const before = read.warnings.length;
  const recall = recallFrom(read);
  const ofRecall = [...ofFile, ...read.warnings.slice(before)];
  teamFrom(read, () => '');
  return { config, recall: { ...recall, warnings: ofRecall }, warnings: [...read.warnings] };
}

/** The warnings of a reader that has read the core settings: the rest are read too, then all are listed. */
function warningsAfterCore(read: Reader): readonly string[] {
  recallFrom(read);
  teamFrom(read, () => '');
  return read.warnings;
}

let warned = false;

function sayWarnings(warnings: readonly string[], write: (line: string) => void): void {
  if (warnings.length > 0) write(`settings: ${warnings.join('; ')}`);
}

/**
 * The settings of a command or server, read once: the same Config as loadConfig, after saying every
 * setting's warnings on one line (`settings: …`), once per process.
 */
export function loadConfigWarning(env: Env, write: (line: string) => void): Config {
  const read = new Reader(env);
  const config = coreFrom(read);
  if (!warned) {
    warned = true;
    sayWarnings(warningsAfterCore(read), write);
  }
  return config;
}
