// Our hook entries in Claude Code's settings.json, as pure data: what we register, how to merge it
// into a user's settings object and take it out again. Never reads or writes files; no SQL.
import { join } from 'node:path';
import { CAPTURED_TOOLS_MATCHER } from '../memory.js';
import { claudeDir, type Env } from '../paths.js';

export type HookEvent = 'SessionStart' | 'PostToolUse' | 'PostToolUseFailure' | 'Stop';
export type HookScript = 'session-start' | 'post-tool-use' | 'stop';

export interface HookSpec {
  readonly event: HookEvent;
  readonly script: HookScript;
  /** Stop takes no matcher (Claude Code ignores it there), so we write none. */
  readonly matcher?: string;
  /** SessionStart must stay synchronous or its context is lost; capture must never slow a turn. */
  readonly async: boolean;
  readonly timeout: number;
}

export const HOOK_SPECS: readonly HookSpec[] = [
  { event: 'SessionStart', script: 'session-start', matcher: 'startup|resume|clear|compact', async: false, timeout: 10 },
  { event: 'PostToolUse', script: 'post-tool-use', matcher: CAPTURED_TOOLS_MATCHER, async: true, timeout: 30 },
  { event: 'PostToolUseFailure', script: 'post-tool-use', matcher: CAPTURED_TOOLS_MATCHER, async: true, timeout: 30 },
  { event: 'Stop', script: 'stop', async: false, timeout: 10 },
];

/** Where install.sh copies the runtime (dist + production node_modules). */
export function runtimeDir(env: Env): string {
  return join(claudeDir(env), 'hooks', 'memory');
}

export function hookScriptPath(runtime: string, script: HookScript): string {
  return `${runtime}/dist/hooks/${script}.js`;
}

/** `node "<abs>"`: settings commands run through `sh -c`, so the path is double-quoted and escaped. */
export function hookCommand(runtime: string, script: HookScript): string {
  return `node ${doubleQuote(hookScriptPath(runtime, script))}`;
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
  return command.includes(`${runtime}/dist/hooks/`) || command.includes(`${doubleQuote(runtime).slice(1, -1)}/dist/hooks/`);
}

export type SettingsObject = Record<string, unknown>;

export type ParseResult = { readonly ok: true; readonly value: SettingsObject } | { readonly ok: false; readonly reason: string };

/** Parses and validates settings.json text; an empty file counts as `{}` (Claude Code treats it so). */
export function parseSettings(text: string): ParseResult {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const problem = shapeProblem(value);
  return problem ? { ok: false, reason: problem } : { ok: true, value: value as SettingsObject };
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

export interface MergeResult {
  readonly settings: SettingsObject;
  readonly changes: readonly Change[];
  /** False when the result is identical to the input: nothing to write, nothing to back up. */
  readonly changed: boolean;
}

/**
 * Registers our four hooks. Every other key, event and handler is kept as it was; an existing
 * entry of ours is replaced where it stands, and any duplicate of ours anywhere is dropped.
 */
export function installHooks(settings: SettingsObject, runtime: string): MergeResult {
  const before = JSON.stringify(settings);
  const hooks: Record<string, unknown[]> = { ...((settings['hooks'] as Record<string, unknown[]> | undefined) ?? {}) };
  const changes: Change[] = [];
  const positions = new Map<string, number>();
  const previous = new Map<string, string>();
  for (const [event, groups] of Object.entries(hooks)) {
    const stripped = stripOurs(groups, runtime);
    if (stripped.removed.length === 0) continue;
    hooks[event] = stripped.groups;
    positions.set(event, stripped.firstIndex);
    previous.set(event, JSON.stringify(stripped.removed));
  }
  for (const spec of HOOK_SPECS) {
    const group = groupFor(spec, runtime);
    const groups = [...(hooks[spec.event] ?? [])];
    const at = positions.get(spec.event) ?? groups.length;
    groups.splice(at, 0, group);
    hooks[spec.event] = groups;
    const old = previous.get(spec.event);
    changes.push({ event: spec.event, action: old === undefined ? 'added' : old === JSON.stringify([group]) ? 'unchanged' : 'updated' });
    previous.delete(spec.event);
  }
  // Our handlers found under events we no longer register (an older layout): gone now.
  for (const event of previous.keys()) {
    changes.push({ event, action: 'removed' });
    if (hooks[event]?.length === 0) delete hooks[event];
  }
  const result = withHooks(settings, hooks);
  return { settings: result, changes, changed: JSON.stringify(result) !== before };
}

/** Removes every handler of ours, and the event arrays and `hooks` object that only we filled. */
export function uninstallHooks(settings: SettingsObject, runtime: string): MergeResult {
  const current = settings['hooks'];
  if (!isPlainObject(current)) return { settings, changes: [], changed: false };
  const hooks: Record<string, unknown[]> = { ...(current as Record<string, unknown[]>) };
  const changes: Change[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    const stripped = stripOurs(groups, runtime);
    if (stripped.removed.length === 0) continue;
    changes.push({ event, action: 'removed' });
    if (stripped.groups.length === 0) delete hooks[event];
    else hooks[event] = stripped.groups;
  }
  if (changes.length === 0) return { settings, changes, changed: false };
  if (Object.keys(hooks).length === 0) {
    const { hooks: _removed, ...rest } = settings;
    return { settings: rest, changes, changed: true };
  }
  return { settings: withHooks(settings, hooks), changes, changed: true };
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

/** The indentation the user's file already uses (2 spaces when there is none to copy). */
export function detectIndent(text: string): string {
  const match = /^[{[][^\n]*\n([ \t]+)\S/.exec(text);
  return match?.[1] ?? '  ';
}

export function serializeSettings(settings: SettingsObject, indent: string): string {
  return `${JSON.stringify(settings, null, indent)}\n`;
}

function groupFor(spec: HookSpec, runtime: string): Record<string, unknown> {
  const handler: Record<string, unknown> = { type: 'command', command: hookCommand(runtime, spec.script) };
  if (spec.async) handler['async'] = true;
  handler['timeout'] = spec.timeout;
  return spec.matcher === undefined ? { hooks: [handler] } : { matcher: spec.matcher, hooks: [handler] };
}

interface Stripped {
  readonly groups: unknown[];
  /** Our whole groups (or lone handlers) that were taken out. */
  readonly removed: unknown[];
  /** Where the first of ours stood, so a re-install puts the new entry back in the same place. */
  readonly firstIndex: number;
}

function stripOurs(groups: unknown[], runtime: string): Stripped {
  const kept: unknown[] = [];
  const removed: unknown[] = [];
  let firstIndex = -1;
  for (const group of groups) {
    if (!isPlainObject(group) || !Array.isArray(group['hooks'])) {
      kept.push(group);
      continue;
    }
    const handlers = group['hooks'] as unknown[];
    const others = handlers.filter((handler) => !isPlainObject(handler) || !isOurCommand(handler['command'], runtime));
    if (others.length === handlers.length) {
      kept.push(group);
      continue;
    }
    if (others.length === 0) {
      if (firstIndex < 0) firstIndex = kept.length;
      removed.push(group);
    } else {
      // Someone put our handler into a group of theirs: take ours out, leave theirs and the matcher alone.
      removed.push({ ...group, hooks: handlers.filter((handler) => !others.includes(handler)) });
      kept.push({ ...group, hooks: others });
      if (firstIndex < 0) firstIndex = kept.length;
    }
  }
  return { groups: kept, removed, firstIndex: Math.max(firstIndex, 0) };
}

function withHooks(settings: SettingsObject, hooks: Record<string, unknown[]>): SettingsObject {
  // Keeps `hooks` where it was in the key order; a new one goes at the end.
  return 'hooks' in settings ? Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, key === 'hooks' ? hooks : value])) : { ...settings, hooks };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
