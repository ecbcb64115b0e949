// What install and uninstall share: how they talk, the typed refusal, the settings.json edit with
// its backup, and an undo log so that a failed install puts back every file it had changed.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MemoryError } from '../errors.js';
import type { Env } from '../paths.js';
import { describeError } from '../narrow.js';
import { backupFile, readSettingsFile, replaceProblem, writeFileAtomic, type Parse } from './files.js';
import type { SettingsEdit } from './settings.js';
import { isOurSlashCommand } from './slash.js';
import { TomlEditRefused } from './toml-text.js';

/** Lines for the person running install.sh: `✓ step`, plain info, `! warning` (stderr). */
export interface Reporter {
  step(text: string): void;
  info(text: string): void;
  warn(text: string): void;
}

export interface RunContext {
  readonly env: Env;
  readonly report: Reporter;
  /** Relative CLAUDE_CONFIG_DIR and --bin-dir resolve against this. */
  readonly cwd?: string;
  /** Whose files we may replace (tests pass another uid; root is no exception). */
  readonly uid?: number;
  readonly lockWaitMs?: number;
}

/** We stopped on purpose, before changing anything: the message says what to do. */
export class InstallRefusal extends MemoryError {
  override readonly name = 'InstallRefusal';
}

const RERUN = 'then run ./install.sh again; nothing was changed.';

/** Reads settings.json and refuses text we could not edit safely, or a file we may not replace. */
export function checkedSettings(
  path: string,
  edit: (text: string) => SettingsEdit,
  uid: number | undefined,
  parse?: Parse,
): { exists: boolean; text: string } {
  const file = readSettingsFile(path, parse);
  if (!file.ok) throw new InstallRefusal(`${path} ${file.reason}. Fix or move it, ${RERUN}`);
  let changed: boolean;
  try {
    changed = edit(file.text).changed;
  } catch (error) {
    if (error instanceof TomlEditRefused)
      throw new InstallRefusal(`${path} ${error.message}. Fix or move it, ${RERUN}`);
    throw error;
  }
  if (changed) {
    const problem = replaceProblem(path, uid);
    if (problem)
      throw new InstallRefusal(
        `${path} ${problem}, so its hooks cannot be changed. Make it yours and writable (or move it), ${RERUN}`,
      );
  }
  return file;
}

/** Collects how to put back each change; `rollBack` runs them newest first and never throws. */
export class UndoLog {
  private readonly steps: (() => void)[] = [];
  /** Every directory makeDir created, kept after forget() so the install can record them. */
  readonly createdDirs: string[] = [];

  push(step: () => void): void {
    this.steps.push(step);
  }

  /** The changes are kept for good: nothing to undo any more. */
  forget(): void {
    this.steps.length = 0;
  }

  rollBack(): string[] {
    const failures: string[] = [];
    for (const step of this.steps.reverse()) {
      try {
        step();
      } catch (error) {
        failures.push(describeError(error));
      }
    }
    this.steps.length = 0;
    return failures;
  }

  /** mkdir -p that records each directory it creates, so a rollback removes them again. */
  makeDir(dir: string): void {
    const missing: string[] = [];
    for (let current = dir; !existsSync(current) && dirname(current) !== current; current = dirname(current))
      missing.unshift(current);
    for (const path of missing) {
      try {
        mkdirSync(path);
      } catch (error) {
        if ((error as { code?: unknown }).code === 'EEXIST') continue; // a concurrent run made it: not ours to remove
        throw error;
      }
      this.createdDirs.push(path);
      this.push(() => rmdirSync(path));
    }
  }

  /** Writes a file atomically, remembering what was there before. */
  writeFile(path: string, text: string, newFileMode = 0o644): void {
    this.makeDir(dirname(path));
    const previous = existsSync(path) ? readFileSync(path, 'utf8') : null;
    writeFileAtomic(path, text, newFileMode);
    this.push(() => (previous === null ? rmSync(path, { force: true }) : writeFileAtomic(path, previous)));
  }
}

/** Applies a settings edit: backs the file up first, says what changed, and logs how to undo it. */
export function applySettingsEdit(
  path: string,
  file: { exists: boolean; text: string },
  result: SettingsEdit,
  unchanged: string,
  report: Reporter,
  undo = new UndoLog(),
): void {
  if (!result.changed) return report.step(`${path}: ${unchanged}`);
  const backup = file.exists ? backupFile(path, new Date()) : null;
  if (backup) undo.push(() => rmSync(backup, { force: true }));
  undo.writeFile(path, result.text);
  const note = backup ? ` (backup: ${backup})` : '';
  report.step(`${path}: ${result.changes.map((change) => `${change.event} ${change.action}`).join(', ')}${note}`);
}

/** Removes the directories in `dirs` that are empty now, deepest first; one that is not empty (or not there) stays. */
export function removeEmptyDirs(dirs: readonly string[], report: Reporter): void {
  for (const dir of [...new Set(dirs)].sort((a, b) => b.length - a.length)) {
    try {
      if (!existsSync(dir) || readdirSync(dir).length > 0) continue;
      rmdirSync(dir);
      report.step(`removed the empty directory ${dir} (the install had created it)`);
    } catch (error) {
      report.warn(`could not remove ${dir}: ${describeError(error)}`);
    }
  }
}

/** Our command files in `dir` (any name; `.md`, or Gemini CLI's `.toml`), except `keep`. */
export function ourCommandFiles(dir: string, runtime: string, keep?: string, extension = '.md'): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((entry) => entry.endsWith(extension))
    .map((entry) => join(dir, entry))
    .filter((path) => path !== keep && readsAsOurs(path, (text) => isOurSlashCommand(text, runtime)));
}

export function readsAsOurs(path: string, isOurs: (text: string) => boolean): boolean {
  try {
    return isOurs(readFileSync(path, 'utf8'));
  } catch {
    return false; // a directory or an unreadable file is not ours
  }
}
