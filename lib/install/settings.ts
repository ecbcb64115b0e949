// Our hook entries in Claude Code's settings.json: what we register, and the text edits that put
// them in and take them out again without touching a byte of anything else. Never reads or writes files.
import { HOOK_SPECS, NODE_COMMAND, type HookSpec } from '../runtime/executables.js';
import { describeError } from '../narrow.js';
import { insertValue, removeValue, textStyle } from './json-text.js';

export { HOOK_SPECS, type HookEvent, type HookSpec } from '../runtime/executables.js';
/** A hook Claude Code runs from settings.json. */
export type HookScript = HookSpec['script'];

export function hookScriptPath(runtime: string, script: HookScript): string {
  return `${runtime}/dist/hooks/${script}.js`;
}

/**
 * `node --disable-warning=… "<abs>" [agent]`: settings commands run through `sh -c`, so the path is
 * double-quoted and escaped; another agent's hooks name it after the path (lib/agents/adapter.ts).
 */
export function hookCommand(runtime: string, script: HookScript, agent?: string): string {
  return `${NODE_COMMAND} ${doubleQuote(hookScriptPath(runtime, script))}${agent === undefined ? '' : ` ${agent}`}`;
}

export function doubleQuote(text: string): string {
  return `"${text.replace(/["\\$`]/g, (char) => `\\${char}`)}"`;
}

/**
 * Ours = the command runs a hook script inside our runtime directory. The runtime path is the
 * marker: it is absolute, specific, and survives users re-ordering or re-formatting entries.
 */
export function isOurCommand(command: unknown, runtime: string): boolean {
  if (typeof command !== 'string') return false;
  return (
    command.includes(`${runtime}/dist/hooks/`) || command.includes(`${doubleQuote(runtime).slice(1, -1)}/dist/hooks/`)
  );
}

export type SettingsObject = Record<string, unknown>;

export type ParseResult =
  { readonly ok: true; readonly value: SettingsObject } | { readonly ok: false; readonly reason: string };

/** Parses and validates settings.json text; an empty file counts as `{}` (Claude Code treats it so). */
export function parseSettings(text: string): ParseResult {
  return parseJsonFile(text, shapeProblem);
}

/** An agent's JSON config: parsed, then refused unless `problem` finds nothing wrong with its shape. */
export function parseJsonFile(text: string, problem: (value: unknown) => string | null): ParseResult {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `is not valid JSON (${describeError(error)})` };
  }
  const found = problem(value);
  return found ? { ok: false, reason: found } : { ok: true, value: value as SettingsObject };
}

/** The shapes we must be able to edit without guessing; anything else is refused, untouched. */
function shapeProblem(value: unknown): string | null {
  if (!isPlainObject(value)) return 'is not a JSON object';
  const hooks = value['hooks'];
  if (hooks === undefined) return null;
  if (!isPlainObject(hooks)) return 'has a "hooks" value that is not an object';
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) return `has a "hooks.${event}" value that is not an array`;
  }
  return null;
}

export interface Change {
  readonly event: string;
  readonly action: 'added' | 'updated' | 'unchanged' | 'removed';
}

export interface SettingsEdit {
  /** The new settings.json text: the input with only our entries inserted, replaced or removed. */
  readonly text: string;
  readonly changes: readonly Change[];
  /** False when the text is unchanged: nothing to write, nothing to back up. */
  readonly changed: boolean;
}

/**
 * Registers our four hooks in settings.json text (valid, see parseSettings). Every other byte stays:
 * an entry of ours that is already right is left alone, a stale one is replaced where it stands,
 * any duplicate of ours anywhere is dropped, and missing events are appended.
 */
export function installHooks(text: string, runtime: string): SettingsEdit {
  return installGroups(
    text,
    runtime,
    HOOK_SPECS.map((spec) => ({ event: spec.event, group: groupFor(spec, runtime) })),
  );
}

/** One event's group of ours, as the agent's config file holds it. */
export interface EventGroup {
  readonly event: string;
  readonly group: Record<string, unknown>;
}

/** installHooks for any agent whose config nests hooks as Claude Code's does (Codex, Gemini CLI). */
export function installGroups(text: string, runtime: string, entries: readonly EventGroup[]): SettingsEdit {
  const blank = text.trim() === '';
  const style = textStyle(text);
  let edited = blank ? '{}' : text;
  const existing = hooksOf(edited);
  const hooks = existing ?? {};
  let hasHooks = existing !== undefined;
  const changes: Change[] = [];
  for (const spec of entries) {
    const { group } = spec;
    const groups = hooks[spec.event];
    if (groups === undefined) {
      edited = hasHooks
        ? insertValue(edited, ['hooks', spec.event], [group], style)
        : insertValue(edited, ['hooks'], { [spec.event]: [group] }, style);
      hasHooks = true;
      changes.push({ event: spec.event, action: 'added' });
      continue;
    }
    const ours = findOurs(groups, runtime);
    const [first] = ours;
    const only = ours.length === 1 && first?.handler === undefined ? groups[first?.group ?? -1] : undefined;
    if (only !== undefined && JSON.stringify(only) === JSON.stringify(group)) {
      changes.push({ event: spec.event, action: 'unchanged' });
      continue;
    }
    edited = removeOurs(edited, spec.event, ours);
    edited = insertValue(edited, ['hooks', spec.event, firstPosition(ours, groups.length)], group, style);
    changes.push({ event: spec.event, action: ours.length === 0 ? 'added' : 'updated' });
  }
  // Our handlers found under events we no longer register (an older layout): gone now.
  for (const [event, groups] of Object.entries(hooks)) {
    if (entries.some((spec) => spec.event === event)) continue;
    const ours = findOurs(groups, runtime);
    if (ours.length === 0) continue;
    edited =
      ours.length === groups.length && ours.every((place) => place.handler === undefined)
        ? removeValue(edited, ['hooks', event])
        : removeOurs(edited, event, ours);
    changes.push({ event, action: 'removed' });
  }
  if (blank) edited += style.eol;
  return { text: edited, changes, changed: edited !== text };
}

/** Removes every handler of ours, and the event arrays and `hooks` object that only we filled. */
export function uninstallHooks(text: string, runtime: string): SettingsEdit {
  if (text.trim() === '') return { text, changes: [], changed: false };
  const hooks = hooksOf(text) ?? {};
  let edited = text;
  const changes: Change[] = [];
  let emptied = 0;
  const events = Object.entries(hooks);
  for (const [event, groups] of events) {
    const ours = findOurs(groups, runtime);
    if (ours.length === 0) continue;
    changes.push({ event, action: 'removed' });
    if (ours.length === groups.length && ours.every((place) => place.handler === undefined)) {
      edited = removeValue(edited, ['hooks', event]);
      emptied++;
    } else {
      edited = removeOurs(edited, event, ours);
    }
  }
  if (changes.length > 0 && emptied === events.length) edited = removeValue(edited, ['hooks']);
  return { text: edited, changes, changed: edited !== text };
}

export interface RegisteredHandler {
  readonly event: string;
  readonly matcher: string | undefined;
  readonly command: string;
  readonly async: boolean;
  readonly timeout: number | undefined;
}

/** Every command handler under every event, flattened, for `memory doctor`. */
export function listHandlers(settings: SettingsObject): RegisteredHandler[] {
  const hooks = settings['hooks'];
  if (!isPlainObject(hooks)) return [];
  const found: RegisteredHandler[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups) {
      if (!isPlainObject(group) || !Array.isArray(group['hooks'])) continue;
      const matcher = typeof group['matcher'] === 'string' ? group['matcher'] : undefined;
      for (const handler of group['hooks']) {
        if (!isPlainObject(handler) || typeof handler['command'] !== 'string') continue;
        const timeout = typeof handler['timeout'] === 'number' ? handler['timeout'] : undefined;
        found.push({ event, matcher, command: handler['command'], async: handler['async'] === true, timeout });
      }
    }
  }
  return found;
}

function groupFor(spec: HookSpec, runtime: string): Record<string, unknown> {
  const handler: Record<string, unknown> = { type: 'command', command: hookCommand(runtime, spec.script) };
  if (spec.async) handler['async'] = true;
  handler['timeout'] = spec.timeout;
  return spec.matcher === undefined ? { hooks: [handler] } : { matcher: spec.matcher, hooks: [handler] };
}

/** The `hooks` object of valid settings text (parseSettings vouches for its shape); undefined when absent. */
function hooksOf(text: string): Record<string, unknown[]> | undefined {
  const parsed = parseSettings(text);
  if (!parsed.ok) throw new Error(`settings.json ${parsed.reason}`);
  return parsed.value['hooks'] as Record<string, unknown[]> | undefined;
}

/** One of ours: a whole group (handler undefined), or our handler inside a group someone else owns. */
interface Place {
  readonly group: number;
  readonly handler?: number;
}

function findOurs(groups: readonly unknown[], runtime: string): Place[] {
  const places: Place[] = [];
  groups.forEach((group, index) => {
    if (!isPlainObject(group) || !Array.isArray(group['hooks'])) return;
    const handlers = group['hooks'] as unknown[];
    const ours = handlers.flatMap((handler, at) =>
      isPlainObject(handler) && isOurCommand(handler['command'], runtime) ? [at] : [],
    );
    if (ours.length === 0) return;
    if (ours.length === handlers.length) places.push({ group: index });
    else for (const handler of ours) places.push({ group: index, handler });
  });
  return places;
}

/** Removes our places, last first so the earlier indices stay valid. */
function removeOurs(text: string, event: string, places: readonly Place[]): string {
  let edited = text;
  for (const place of [...places].reverse()) {
    edited = removeValue(
      edited,
      place.handler === undefined
        ? ['hooks', event, place.group]
        : ['hooks', event, place.group, 'hooks', place.handler],
    );
  }
  return edited;
}

/**
 * Where our new group goes once ours are removed: where the first of ours stood (after a group
 * of someone else's that held our handler), so a re-install keeps the user's order; else at the end.
 */
function firstPosition(places: readonly Place[], groupCount: number): number {
  const first = places[0];
  if (first === undefined) return groupCount;
  return first.handler === undefined ? first.group : first.group + 1;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
