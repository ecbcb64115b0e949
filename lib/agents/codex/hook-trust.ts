// How Codex knows a user hook was reviewed: `[hooks.state."<key>"] trusted_hash` in config.toml, the key
// naming the hook's place and the hash its content, computed here as Codex computes them (checked
// against `codex app-server`'s hooks/list). Pure: no file is read or written.
import { createHash } from 'node:crypto';

/** One command handler as Codex reads it from hooks.json: its place there and what it runs. */
export interface CodexHandler {
  readonly event: string;
  readonly groupIndex: number;
  readonly handlerIndex: number;
  readonly matcher: string | undefined;
  readonly command: string;
  readonly timeout: number | undefined;
  readonly async: boolean;
}

// Codex ignores a matcher on these events, and leaves it out of the hash.
const MATCHERLESS = new Set(['UserPromptSubmit', 'Stop']);

/** `SessionStart` → `session_start`: the event's label in keys and hashes. */
export function codexEventLabel(event: string): string {
  return event.replace(/(?<=[a-z0-9])(?=[A-Z])/g, '_').toLowerCase();
}

/** The trust key: `<hooks.json path>:<event label>:<group>:<handler>`. */
export function codexHookKey(hooksFile: string, handler: CodexHandler): string {
  return `${hooksFile}:${codexEventLabel(handler.event)}:${handler.groupIndex}:${handler.handlerIndex}`;
}

/**
 * The hash Codex trusts: sha256 of the handler's normalized identity (the event label, the group's
 * matcher, this one handler with its timeout defaulted to 600 s) as compact JSON with sorted keys;
 * absent values are left out, as Codex's TOML round trip drops them. Handlers with a status message
 * (none of ours) are not covered.
 */
export function codexHookHash(handler: CodexHandler): string {
  const normalized: Record<string, unknown> = {
    type: 'command',
    command: handler.command,
    timeout: Math.max(1, handler.timeout ?? 600),
    async: handler.async,
  };
  const identity: Record<string, unknown> = { event_name: codexEventLabel(handler.event), hooks: [normalized] };
  if (handler.matcher !== undefined && !MATCHERLESS.has(handler.event)) identity['matcher'] = handler.matcher;
  return `sha256:${createHash('sha256')
    .update(JSON.stringify(sorted(identity)))
    .digest('hex')}`;
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, sorted(object[key])]),
  );
}

/** Every command handler in a parsed hooks.json, with its place (what Codex would list). */
export function codexHandlers(file: unknown): CodexHandler[] {
  const hooks = isObject(file) ? file['hooks'] : undefined;
  if (!isObject(hooks)) return [];
  const found: CodexHandler[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group: unknown, groupIndex) => {
      if (!isObject(group) || !Array.isArray(group['hooks'])) return;
      const matcher = typeof group['matcher'] === 'string' ? group['matcher'] : undefined;
      (group['hooks'] as unknown[]).forEach((handler, handlerIndex) => {
        if (!isObject(handler) || handler['type'] !== 'command' || typeof handler['command'] !== 'string') return;
        found.push({
          event,
          groupIndex,
          handlerIndex,
          matcher,
          command: handler['command'],
          timeout: typeof handler['timeout'] === 'number' ? handler['timeout'] : undefined,
          async: handler['async'] === true,
        });
      });
    });
  }
  return found;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
