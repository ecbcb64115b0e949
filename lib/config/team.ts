// The team server's settings (the `team` object of the settings file, CLAUDE_MEMORY_TEAM_*), read
// through lib/config/reader.ts like every other setting.
import { hostname } from 'node:os';
import type { Env } from '../paths.js';
import { Reader } from './reader.js';
import { SETTINGS, TEAM_PII_KINDS, type TeamPiiKind } from './settings.js';

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
  return teamFrom(new Reader(env), hostname);
}

/** `machineName` is asked only when no host is set: node:os loads for team commands alone. */
export function teamFrom(read: Reader, machineName: () => string): TeamConfig {
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
