// What every `memory team` subcommand shares: running one action (config warnings first, then its
// output), the local database opened for the length of it, and the project a command names.
import { writeOut } from '../../lib/io/stdout.js';
import { openDb, type Db } from '../../lib/db/open.js';
import { MissingDatabaseError, UsageError } from '../../lib/errors.js';
import { resolveProject } from '../../lib/capture/project.js';
import { cleanText } from '../../lib/text/sanitize.js';
import { loadTeamConfig, type TeamConfig } from '../../lib/team/connection-string.js';
import { TeamError } from '../../lib/team/connect.js';
import { cliConfig } from '../shared/database.js';

/** Runs one team action: prints config warnings, then its output. Errors go to cli.ts. */
export async function run(action: (config: TeamConfig) => Promise<string>): Promise<void> {
  cliConfig(); // the local settings, read once, their warnings said before any output
  writeOut(await action(loadTeamConfig(process.env)));
}

/** Opens the local database for the duration of `work` (created only when `create`). */
export async function withLocal<T>(create: boolean, work: (db: Db) => T | Promise<T>): Promise<T> {
  const dbPath = cliConfig().dbPath;
  const db = openDb(dbPath, { create });
  if (!db) throw new MissingDatabaseError(dbPath);
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

export function withLocalSync<T>(work: (db: Db) => T): T | null {
  const db = openDb(cliConfig().dbPath, { create: false });
  if (!db) return null;
  try {
    return work(db);
  } finally {
    db.close();
  }
}

export function projectName(given: string | undefined): string {
  const name = given?.trim() ?? resolveProject(process.env, process.cwd()).name;
  if (name === '') throw new UsageError('give a project name (see `memory search --stats`)');
  return name;
}

export function notMaintainer(project: string): TeamError {
  return new TeamError(`you do not maintain a project "${cleanText(project)}" on the team server`);
}
