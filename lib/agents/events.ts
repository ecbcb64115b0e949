// The domain events every coding agent's adapter produces, whatever its wire format: a session
// started, a prompt, a tool ran (shell command or file change), a turn ended. Capture, noise,
// redaction, summaries and the block read these and never an agent's raw keys. Pure types.
import type { AgentName, CapturedTool } from '../memory.js';

export { AGENTS, isAgentName, type AgentName } from '../memory.js';

export interface HookBase {
  readonly sessionId: string;
  readonly cwd: string;
  /** A subagent's id within the session (Claude Code's `agent_id`), not the coding agent. */
  readonly agentId: string | null;
  /** Which coding agent sent the event. */
  readonly agent: AgentName;
}

/** What happened to a file beyond an edit of its text: an apply_patch deletion or move. */
export type FileOp = 'deleted' | 'moved';

/**
 * One tool run: a shell command (`Bash`) or a file change (`Edit`, `Write`, `NotebookEdit`), in the
 * vocabulary capture reads: `input` holds `command`/`description` for a command, `file_path` with
 * `old_string`/`new_string` (or `edits`) or `content` for a file; `response` holds `stdout`/`stderr`
 * and, for a written file, `type` (`create`/`update`). Each adapter maps its agent's tools onto it.
 */
export interface ToolEvent extends HookBase {
  readonly outcome: 'success' | 'failure';
  readonly toolName: CapturedTool;
  readonly toolUseId: string | null;
  readonly input: Readonly<Record<string, unknown>>;
  readonly response: Readonly<Record<string, unknown>>;
  /** Why it failed: for a command "Exit code N\n<output>", as Claude Code's PostToolUseFailure says it. */
  readonly error: string;
  readonly isInterrupt: boolean;
  /** A deletion or a move (apply_patch); absent for an edit or a write. */
  readonly fileOp?: FileOp;
  /** A moved file's old path. */
  readonly movedFrom?: string;
}

export interface StopEvent extends HookBase {
  /** The Claude Code transcript Stop completes the session from; '' when absent or another agent's. */
  readonly transcriptPath: string;
  /** Where the session stopped (the turn's last answer); '' when absent. */
  readonly lastAssistantMessage: string;
}

export interface SessionStartEvent extends HookBase {
  /** `startup`, `resume`, `clear`, `compact` or `fork`. */
  readonly source: string;
}

export interface PromptEvent extends HookBase {
  /** What the person typed, without what hooks injected into it. */
  readonly prompt: string;
  /** Where the prompt came from, when the agent says (Claude Code's `source`); '' otherwise. */
  readonly source: string;
}

/**
 * What a session file (a Codex rollout, a Gemini chat) says happened, as the live hooks would have been
 * told it, with the time the file gives it. `not-run`: a call the agent fires no capture hook for (a
 * Codex patch that failed to apply). An import stores these as the hooks store their events.
 */
export type SessionFileEntry =
  | { readonly kind: 'session'; readonly sessionId: string; readonly agent: AgentName }
  | { readonly kind: 'tool'; readonly events: readonly ToolEvent[]; readonly at: string }
  | { readonly kind: 'not-run'; readonly at: string }
  | { readonly kind: 'prompt'; readonly event: PromptEvent; readonly at: string }
  | { readonly kind: 'answer'; readonly sessionId: string; readonly text: string };

/** Reads one agent's session file a line at a time; a line that is not JSON is `null`. */
export interface SessionFileReader {
  line(text: string): readonly SessionFileEntry[] | null;
  /** What the file holds once it has all been read (a chat's messages are final only then). */
  end(): readonly SessionFileEntry[];
  /** Calls whose result never came (a session cut short). */
  unfinished(): number;
}
