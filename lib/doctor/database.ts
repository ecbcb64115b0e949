// `memory doctor`'s database checks: the real cause of a database that cannot be written or read
// (disk full, permissions, a planted symlink, a lock, a newer schema, the driver, damage) and the
// fix for that cause. Read-only throughout, and never advises moving aside a file that opens.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { repairNote } from '../faults/damage.js';
import { ftsRebuildSql, probeDb, WAL_SQL, type DbFacts } from '../db/probe.js';
import { FAULT_WORDS, faultOf, type Fault } from '../faults/faults.js';
import type { Env } from '../paths.js';
import { listPending } from '../faults/spool.js';
import type { DbCheck } from './check.js';
import {
  checkDisk,
  checkPlantedFiles,
  checkPrivacy,
  checkWritable,
  existingAncestor,
  unwritableFolder,
} from './file-checks.js';

export type { DbCheck } from './check.js';

export const REPAIR_FIX =
  'memory doctor --repair (copies every readable memory into a new file and keeps this one as memory.db.damaged-<date>)';

export interface DatabaseCheckOptions {
  readonly reinstall: string;
  readonly nodeVersion: string;
}

export function checkDatabase(dbPath: string, env: Env, options: DatabaseCheckOptions): DbCheck[] {
  const checks: DbCheck[] = [];
  const dir = dirname(dbPath);
  const diskFull = checkDisk(existingAncestor(dir), checks);
  checks.push(...checkPlantedFiles(dbPath));
  if (!existsSync(dbPath)) {
    const blocked = unwritableFolder(existingAncestor(dir));
    checks.push(
      blocked
        ? {
            status: 'fail',
            message: `no database yet at ${dbPath}, and ${blocked.path} ${blocked.why}: it cannot be created, so nothing is stored`,
            fix: `chmod u+w "${blocked.path}"`,
          }
        : {
            status: 'warn',
            message: `no database yet at ${dbPath}`,
            fix: 'it is created by the first captured Edit, Write, Bash or NotebookEdit; `memory import` can backfill past sessions',
          },
    );
    checks.push(...checkSpool(dbPath, env));
    return checks;
  }
  const probe = probeDb(dbPath);
  // After the probe: opening a read-only file is what creates its read-only -wal and -shm.
  const unwritable = checkWritable(dbPath, checks);
  if (probe.opened) {
    checks.push(...checkFacts(dbPath, probe.facts, diskFull || unwritable, options.reinstall));
  } else if (!unwritable || faultOf(probe.error) !== 'not-writable') {
    checks.push(diagnoseOpenError(dbPath, probe.error, options));
  }
  checks.push(...checkPrivacy(dbPath));
  checks.push(...checkSpool(dbPath, env));
  return checks;
}

function checkFacts(dbPath: string, facts: DbFacts, writeBlocked: boolean, reinstall: string): DbCheck[] {
  const checks: DbCheck[] = [];
  if (facts.schemaVersion > facts.expectedSchemaVersion) {
    checks.push({
      status: 'fail',
      message: `schema v${facts.schemaVersion} is newer than this install (v${facts.expectedSchemaVersion}): it was written by a newer claude-memory-hooks`,
      fix: `update the checkout (git pull), then ${reinstall}`,
    });
    return checks;
  }
  const intact = facts.integrity.length === 1 && facts.integrity[0] === 'ok';
  const note = repairNote(dbPath);
  if (!intact) {
    checks.push({
      status: 'fail',
      message: `${dbPath} is damaged: ${facts.integrity.slice(0, 3).join('; ')}`,
      fix: REPAIR_FIX,
    });
  } else {
    checks.push({
      status: 'ok',
      message: `${dbPath}: integrity_check ok${writeBlocked ? ' (the memories in it are intact)' : ''}`,
    });
    if (note !== null)
      checks.push({
        status: 'warn',
        message: `an earlier check found ${dbPath} damaged (${note}); capture keeps new events aside until it is cleared`,
        fix: 'memory doctor --repair (it checks again, and clears the note when the file is sound)',
      });
  }
  checks.push(
    facts.journalMode.toLowerCase() === 'wal'
      ? { status: 'ok', message: 'journal mode WAL' }
      : {
          status: 'fail',
          message: `journal mode is ${facts.journalMode}, not WAL: concurrent hooks will block each other`,
          fix: `sqlite3 "${dbPath}" '${WAL_SQL}' (the next hook run also switches it back)`,
        },
  );
  checks.push(
    facts.schemaVersion === facts.expectedSchemaVersion
      ? { status: 'ok', message: `schema v${facts.schemaVersion}` }
      : {
          status: 'warn',
          message: `schema v${facts.schemaVersion}, this version uses v${facts.expectedSchemaVersion} (search, the page and MCP read a migrated copy meanwhile)`,
          fix: 'memory doctor --repair migrates it now (so does the next captured tool call)',
        },
  );
  if (!intact) return checks;
  if (facts.unindexed > 0)
    checks.push({
      status: 'warn',
      message: `${facts.unindexed} memories are not in the search index yet (search scans them meanwhile)`,
      fix: 'memory search --reindex (the Stop hook and every search also index a batch)',
    });
  for (const index of facts.indexes) {
    checks.push(
      index.problem === null
        ? { status: 'ok', message: `${index.table} index ok (${index.rows} rows)` }
        : {
            status: 'fail',
            message: `${index.table} ${index.problem}`,
            fix: `rebuild the indexes: sqlite3 "${dbPath}" "${ftsRebuildSql()}" (then \`memory search --reindex\`)`,
          },
    );
  }
  return checks;
}

function diagnoseOpenError(dbPath: string, error: unknown, options: DatabaseCheckOptions): DbCheck {
  const fault: Fault = faultOf(error, dbPath);
  const detail = error instanceof Error ? error.message : String(error);
  switch (fault) {
    case 'locked': {
      const holders = lockHolders(dbPath);
      return {
        status: 'fail',
        message: `${dbPath} is locked by another process${holders ? ` (${holders})` : ''}: hooks keep new events for later and store them once it lets go`,
        fix: `wait for it to finish, or end it${holders ? '' : ' (find it with: fuser -v "' + dbPath + '")'}; then run memory doctor again`,
      };
    }
    case 'damaged':
      return { status: 'fail', message: `${dbPath} is damaged: ${detail}`, fix: REPAIR_FIX };
    case 'addon':
      return {
        status: 'fail',
        message: `the SQLite driver (better-sqlite3) was built for another Node than ${options.nodeVersion}: ${detail.split('\n')[0]}`,
        fix: `${options.reinstall} (it rebuilds better-sqlite3 for this Node)`,
      };
    case 'disk-full':
      return {
        status: 'fail',
        message: `${dbPath} cannot be opened because the disk is full; the memories in it are not lost`,
        fix: 'free some space on that disk',
      };
    case 'not-writable':
      return {
        status: 'fail',
        message: `${dbPath} cannot be opened: ${detail}`,
        fix: `check that you own it and its folder can be written: chmod u+w "${dirname(dbPath)}" "${dbPath}"`,
      };
    default:
      return {
        status: 'fail',
        message: `${dbPath} cannot be opened: ${FAULT_WORDS[fault]} (${detail})`,
        fix: 'run memory doctor --json and include its output when you report this; do not delete the file',
      };
  }
}

/** "pid 1234 (sqlite3)" for each process that has the file open, from fuser or lsof when installed. */
function lockHolders(dbPath: string): string {
  const pids = new Set<number>();
  for (const [tool, args] of [
    ['fuser', [dbPath, `${dbPath}-wal`]],
    ['lsof', ['-t', dbPath]],
  ] as const) {
    const result = spawnSync(tool, args, { encoding: 'utf8', timeout: 5000 });
    if (result.error) continue;
    for (const match of `${result.stdout ?? ''}`.matchAll(/\d+/g)) {
      const pid = Number(match[0]);
      if (pid !== process.pid) pids.add(pid);
    }
    if (pids.size > 0) break;
  }
  return [...pids]
    .slice(0, 5)
    .map((pid) => `pid ${pid}${commandName(pid)}`)
    .join(', ');
}

function commandName(pid: number): string {
  try {
    return ` ${readFileSync(join('/proc', String(pid), 'comm'), 'utf8').trim()}`;
  } catch {
    return '';
  }
}

function checkSpool(dbPath: string, env: Env): DbCheck[] {
  const pending = listPending(dbPath, env);
  if (pending.length === 0) return [];
  const where = [...new Set(pending.map((event) => dirname(event.path)))].join(', ');
  return [
    {
      status: 'warn',
      message: `${pending.length} event${pending.length === 1 ? '' : 's'} kept for later in ${where}, not yet in the database`,
      fix: 'nothing to do once the problem above is fixed: the next tool call or Stop stores them (or memory doctor --repair)',
    },
  ];
}
