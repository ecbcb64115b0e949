// Which agent a hook process serves, and that agent's adapter: its payloads → domain events, and how
// context is handed back to it (Claude Code and Gemini CLI read a JSON envelope, Codex plain text at
// session start, Cursor `additional_context`, OpenCode's plugin plain text for the system prompt). The
// hook's command line names the agent (`node …/session-start.js codex`); a command line without one
// is Claude Code's (or Cursor running Claude Code's hooks, told apart by its payload).
import type { AgentName, PromptEvent, SessionStartEvent, StopEvent, ToolEvent } from './events.js';
import * as claude from './claude-code/payload.js';
import * as codex from './codex/payload.js';
import * as gemini from './gemini/payload.js';
import * as cursor from './cursor/payload.js';
import * as opencode from './opencode/payload.js';
import { cursorRunsOurHooks } from './cursor/own-hooks.js';
import { isAgentName } from './events.js';
import { jsonEnvelope } from './output.js';

export { jsonEnvelope } from './output.js';

type Input = Readonly<Record<string, unknown>>;

export interface Adapter {
  readonly name: AgentName;
  /** A tool event: none, one, or several (a Codex patch over several files). */
  readonly toolEvents: (input: Input) => ToolEvent[];
  readonly prompt: (input: Input) => PromptEvent | null;
  readonly stop: (input: Input) => StopEvent | null;
  readonly sessionStart: (input: Input) => SessionStartEvent | null;
  /** What SessionStart prints: the block for the model, and a notice for the person. */
  readonly sessionStartOutput: (context: string, notice: string | null) => string;
  /** What the prompt hook prints to add recall to the prompt. */
  readonly promptOutput: (context: string) => string;
}

const one = (event: ToolEvent | null): ToolEvent[] => (event ? [event] : []);

/**
 * A Cursor event that came through Claude Code's settings while Cursor also runs our hooks from its
 * own hooks.json: the native copy stores it, this one stands aside (so it is stored once, as Cursor's).
 */
const twice = (input: Input): boolean => cursor.isCursorPayload(input) && cursorRunsOurHooks();
const unlessTwice =
  <T>(parse: (input: Input) => T | null) =>
  (input: Input): T | null =>
    twice(input) ? null : parse(input);

const ADAPTERS: Readonly<Record<AgentName, Adapter>> = {
  'claude-code': {
    name: 'claude-code',
    toolEvents: (input) => (twice(input) ? [] : one(claude.parseToolEvent(input))),
    prompt: unlessTwice(claude.parsePromptEvent),
    stop: unlessTwice(claude.parseStopEvent),
    sessionStart: unlessTwice(claude.parseSessionStartEvent),
    sessionStartOutput: (context, notice) => jsonEnvelope('SessionStart', context, notice),
    promptOutput: (context) => jsonEnvelope('UserPromptSubmit', context),
  },
  codex: {
    name: 'codex',
    toolEvents: (input) => codex.parseToolEvents(input),
    prompt: codex.parsePromptEvent,
    stop: codex.parseStopEvent,
    sessionStart: codex.parseSessionStartEvent,
    // Plain stdout becomes the developer message as it is; a notice needs the envelope's systemMessage.
    sessionStartOutput: (context, notice) =>
      notice ? jsonEnvelope('SessionStart', context, notice) : context ? `${context}\n` : '',
    promptOutput: (context) => jsonEnvelope('UserPromptSubmit', context),
  },
  gemini: {
    name: 'gemini',
    toolEvents: (input) => one(gemini.parseToolEvent(input)),
    prompt: gemini.parsePromptEvent,
    stop: gemini.parseStopEvent,
    sessionStart: gemini.parseSessionStartEvent,
    // Gemini CLI takes context only as JSON; plain text would go to the person, not the model.
    sessionStartOutput: (context, notice) => jsonEnvelope('SessionStart', context, notice),
    promptOutput: (context) => jsonEnvelope('BeforeAgent', context),
  },
  cursor: {
    name: 'cursor',
    toolEvents: cursor.parseToolEvents,
    prompt: cursor.parsePromptEvent,
    stop: cursor.parseStopEvent,
    sessionStart: cursor.parseSessionStartEvent,
    // sessionStart reads only `additional_context` (no message for the person); beforeSubmitPrompt
    // documents no way to add context, so recall prints nothing there.
    sessionStartOutput: (context) => cursor.sessionStartOutput(context),
    promptOutput: () => '',
  },
  opencode: {
    name: 'opencode',
    toolEvents: opencode.parseToolEvents,
    prompt: opencode.parsePromptEvent,
    stop: opencode.parseStopEvent,
    sessionStart: opencode.parseSessionStartEvent,
    // The plugin adds what the hook prints to the system prompt as it is: plain text, no envelope.
    sessionStartOutput: (context) => (context ? `${context}\n` : ''),
    promptOutput: (context) => `${context}\n`,
  },
};

/** The agent a hook's command line names (`… codex`, `… --agent=codex`), else Claude Code. */
export function agentFromArgs(args: readonly string[]): AgentName {
  for (const arg of args) {
    const name = arg.startsWith('--agent=') ? arg.slice('--agent='.length) : arg;
    if (isAgentName(name)) return name;
  }
  return 'claude-code';
}

/** The adapter of `agent` (Cursor through Claude Code's settings: the Claude Code adapter tells it apart). */
export function adapterFor(agent: AgentName): Adapter {
  return ADAPTERS[agent];
}
