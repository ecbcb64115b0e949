// Team settings: defaults ← the `team` object of ~/.claude/memory.json ← CLAUDE_MEMORY_TEAM_* env.
// Also the one place that turns the connection string into something printable (never the password).
// Bad values fall back with a warning; loading never throws.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { configFilePath, type Env } from '../paths.js';
import { PII_KINDS, type PiiKind } from './pii.js';

export interface TeamConfig {
  /** postgres:// connection string, or null when no team server is configured. */
  readonly url: string | null;
  readonly urlSource: 'CLAUDE_MEMORY_TEAM_URL' | 'config file' | null;
  /** The name teammates see next to this machine's memories. */
  readonly hostName: string;
  /** Which PII kinds push replaces (all by default). */
  readonly pii: readonly PiiKind[];
  /** Extra patterns (regular expressions) push replaces, from the config file. */
  readonly piiPatterns: readonly RegExp[];
  /** How long to wait for the server to answer a connection, in milliseconds. */
  readonly connectTimeoutMs: number;
  /** After a Stop, push in a detached process at most this often (minutes); 0 = only by command. */
  readonly autoPushMinutes: number;
  readonly configPath: string;
  readonly warnings: readonly string[];
}

// The package's optional settings file (lib/paths.ts); only its `team` object is read here.
export { configFilePath };

interface TeamFileSettings {
  url?: unknown;
  host?: unknown;
  pii?: unknown;
  piiPatterns?: unknown;
  connectTimeoutMs?: unknown;
  autoPushMinutes?: unknown;
}

export function loadTeamConfig(env: Env): TeamConfig {
  const warnings: string[] = [];
  const configPath = configFilePath(env);
  const file = readTeamSection(configPath, warnings);
  const fileUrl = typeof file.url === 'string' && file.url.trim() !== '' ? file.url.trim() : null;
  const envUrl = env['CLAUDE_MEMORY_TEAM_URL']?.trim() || null;
  const hostName =
    env['CLAUDE_MEMORY_TEAM_HOST']?.trim() || (typeof file.host === 'string' && file.host.trim()) || hostname();
  return {
    url: envUrl ?? fileUrl,
    urlSource: envUrl ? 'CLAUDE_MEMORY_TEAM_URL' : fileUrl ? 'config file' : null,
    hostName: hostName.slice(0, 200),
    pii: piiKinds(env['CLAUDE_MEMORY_TEAM_PII'] ?? file.pii, warnings),
    piiPatterns: patterns(file.piiPatterns, warnings),
    connectTimeoutMs: timeout(env['CLAUDE_MEMORY_TEAM_TIMEOUT_MS'] ?? file.connectTimeoutMs, warnings),
    autoPushMinutes: minutes(env['CLAUDE_MEMORY_TEAM_AUTO_PUSH'] ?? file.autoPushMinutes, warnings),
    configPath,
    warnings,
  };
}

function readTeamSection(path: string, warnings: string[]): TeamFileSettings {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  try {
    const parsed: unknown = JSON.parse(text);
    const team = (parsed as { team?: unknown } | null)?.team;
    if (team === undefined) return {};
    if (typeof team === 'object' && team !== null && !Array.isArray(team)) return team as TeamFileSettings;
    warnings.push(`${path}: "team" is not an object; ignored`);
  } catch {
    warnings.push(`${path} is not valid JSON; its team settings are ignored`);
  }
  return {};
}

/** `email,phone`, `none`, or a JSON list of the same. */
function piiKinds(value: unknown, warnings: string[]): PiiKind[] {
  if (value === undefined || value === null || value === '') return [...PII_KINDS];
  const words = Array.isArray(value) ? value.map(String) : String(value).split(',');
  const kinds: PiiKind[] = [];
  for (const word of words.map((w) => w.trim().toLowerCase()).filter(Boolean)) {
    if (word === 'none' || word === 'off') return [];
    const kind = PII_KINDS.find((k) => k === word);
    if (kind) kinds.push(kind);
    else warnings.push(`unknown PII kind "${word}" (known: ${PII_KINDS.join(', ')}, none)`);
  }
  return kinds;
}

function patterns(value: unknown, warnings: string[]): RegExp[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    warnings.push('team.piiPatterns must be a list of regular expressions; ignored');
    return [];
  }
  const compiled: RegExp[] = [];
  for (const source of value) {
    try {
      compiled.push(new RegExp(String(source), 'gu'));
    } catch {
      warnings.push(`team.piiPatterns: "${String(source)}" is not a valid regular expression; ignored`);
    }
  }
  return compiled;
}

function timeout(value: unknown, warnings: string[]): number {
  const fallback = 5000;
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 100 || n > 120_000) {
    warnings.push(
      `team connect timeout ${String(value)} is not a whole number of milliseconds from 100 to 120000; using ${fallback}`,
    );
    return fallback;
  }
  return n;
}

function minutes(value: unknown, warnings: string[]): number {
  if (value === undefined || value === '' || value === 0 || value === '0') return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10_080) {
    warnings.push(
      `team auto-push interval ${String(value)} is not a whole number of minutes from 1 to 10080; auto-push is off`,
    );
    return 0;
  }
  return n;
}

/** The connection string without its password (user, host, port and database stay). */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    for (const key of [...parsed.searchParams.keys()]) {
      if (/pass/i.test(key)) parsed.searchParams.set(key, '***');
    }
    return parsed.toString();
  } catch {
    // Not a URL (a libpq key=value string): keep only what is clearly not secret.
    return url.replace(/password\s*=\s*('[^']*'|\S+)/gi, 'password=***');
  }
}

/** Every way the password may appear in a message, for scrubbing errors that quote the URL. */
export function secretsOf(url: string): string[] {
  const found: string[] = [];
  try {
    const parsed = new URL(url);
    if (parsed.password) found.push(parsed.password, decodeURIComponent(parsed.password));
    for (const [key, value] of parsed.searchParams) if (/pass/i.test(key) && value) found.push(value);
  } catch {
    for (const match of url.matchAll(/password\s*=\s*'?([^'\s]+)/gi)) found.push(match[1] as string);
  }
  return [...new Set(found.filter((secret) => secret.length > 0))];
}
