// The settings file (~/.claude/memory.json, or $CLAUDE_MEMORY_CONFIG): read at most once per process
// and path. Only lib/config/config.ts reads through it; a file that is missing is no settings, a file that
// is not a JSON object is a warning, never a throw.
import { existsSync, readFileSync } from 'node:fs';

export type SettingsFile =
  | { readonly ok: true; readonly values: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly reason: string };

const read = new Map<string, SettingsFile>();

/** A write (lib/config/write.ts) makes the next read see the new file. */
export function forgetSettingsFile(path: string): void {
  read.delete(path);
}

/** The file's settings, read once per process (a hook asks for several sections). */
export function settingsFile(path: string): SettingsFile {
  let file = read.get(path);
  if (!file) {
    file = readNow(path);
    read.set(path, file);
  }
  return file;
}

export function readNow(path: string): SettingsFile {
  // Most machines have no settings file: asking costs a third of a failed read's thrown error.
  if (!existsSync(path)) return { ok: true, values: {} };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { ok: true, values: {} };
  }
  try {
    const parsed: unknown = text.trim() === '' ? {} : JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return { ok: false, reason: `${path} is not a JSON object` };
    return { ok: true, values: parsed as Record<string, unknown> };
  } catch {
    return { ok: false, reason: `${path} is not valid JSON` };
  }
}
