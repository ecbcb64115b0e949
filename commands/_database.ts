// The CLI's way into the database: the configuration, and a read-only entry that never creates the
// file (MissingDatabaseError instead).
import { loadConfig, type Config } from '../lib/config.js';
import { withDb, type Db } from '../lib/db/open.js';
import { MissingDatabaseError } from '../lib/errors.js';

export function cliConfig(): Config {
  return loadConfig(process.env);
}

/** Runs `work` on the existing database and closes it; MissingDatabaseError when there is none yet. */
export function withDatabase(config: Config, work: (db: Db) => string): string {
  const result = withDb(config.dbPath, { create: false }, work);
  if (result === null) throw new MissingDatabaseError(config.dbPath);
  return result;
}
