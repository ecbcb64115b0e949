#!/usr/bin/env node
// Internal: the JSON and template edits install.sh must not do in shell. One action per call,
// one printed line per change; exit 1 with one clear line when it refuses, having changed nothing.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { backupFile, readSettingsFile, writeFileAtomic } from '../lib/install/files.js';
import { detectIndent, installHooks, serializeSettings, uninstallHooks, type Change, type MergeResult } from '../lib/install/settings.js';
import { isOurSlashCommand, renderSlashCommand } from '../lib/install/slash.js';

const USAGE = `usage: _install.js check-settings <settings.json>
       _install.js hooks-install <settings.json> <runtime-dir>
       _install.js hooks-uninstall <settings.json> <runtime-dir>
       _install.js check-command <command-file> <runtime-dir>
       _install.js write-command <template.md> <command-file> <runtime-dir>
       _install.js remove-commands <commands-dir> <runtime-dir> [<command-file to keep>]`;

const [action, ...args] = process.argv.slice(2);
try {
  run(action, args);
} catch (error) {
  process.stderr.write(`install.sh: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}

function run(name: string | undefined, params: string[]): void {
  const [first = '', second = '', third = ''] = params;
  switch (name) {
    case 'check-settings':
      loadSettings(first);
      return;
    case 'hooks-install':
      return editSettings(first, (value) => installHooks(value, second), 'hooks already up to date');
    case 'hooks-uninstall':
      if (!existsSync(first)) return say(`${first} does not exist: no hooks to remove`);
      return editSettings(first, (value) => uninstallHooks(value, second), 'no hooks of ours to remove');
    case 'check-command':
      return checkCommandFile(first, second);
    case 'write-command':
      return writeCommand(first, second, third);
    case 'remove-commands':
      return removeCommands(first, second, third);
    default:
      throw new Error(USAGE);
  }
}

function loadSettings(path: string): ReturnType<typeof readSettingsFile> & { ok: true } {
  const file = readSettingsFile(path);
  if (!file.ok) {
    throw new Error(`${path} ${file.reason}. Fix or move it, then run install.sh again; nothing was changed.`);
  }
  return file;
}

function editSettings(path: string, edit: (value: Record<string, unknown>) => MergeResult, unchanged: string): void {
  const file = loadSettings(path);
  const result = edit(file.value);
  if (!result.changed) return say(`${path}: ${unchanged}`);
  const backup = file.exists ? backupFile(path, new Date()) : null;
  writeFileAtomic(path, serializeSettings(result.settings, detectIndent(file.text)));
  const note = backup ? ` (backup: ${backup})` : '';
  say(`${path}: ${describe(result.changes)}${note}`);
}

function describe(changes: readonly Change[]): string {
  return changes.map((change) => `${change.event} ${change.action}`).join(', ');
}

/** Refuses to overwrite a command file someone else wrote under the name we were asked to use. */
function checkCommandFile(path: string, runtime: string): void {
  if (!existsSync(path)) return;
  if (isOurSlashCommand(readFileSync(path, 'utf8'), runtime)) return;
  throw new Error(`${path} already exists and was not installed by claude-memory-hooks; pick another name with --command-name NAME`);
}

function writeCommand(template: string, path: string, runtime: string): void {
  checkCommandFile(path, runtime);
  const text = renderSlashCommand(readFileSync(template, 'utf8'), {
    helper: `${runtime}/dist/commands/_slash.js`,
    delimiter: `CLAUDE_MEMORY_ARGS_${randomBytes(6).toString('hex')}`,
  });
  writeFileAtomic(path, text);
}

/** Removes our command files, except `keep` (a re-install under a new --command-name drops the old name). */
function removeCommands(dir: string, runtime: string, keep: string): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir)) {
    if (!entry.endsWith('.md')) continue;
    const path = join(dir, entry);
    if (path === keep) continue;
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue; // a directory or unreadable file is not ours
    }
    if (!isOurSlashCommand(text, runtime)) continue;
    rmSync(path, { force: true });
    say(`removed slash command /${entry.slice(0, -3)} (${path})`);
  }
}

function say(line: string): void {
  process.stdout.write(`✓ ${line}\n`);
}
