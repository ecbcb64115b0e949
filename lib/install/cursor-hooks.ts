// Our hooks in Cursor's ~/.cursor/hooks.json, edited as text like settings.json: every other byte
// stays, a re-run changes nothing, uninstall takes out exactly ours. Cursor's file is flat, not nested
// like Claude Code's: `{"version":1,"hooks":{"<event>":[{"command":"…"}]}}`, one entry per handler.
import { CURSOR_HOOKS, type CursorHook } from '../runtime/executables.js';
import { insertValue, removeValue, textStyle } from './json-text.js';
import {
  hookCommand,
  isOurCommand,
  isPlainObject,
  parseJsonFile,
  type Change,
  type ParseResult,
  type SettingsEdit,
} from './settings.js';

/** Our command for one hook: the same bundles as Claude Code's, with `cursor` as their argument. */
export function cursorCommand(runtime: string, script: CursorHook['script']): string {
  return hookCommand(runtime, script, 'cursor');
}

/** Parses hooks.json; refuses shapes we could not edit without guessing (an empty file is `{}`). */
export function parseCursorHooks(text: string): ParseResult {
  return parseJsonFile(text, (value) => {
    if (!isPlainObject(value)) return 'is not a JSON object';
    const hooks = value['hooks'];
    if (hooks !== undefined && !isPlainObject(hooks)) return 'has a "hooks" value that is not an object';
    for (const [event, entries] of Object.entries(hooks ?? {}))
      if (!Array.isArray(entries)) return `has a "hooks.${event}" value that is not an array`;
    return null;
  });
}

function hooksOf(text: string): Record<string, unknown[]> | undefined {
  const parsed = parseCursorHooks(text);
  if (!parsed.ok) throw new Error(`hooks.json ${parsed.reason}`);
  return parsed.value['hooks'] as Record<string, unknown[]> | undefined;
}

const ours = (entries: readonly unknown[], runtime: string): number[] =>
  entries.flatMap((entry, at) => (isPlainObject(entry) && isOurCommand(entry['command'], runtime) ? [at] : []));

function removeAt(text: string, event: string, places: readonly number[]): string {
  let edited = text;
  for (const at of [...places].reverse()) edited = removeValue(edited, ['hooks', event, at]);
  return edited;
}

/** Registers each hook of CURSOR_HOOKS once, where ours stood (else last); a new file gets `"version": 1`. */
export function installCursorHooks(text: string, runtime: string): SettingsEdit {
  const blank = text.trim() === '';
  const style = textStyle(text);
  let edited = blank ? '{}' : text;
  if (blank) edited = insertValue(edited, ['version'], 1, style);
  const changes: Change[] = [];
  for (const { event, script } of CURSOR_HOOKS) {
    const entry = { command: cursorCommand(runtime, script) };
    const hooks = hooksOf(edited);
    const entries = hooks?.[event];
    if (hooks === undefined) {
      edited = insertValue(edited, ['hooks'], { [event]: [entry] }, style);
      changes.push({ event, action: 'added' });
      continue;
    }
    if (entries === undefined) {
      edited = insertValue(edited, ['hooks', event], [entry], style);
      changes.push({ event, action: 'added' });
      continue;
    }
    const places = ours(entries, runtime);
    const [first] = places;
    if (places.length === 1 && JSON.stringify(entries[first as number]) === JSON.stringify(entry)) {
      changes.push({ event, action: 'unchanged' });
      continue;
    }
    edited = removeAt(edited, event, places);
    edited = insertValue(edited, ['hooks', event, first ?? entries.length], entry, style);
    changes.push({ event, action: places.length === 0 ? 'added' : 'updated' });
  }
  // Ours under an event we no longer register: gone.
  for (const [event, entries] of Object.entries(hooksOf(edited) ?? {})) {
    if (CURSOR_HOOKS.some((hook) => hook.event === event)) continue;
    const places = ours(entries, runtime);
    if (places.length === 0) continue;
    edited = places.length === entries.length ? removeValue(edited, ['hooks', event]) : removeAt(edited, event, places);
    changes.push({ event, action: 'removed' });
  }
  if (blank) edited += style.eol;
  return { text: edited, changes, changed: edited !== text };
}

/** Removes our entries, and the event arrays and `hooks` object only we filled. */
export function uninstallCursorHooks(text: string, runtime: string): SettingsEdit {
  if (text.trim() === '') return { text, changes: [], changed: false };
  const events = Object.entries(hooksOf(text) ?? {});
  let edited = text;
  const changes: Change[] = [];
  let emptied = 0;
  for (const [event, entries] of events) {
    const places = ours(entries, runtime);
    if (places.length === 0) continue;
    changes.push({ event, action: 'removed' });
    if (places.length === entries.length) {
      edited = removeValue(edited, ['hooks', event]);
      emptied++;
    } else edited = removeAt(edited, event, places);
  }
  if (changes.length > 0 && emptied === events.length) edited = removeValue(edited, ['hooks']);
  return { text: edited, changes, changed: edited !== text };
}

/** Nothing of anyone's left: no key but the `version` the install wrote. */
export function isEmptyCursorHooks(value: Readonly<Record<string, unknown>>): boolean {
  return Object.keys(value).every((key) => key === 'version');
}
