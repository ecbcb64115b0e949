// The domain vocabulary, said once: memory types, importance, the tools we capture (and the settings
// matcher derived from them), and the shapes a memory takes from draft to stored row. Pure: no I/O.

/** Which project a memory belongs to. */
export interface Project {
  /** Basename, shown to people and used by `--project`. */
  readonly name: string;
  /** Full path, so two repositories called `app` never mix. A git worktree's is its main checkout's. */
  readonly path: string;
  /** A linked git worktree's own top level, when the session runs in one (its files live there). */
  readonly worktree?: string;
}

export const MEMORY_TYPES = ['observation', 'file_edit', 'command', 'error'] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

/** 1: routine (reads, test runs); 2: a change worth recalling; 3: an error, kept past retention. */
export type Importance = 1 | 2 | 3;
export const IMPORTANCE = { routine: 1, change: 2, error: 3 } as const satisfies Record<string, Importance>;

/** The tools whose results become memories, as the settings matcher names them. */
export const CAPTURED_TOOLS = ['Edit', 'Write', 'Bash', 'NotebookEdit'] as const;
/** Folded into Edit by newer Claude Code; still parsed from old payloads and transcripts, never in the matcher. */
export const LEGACY_CAPTURED_TOOLS = ['MultiEdit'] as const;
export type CapturedTool = (typeof CAPTURED_TOOLS)[number] | (typeof LEGACY_CAPTURED_TOOLS)[number];

const CAPTURED: ReadonlySet<string> = new Set<string>([...CAPTURED_TOOLS, ...LEGACY_CAPTURED_TOOLS]);

export function isCapturedTool(name: string): name is CapturedTool {
  return CAPTURED.has(name);
}

/**
 * The PostToolUse/PostToolUseFailure matcher the installer writes. Letters and `|` only, which
 * Claude Code reads as a list of exact tool names, so adding a tool above cannot miss the matcher.
 */
export const CAPTURED_TOOLS_MATCHER = CAPTURED_TOOLS.join('|');

export type MemorySource = 'hook' | 'import';

/** The coding agents whose hooks or session files this package reads; rows from before the column are Claude Code's. */
export const AGENTS = ['claude-code', 'codex', 'gemini', 'cursor', 'opencode'] as const;
export type AgentName = (typeof AGENTS)[number];
export const DEFAULT_AGENT: AgentName = 'claude-code';

export function isAgentName(value: string): value is AgentName {
  return (AGENTS as readonly string[]).includes(value);
}

/** What makes two Bash runs "the same command" when a clean run resolves an earlier failure. */
export interface CommandKey {
  /** Normalised command text. */
  readonly key: string;
  /** A test runner: a failure of a narrower target (`pytest tests/a.py::test_x`) is resolved by this run. */
  readonly isTest: boolean;
}

/** What capture decides about one tool event; where and when it happened is added by toNewMemory. */
export interface MemoryDraft {
  readonly type: MemoryType;
  readonly toolName: CapturedTool;
  readonly filePath: string | null;
  readonly content: string;
  readonly tags: string;
  readonly importance: Importance;
  readonly exitCode: number | null;
  /** Bash only: what makes a later run "the same command" (see command-key.ts). */
  readonly commandKey?: CommandKey | null;
}

/** Where and when a drafted memory happened: the facts a draft does not carry. */
export interface MemoryOrigin {
  readonly sessionId: string;
  readonly agentId: string | null;
  /** The coding agent that made it; Claude Code when absent. */
  readonly agent?: AgentName;
  readonly toolUseId: string | null;
  readonly project: Project;
  readonly createdAt: Date;
  readonly source: MemorySource;
}

/** A stored intent never exceeds this (lib/capture/intent.ts): the narration keeps at most 160 characters, the others 100. */
export const INTENT_MAX = 320;

/** One memory as it is inserted; the live hook and imports build it the same way. */
export interface NewMemory {
  readonly sessionId: string;
  readonly toolName: CapturedTool;
  readonly type: MemoryType;
  readonly project: string;
  readonly projectPath: string;
  readonly filePath: string | null;
  readonly content: string;
  readonly tags: string;
  readonly importance: Importance;
  readonly createdAt: string;
  readonly toolUseId: string | null;
  readonly agentId: string | null;
  readonly exitCode: number | null;
  readonly source: MemorySource;
  /** The coding agent that made it; Claude Code when absent. */
  readonly agent?: AgentName;
  readonly commandKey?: CommandKey | null;
  /**
   * The prompt this memory served; when absent, the store takes the session's latest recorded prompt
   * at or before `createdAt`.
   */
  readonly request?: string | null;
  /** What the call was for, from the session around it (lib/capture/intent.ts); null when nothing said it. */
  readonly intent?: string | null;
}

export function toNewMemory(draft: MemoryDraft, origin: MemoryOrigin): NewMemory {
  return {
    sessionId: origin.sessionId,
    toolName: draft.toolName,
    type: draft.type,
    project: origin.project.name,
    projectPath: origin.project.path,
    filePath: draft.filePath,
    content: draft.content,
    tags: draft.tags,
    importance: draft.importance,
    createdAt: origin.createdAt.toISOString(),
    toolUseId: origin.toolUseId,
    agentId: origin.agentId,
    exitCode: draft.exitCode,
    source: origin.source,
    ...(origin.agent && origin.agent !== DEFAULT_AGENT ? { agent: origin.agent } : {}),
    ...(draft.commandKey ? { commandKey: draft.commandKey } : {}),
  };
}

/** `forgotten`: `memory forget` left a tombstone for it (lib/db/tombstones.ts). */
export type InsertOutcome =
  | 'stored'
  | 'duplicate-tool-use'
  | 'duplicate-content'
  | 'forgotten'
  | 'disabled'
  /** A call from before the upgrade of a session held then (lib/db/schema.ts, held_sessions). */
  | 'held';

// Rows read back. Stored text may predate today's vocabulary, so read types stay as wide as the column.

/** A session's memories in order, as Stop folds them into a summary. */
export interface SessionRow {
  readonly type: string;
  readonly toolName: string;
  readonly filePath: string | null;
  readonly content: string;
  readonly createdAt: string;
  readonly project: string;
  readonly projectPath: string;
  /** Errors only: when a later clean run of the same command resolved it. */
  readonly resolvedAt?: string | null;
}

/** A session's structural summary, as written. */
export interface SessionSummaryRow {
  readonly sessionId: string;
  readonly project: string;
  readonly projectPath: string;
  readonly summary: string;
  readonly toolsUsed: readonly string[];
  readonly filesChanged: readonly string[];
  readonly memoryCount: number;
  readonly errorCount: number;
  readonly durationSec: number;
  readonly startedAt: string;
  readonly endedAt: string;
  readonly updatedAt: string;
  /** The session's first request, and where it stopped (Stop's last message); null when unknown. */
  readonly request?: string | null;
  readonly outcome?: string | null;
  /** The coding agent of the session; Claude Code when absent. */
  readonly agent?: AgentName;
}

/** A memory as SessionStart's context shows it. */
export interface ContextRow {
  readonly content: string;
  readonly filePath: string | null;
  readonly createdAt: string;
  readonly sessionId?: string;
  /** An open error: how many open failures of the same command this row (the latest) stands for. */
  readonly times?: number;
  /** The coding agent that made it; Claude Code when absent. */
  readonly agent?: string;
}

/** A session summary as SessionStart's context shows it. */
export interface ContextSummaryRow {
  readonly summary: string;
  readonly endedAt: string;
  readonly sessionId?: string;
  readonly request?: string | null;
  readonly outcome?: string | null;
  readonly errorCount?: number;
  /** Memories the session left; 0 for one that only talked (no tool work). Unknown counts as work. */
  readonly memoryCount?: number;
  /** The session's errors not resolved by a later run. */
  readonly openErrors?: number;
  /** The coding agent of the session; Claude Code when absent. */
  readonly agent?: string;
}

/** A whole `memories` row under its column names, as the CLI's `--json` prints it. */
export interface MemoryRow {
  readonly id: number;
  readonly session_id: string;
  readonly tool_name: string;
  readonly type: string;
  readonly project: string;
  readonly project_path: string;
  readonly file_path: string | null;
  readonly content: string;
  readonly tags: string;
  readonly importance: number;
  readonly created_at: string;
  readonly tool_use_id: string | null;
  readonly agent_id: string | null;
  readonly exit_code: number | null;
  readonly source: string;
  /** Normalised command (Bash rows); what resolution compares. */
  readonly command_key?: string | null;
  /** Errors: the later memory (a clean run of the same command) that resolved it, and when. */
  readonly resolved_by?: number | null;
  readonly resolved_at?: string | null;
  /** The user's prompt this memory served (redacted), when known. */
  readonly request?: string | null;
  /** What the call was for: the assistant's words before it, the todo in progress, a failed command's description. */
  readonly intent?: string | null;
  /** The coding agent that made it (a database from before the column has none: Claude Code's). */
  readonly agent?: string;
}

/** A whole `session_summaries` row under its column names, lists decoded, as `--json` prints it. */
export interface SummaryRecord {
  readonly session_id: string;
  readonly project: string;
  readonly project_path: string;
  readonly summary: string;
  readonly tools_used: string[];
  readonly files_changed: string[];
  readonly memory_count: number;
  readonly error_count: number;
  readonly duration_sec: number;
  readonly started_at: string;
  readonly ended_at: string;
  readonly updated_at: string;
  /** The coding agent of the session (none before the column: Claude Code's). */
  readonly agent?: string;
}
