// The CLI's way into the database: the configuration, and an entry that never creates the file
// (MissingDatabaseError instead). Reading commands read: only a command that changes the file stores
// what the hooks kept aside.
import { loadConfigWarning, type Config } from '../../lib/config/config.js';
import { MemoryStore } from '../../lib/db/memories.js';
import type { Db } from '../../lib/db/open.js';
import { withReadableDb } from '../../lib/db/read-only.js';
import { MissingDatabaseError, UsageError } from '../../lib/errors.js';
import { projectNames } from '../../lib/search/queries.js';
import { cleanText } from '../../lib/text/sanitize.js';
import { clip } from '../../lib/text/bounded.js';
import { nearestNames } from './flags.js';
import { quoted } from './format.js';
import { listPending } from '../../lib/faults/spool.js';
import { drainPending } from '../../lib/faults/store-or-defer.js';

let built: Config | undefined;

/** The settings, built once for the command, after saying once on stderr what is wrong with any of them. */
export function cliConfig(): Config {
  built ??= loadConfigWarning(process.env, (line) => process.stderr.write(`memory: ${line}\n`));
  return built;
}

export interface DatabaseOptions {
  /** Work that reads scattered rows once (a search), with the small page cache of lib/db/open.ts. */
  readonly oneShot?: boolean;
}

/** Whether a command changes the file (forget, redact, --reindex) or only reads it (search, show). */
export type Access = 'read' | 'write';

/**
 * Runs `work` on the existing database and closes it; MissingDatabaseError when there is none yet.
 * A database this user cannot write beside is read from a read-only snapshot (lib/db/read-only.ts).
 * A reading command opens the file query-only, so it never changes it: a file older than this build's
 * schema is read from a private migrated copy (lib/db/read-only.ts), and migrated only by what writes.
 */
export function withDatabase(
  config: Config,
  access: Access,
  work: (db: Db) => string,
  options: DatabaseOptions = {},
): string {
  const oneShot = options.oneShot ?? false;
  const result =
    access === 'write'
      ? withReadableDb(config.dbPath, { create: false, oneShot }, (db, snapshot) => {
          // A command that writes stores what the hooks had to keep aside (see lib/faults/spool.ts); one
          // that cannot (a read-only home) still reads, from a snapshot.
          if (!snapshot) drainPending(new MemoryStore(db), config, process.env);
          return work(db);
        })
      : withReadableDb(config.dbPath, { create: false, queryOnly: true, oneShot }, work);
  if (result === null) throw new MissingDatabaseError(config.dbPath);
  return result;
}

/** How many captured events wait in the spool for the next hook or `memory doctor --repair` to store them. */
export function waitingEvents(config: Config): number {
  return listPending(config.dbPath, process.env).length;
}

/** A --project no memory belongs to is a name mistyped (search, forget): the nearest names, exit 1. */
export function unknownProjectError(db: Db, project: string): UsageError {
  const nearest = nearestNames(project, projectNames(db));
  return new UsageError(
    `no project named ${quoted(clip(cleanText(project), 60))} has memories` +
      (nearest.length > 0 ? ` (nearest: ${nearest.map((name) => cleanText(name)).join(', ')})` : ' (none has any yet)'),
  );
}
