// Shared by `search` and `forget`: flag values → validated filters (UsageError on a bad one), and the
// read-only entry to the database (never created from here).
import { statSync } from 'node:fs';
import { loadConfig, type Config } from '../lib/config.js';
import { withDb, type Db } from '../lib/db/open.js';
import { NO_FILTERS, type Filters } from '../lib/db/search.js';
import { MissingDatabaseError, UsageError } from '../lib/errors.js';
import { resolveProject } from '../lib/project.js';
import { parseLimit, parseType, parseWhen, type Parsed } from '../lib/search/plan.js';

export interface FilterOptions {
  readonly project?: string;
  readonly here?: boolean;
  readonly type?: string;
  readonly since?: string;
  readonly limit?: string;
  readonly json?: boolean;
}

export function valueOf<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new UsageError(parsed.error);
  return parsed.value;
}

export function filtersFrom(options: FilterOptions, now: Date): Filters {
  if (options.here && options.project !== undefined) {
    throw new UsageError('use either --project <name> or --here, not both');
  }
  const project = options.project === undefined ? null : options.project.trim();
  if (project === '') throw new UsageError('--project expects a project name (see `memory search --stats`)');
  return {
    ...NO_FILTERS,
    project,
    projectPath: options.here ? resolveProject(process.env, process.cwd()).path : null,
    type: options.type === undefined ? null : valueOf(parseType(options.type)),
    since: options.since === undefined ? null : valueOf(parseWhen('--since', options.since, now)),
  };
}

export function limitFrom(options: FilterOptions, fallback: number): number {
  return options.limit === undefined ? fallback : valueOf(parseLimit(options.limit));
}

export function cliConfig(): Config {
  return loadConfig(process.env);
}

/** Runs `work` on the existing database and closes it; MissingDatabaseError when there is none yet. */
export function withDatabase(config: Config, work: (db: Db) => string): string {
  const result = withDb(config.dbPath, { create: false }, work);
  if (result === null) throw new MissingDatabaseError(config.dbPath);
  return result;
}

/** Bytes on disk of the database and its WAL (0 when absent). */
export function databaseBytes(dbPath: string): { readonly bytes: number; readonly wal_bytes: number } {
  const size = (path: string): number => statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  return { bytes: size(dbPath), wal_bytes: size(`${dbPath}-wal`) };
}
