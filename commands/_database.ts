// The CLI's way into the database: the configuration, and a read-only entry that never creates the
// file (MissingDatabaseError instead).
import { loadConfig, warnAboutSettings, type Config } from '../lib/config/config.js';
import { MemoryStore } from '../lib/db/memories.js';
import type { Db } from '../lib/db/open.js';
import { withReadableDb } from '../lib/db/read-only.js';
import { projectNames } from '../lib/db/search.js';
import { MissingDatabaseError, UsageError } from '../lib/errors.js';
import { cleanText } from '../lib/text/sanitize.js';
import { clip } from '../lib/text.js';
import { nearestNames } from './_flags.js';
import { quoted } from './_format.js';
import { drainPending } from '../lib/faults/store-or-defer.js';

/** The settings, after saying once on stderr what is wrong with any of them. */
export function cliConfig(): Config {
  warnAboutSettings(process.env, (line) => process.stderr.write(`memory: ${line}\n`));
  return loadConfig(process.env);
}

/**
 * Runs `work` on the existing database and closes it; MissingDatabaseError when there is none yet.
 * A database this user cannot write beside is read from a read-only snapshot (lib/db/read-only.ts).
 * `oneShot`: work that only reads (a search), with the small page cache of lib/db/open.ts.
 */
export function withDatabase(config: Config, work: (db: Db) => string, options: { oneShot?: boolean } = {}): string {
  // A CLI run that can write stores what the hooks had to keep aside (see lib/faults/spool.ts); one that
  // cannot (a read-only home) still reads, from a snapshot.
  const result = withReadableDb(config.dbPath, { create: false, oneShot: options.oneShot ?? false }, (db, snapshot) => {
    if (!snapshot) drainPending(new MemoryStore(db), config, process.env);
    return work(db);
  });
  if (result === null) throw new MissingDatabaseError(config.dbPath);
  return result;
}

/** A --project no memory belongs to is a name mistyped (search, forget): the nearest names, exit 1. */
export function unknownProjectError(db: Db, project: string): UsageError {
  const nearest = nearestNames(project, projectNames(db));
  return new UsageError(
    `no project named ${quoted(clip(cleanText(project), 60))} has memories` +
      (nearest.length > 0 ? ` (nearest: ${nearest.map((name) => cleanText(name)).join(', ')})` : ' (none has any yet)'),
  );
}
