// The "needs repair" note beside the database: written when the daily check or a write finds the
// file damaged, read by capture (defer instead of writing into it) and by SessionStart (tell the
// user once a day), removed by `memory doctor --repair`.
import { unlinkSync } from 'node:fs';
import { repairNotePath } from '../paths.js';
import { readRegularFile, regularFileMtime, writeFileAtomic } from '../io/safe-fs.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOTE_MAX_BYTES = 4096;

/** What was found, or null when the database is not known to be damaged. */
export function repairNote(dbPath: string): string | null {
  const text = readRegularFile(repairNotePath(dbPath), NOTE_MAX_BYTES);
  return text === null ? null : text.trim();
}

/**
 * Records the damage, dated long ago so that the next SessionStart tells the user at once. An
 * existing note is kept as it is: its date says when the user was last told.
 */
export function noteDamage(dbPath: string, finding: string): void {
  if (repairNote(dbPath) !== null) return;
  writeFileAtomic(repairNotePath(dbPath), `${finding.replace(/\s+/g, ' ').slice(0, 500)}\n`, new Date(0));
}

export function clearDamageNote(dbPath: string): void {
  try {
    unlinkSync(repairNotePath(dbPath));
  } catch {
    // Not there: nothing to clear.
  }
}

/**
 * The line to show the user, at most once a day while the note exists (the note's mtime is when
 * they were last told); null otherwise.
 */
export function claimRepairNotice(dbPath: string, now: Date): string | null {
  const finding = repairNote(dbPath);
  if (finding === null) return null;
  const told = regularFileMtime(repairNotePath(dbPath));
  if (told !== null && now.getTime() - told < DAY_MS && told <= now.getTime()) return null;
  writeFileAtomic(repairNotePath(dbPath), `${finding}\n`, now);
  return `claude-memory-hooks: ${dbPath} is damaged, new memories are kept aside until it is repaired; run \`memory doctor --repair\` to recover what is readable`;
}
