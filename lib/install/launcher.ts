// The `memory` launcher script and the install record, as text: what we write, and how we recognise
// our own files again (a launcher is ours by its marker line, and it runs one runtime). Pure.
import { cliPath } from './layout.js';
import { NODE_COMMAND } from '../runtime/executables.js';

const LAUNCHER_MARK = '# claude-memory-hooks launcher';

export function launcherText(runtime: string): string {
  return `#!/bin/sh\n${LAUNCHER_MARK}, written by install.sh; ./install.sh --uninstall removes it.\nexec ${NODE_COMMAND} ${shellQuote(cliPath(runtime))} "$@"\n`;
}

export function isOurLauncher(text: string): boolean {
  return text.includes(LAUNCHER_MARK);
}

/** Ours and running this runtime (not the runtime of another CLAUDE_CONFIG_DIR). */
export function launcherRuns(text: string, runtime: string): boolean {
  return isOurLauncher(text) && text.includes(cliPath(runtime));
}

/** What an install wrote outside the runtime; read back by the next install, uninstall and doctor. */
export interface InstallRecord {
  readonly launcher?: string;
  readonly command?: string;
  /** settings.json did not exist before the first install: uninstall removes it once nothing else is in it. */
  readonly settingsCreated?: boolean;
  /** Directories an install created (HOME's `.local/bin`, `~/.claude/commands`…): uninstall removes them when empty. */
  readonly createdDirs?: readonly string[];
  /** Another agent's config files the install created: uninstall removes each once nothing else is in it. */
  readonly createdFiles?: readonly string[];
}

export function formatRecord(record: Required<InstallRecord>): string {
  const created = [
    ...record.createdDirs.map((dir) => `created-dir=${dir}\n`),
    ...record.createdFiles.map((file) => `created-file=${file}\n`),
  ].join('');
  return `launcher=${record.launcher}\ncommand=${record.command}\n${record.settingsCreated ? 'settings-created=yes\n' : ''}${created}`;
}

export function parseRecord(text: string): InstallRecord {
  const launcher = /^launcher=(.+)$/m.exec(text)?.[1];
  const command = /^command=(.+)$/m.exec(text)?.[1];
  const createdDirs = [...text.matchAll(/^created-dir=(.+)$/gm)].map((match) => match[1] as string);
  const createdFiles = [...text.matchAll(/^created-file=(.+)$/gm)].map((match) => match[1] as string);
  return {
    ...(launcher === undefined ? {} : { launcher }),
    ...(command === undefined ? {} : { command }),
    settingsCreated: /^settings-created=yes$/m.test(text),
    createdDirs,
    createdFiles,
  };
}

/** Single-quotes a word for sh. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
