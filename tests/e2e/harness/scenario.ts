// The scenario: the model's side of one scripted session, written once for all three clients. Each mock
// turns the neutral blocks (shell, write_file, edit_file) into the calls its client's tools take. It never
// reads the client's reply to decide what to say: a scenario is a script, not a model.
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

export type Block =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'shell'; readonly command: string; readonly description?: string; readonly id?: string }
  | { readonly type: 'write_file'; readonly path: string; readonly content: string; readonly id?: string }
  | {
      readonly type: 'edit_file';
      readonly path: string;
      readonly old: string;
      readonly new: string;
      readonly id?: string;
    }
  /** Codex only: a raw apply_patch patch. */
  | { readonly type: 'apply_patch'; readonly patch: string; readonly id?: string }
  /** Any tool by its client's own name and input (Claude's Read, an MCP tool, …); Codex: in a namespace. */
  | {
      readonly type: 'tool';
      readonly name: string;
      readonly input: Record<string, unknown>;
      readonly namespace?: string;
      readonly id?: string;
    }
  /** Codex only: its client-run tool_search, which makes deferred tools (MCP servers') callable. */
  | { readonly type: 'tool_search'; readonly query: string; readonly id?: string };

export interface Turn {
  readonly blocks: readonly Block[];
  readonly delayMs: number;
}

export interface Scenario {
  readonly description: string;
  readonly prompt: string | null;
  readonly turns: readonly Turn[];
  /** The answer once every turn was played. */
  readonly final: Turn;
  /** The answer to a request that offers no tools (titles, routing, summaries). */
  readonly side: string;
}

export class ScenarioError extends Error {}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new ScenarioError(`${where} must be a string`);
  return value;
}

function delay(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new ScenarioError(`${where} must be a number of milliseconds`);
  return value;
}

/** One block; Claude-style `tool_use` blocks of Bash, Write and Edit become the neutral ones. */
function block(raw: unknown, where: string): Block {
  if (typeof raw === 'string') return { type: 'text', text: raw };
  if (!isObject(raw)) throw new ScenarioError(`${where} is not a block`);
  const id = typeof raw['id'] === 'string' ? { id: raw['id'] } : {};
  switch (raw['type']) {
    case 'text':
      return { type: 'text', text: text(raw['text'], `${where}.text`) };
    case 'shell': {
      const description = typeof raw['description'] === 'string' ? { description: raw['description'] } : {};
      return { type: 'shell', command: text(raw['command'], `${where}.command`), ...description, ...id };
    }
    case 'write_file':
      return {
        type: 'write_file',
        path: text(raw['path'], `${where}.path`),
        content: text(raw['content'], `${where}.content`),
        ...id,
      };
    case 'edit_file':
      return {
        type: 'edit_file',
        path: text(raw['path'], `${where}.path`),
        old: text(raw['old'], `${where}.old`),
        new: text(raw['new'], `${where}.new`),
        ...id,
      };
    case 'apply_patch':
      return { type: 'apply_patch', patch: text(raw['patch'], `${where}.patch`), ...id };
    case 'tool_use':
    case 'tool': {
      const name = text(raw['name'], `${where}.name`);
      const input = raw['input'] ?? {};
      if (!isObject(input)) throw new ScenarioError(`${where}.input must be an object`);
      if (name === 'Bash')
        return block({ type: 'shell', command: input['command'], description: input['description'], ...id }, where);
      if (name === 'Write')
        return block({ type: 'write_file', path: input['file_path'], content: input['content'], ...id }, where);
      if (name === 'Edit')
        return block(
          { type: 'edit_file', path: input['file_path'], old: input['old_string'], new: input['new_string'], ...id },
          where,
        );
      const namespace = typeof raw['namespace'] === 'string' ? { namespace: raw['namespace'] } : {};
      return { type: 'tool', name, input, ...namespace, ...id };
    }
    case 'tool_search':
      return { type: 'tool_search', query: text(raw['query'], `${where}.query`), ...id };
    default:
      throw new ScenarioError(`${where}: unknown block type ${JSON.stringify(raw['type'])}`);
  }
}

/** A turn: a list of blocks, one block, a string, or {content: [...], delayMs}. */
function turn(raw: unknown, where: string, defaultDelay: number): Turn {
  let blocks: unknown[];
  let delayMs = defaultDelay;
  if (typeof raw === 'string') blocks = [raw];
  else if (Array.isArray(raw)) blocks = raw;
  else if (isObject(raw) && Array.isArray(raw['content'])) {
    blocks = raw['content'];
    if (raw['delayMs'] !== undefined) delayMs = delay(raw['delayMs'], `${where}.delayMs`);
  } else if (isObject(raw)) blocks = [raw];
  else throw new ScenarioError(`${where} is not a turn`);
  if (blocks.length === 0) throw new ScenarioError(`${where} has no blocks`);
  return { delayMs, blocks: blocks.map((b, i) => block(b, `${where}[${i}]`)) };
}

export function parseScenario(raw: unknown): Scenario {
  const spec = Array.isArray(raw) ? { turns: raw } : raw;
  if (!isObject(spec) || !Array.isArray(spec['turns'])) throw new ScenarioError('a scenario is an object with "turns"');
  const defaultDelay = spec['delayMs'] === undefined ? 0 : delay(spec['delayMs'], 'delayMs');
  return {
    description: typeof spec['description'] === 'string' ? spec['description'] : '',
    prompt: typeof spec['prompt'] === 'string' ? spec['prompt'] : null,
    turns: spec['turns'].map((t, i) => turn(t, `turns[${i}]`, defaultDelay)),
    final: turn(spec['final'] ?? 'Done.', 'final', defaultDelay),
    side: typeof spec['side'] === 'string' ? spec['side'] : 'Mock reply',
  };
}

export function loadScenario(file: string | null): Scenario {
  if (file === null) return parseScenario({ turns: [] });
  return parseScenario(JSON.parse(readFileSync(file, 'utf8')));
}

/** `{{name}}` in every string replaced by vars[name] (cwd, home and --var); unknown names are kept. */
export function substitute<T>(value: T, vars: Readonly<Record<string, string>>): T {
  if (typeof value === 'string')
    return value.replace(/\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g, (whole, name: string) => vars[name] ?? whole) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => substitute(item, vars)) as T;
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, vars)])) as T;
  return value;
}

export function absolute(file: string, cwd: string): string {
  return isAbsolute(file) ? file : join(cwd, file);
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function lines(content: string): string[] {
  const all = content.split('\n');
  if (all.length > 1 && all.at(-1) === '') all.pop();
  return all;
}

const patch = (header: string, body: string[]) => `*** Begin Patch\n${header}\n${body.join('\n')}\n*** End Patch\n`;

/** The apply_patch patch that makes `file` hold `content`: an Add, or an Update replacing every line. */
export function writePatch(file: string, content: string): string {
  const now = readOrNull(file);
  const added = lines(content).map((l) => `+${l}`);
  if (now === null) return patch(`*** Add File: ${file}`, added);
  return patch(`*** Update File: ${file}\n@@`, [...(now === '' ? [] : lines(now).map((l) => `-${l}`)), ...added]);
}

/**
 * The apply_patch patch replacing the first `old` in `file` (read when the request arrives), over whole
 * lines. When `old` is not there the patch is made of the two strings alone and fails to apply, as a
 * model's mistaken edit does.
 */
export function editPatch(file: string, old: string, replacement: string): string {
  const now = readOrNull(file);
  const at = now === null || old === '' ? -1 : now.indexOf(old);
  if (now === null || at < 0)
    return patch(`*** Update File: ${file}\n@@`, [
      ...lines(old).map((l) => `-${l}`),
      ...lines(replacement).map((l) => `+${l}`),
    ]);
  const start = now.lastIndexOf('\n', at - 1) + 1;
  const found = now.indexOf('\n', at + old.length);
  const end = found < 0 ? now.length : found;
  const before = now.slice(start, end).split('\n');
  const after = `${now.slice(start, at)}${replacement}${now.slice(at + old.length, end)}`.split('\n');
  return patch(`*** Update File: ${file}\n@@`, [...before.map((l) => `-${l}`), ...after.map((l) => `+${l}`)]);
}
