// Which agent a hook process serves, and that agent's adapter: its payloads → domain events, and how
// context is handed back to it (Claude Code and Gemini CLI read a JSON envelope, Codex plain text at
// session start). The hook's command line names the agent (`node …/session-start.js codex`); a
// command line without one is Claude Code's. Pure.
import type { AgentName, PromptEvent, SessionStartEvent, StopEvent, ToolEvent } from './events.js';
import * as claude from './claude-code/payload.js';
import * as codex from './codex/payload.js';
import * as gemini from './gemini/payload.js';
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

const ADAPTERS: Readonly<Record<'claude-code' | 'codex' | 'gemini', Adapter>> = {
  'claude-code': {
    name: 'claude-code',
    toolEvents: (input) => one(claude.parseToolEvent(input)),
    prompt: claude.parsePromptEvent,
    stop: claude.parseStopEvent,
    sessionStart: claude.parseSessionStartEvent,
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
};

/** The agent a hook's command line names (`… codex`, `… --agent=codex`), else Claude Code. */
export function agentFromArgs(args: readonly string[]): AgentName {
  for (const arg of args) {
    const name = arg.startsWith('--agent=') ? arg.slice('--agent='.length) : arg;
    if (isAgentName(name)) return name;
  }
  return 'claude-code';
}

/** The adapter of `agent`. Cursor's hooks are Claude-shaped (the Claude Code adapter tells them apart). */
export function adapterFor(agent: AgentName): Adapter {
  switch (agent) {
    case 'codex':
      return ADAPTERS.codex;
    case 'gemini':
      return ADAPTERS.gemini;
    default:
      return ADAPTERS['claude-code'];
  }
}
