// The `memory` launcher script and the install record, as text: what we write, and how we recognise
// our own files again (a launcher is ours by its marker line, and it runs one runtime). Pure.
import { cliPath } from './layout.js';

const LAUNCHER_MARK = '# claude-memory-hooks launcher';

export function launcherText(runtime: string): string {
  return `#!/bin/sh\n${LAUNCHER_MARK}, written by install.sh; ./install.sh --uninstall removes it.\nexec node ${shellQuote(cliPath(runtime))} "$@"\n`;
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
}

export function formatRecord(record: Required<InstallRecord>): string {
  return `launcher=${record.launcher}\ncommand=${record.command}\n`;
}

export function parseRecord(text: string): InstallRecord {
  const launcher = /^launcher=(.+)$/m.exec(text)?.[1];
  const command = /^command=(.+)$/m.exec(text)?.[1];
  return { ...(launcher === undefined ? {} : { launcher }), ...(command === undefined ? {} : { command }) };
}

/** Single-quotes a word for sh. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
