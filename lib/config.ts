// Runtime settings: defaults ← CLAUDE_MEMORY_* environment variables.
// Bad values fall back to the default with a warning; loading never throws.
import { defaultDbPath, type Env } from './paths.js';

export interface Config {
  readonly dbPath: string;
  /** CLAUDE_MEMORY_DISABLE=1: hooks capture nothing and inject nothing. */
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

/** Claude Code replaces hook output over 10,000 characters with a preview: stay well below. */
export const CONTEXT_CHARS_MAX = 9000;

export function loadConfig(env: Env): Config {
  const warnings: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value)) {
      warnings.push(`${name}=${raw} is not a whole number; using ${fallback}`);
      return fallback;
    }
    return Math.min(max, Math.max(min, value));
  };
  return {
    dbPath: env['CLAUDE_MEMORY_DB'] || defaultDbPath(env),
    disabled: isDisabled(env),
    contextChars: int('CLAUDE_MEMORY_CONTEXT_CHARS', 2000, 300, CONTEXT_CHARS_MAX),
    retentionDays: int('CLAUDE_MEMORY_RETENTION_DAYS', 90, 1, 36500),
    errorRetentionDays: int('CLAUDE_MEMORY_ERROR_RETENTION_DAYS', 365, 1, 36500),
    contextDays: int('CLAUDE_MEMORY_CONTEXT_DAYS', 21, 1, 36500),
    dedupeWindowSec: 60,
    now: clockFrom(env['CLAUDE_MEMORY_NOW'], warnings),
    warnings,
  };
}

/** CLAUDE_MEMORY_DISABLE: capture and recall are off. */
export function isDisabled(env: Env): boolean {
  return isTruthy(env['CLAUDE_MEMORY_DISABLE']);
}

function isTruthy(value: string | undefined): boolean {
  return value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());
}

function clockFrom(fixed: string | undefined, warnings: string[]): () => Date {
  if (!fixed) return () => new Date();
  const time = Date.parse(fixed);
  if (Number.isNaN(time)) {
    warnings.push(`CLAUDE_MEMORY_NOW=${fixed} is not a date; using the real clock`);
    return () => new Date();
  }
  return () => new Date(time);
}
