// The public shape of one memory: what `--json`, the MCP tools, the page and team search hand out, its
// keys snake_case as in the database and in Claude Code's own payloads,
// made from a storage row here and nowhere else (docs/record.md, docs/record.schema.json). Pure: no I/O;
// the page's browser code reads its types, so it imports nothing, not even types (the row is stated
// here as the columns it reads; lib/memory.ts's MemoryRow is one).

/** Bumped only when a field is removed, renamed or changes meaning; adding a field keeps it. */
export const RECORD_VERSION = 1;

export interface MemoryRecord {
  readonly version: typeof RECORD_VERSION;
  /** `local`: this machine's database (`id` opens it with `memory show`); `team`: the team server's. */
  readonly origin: 'local' | 'team';
  readonly id: number;
  readonly session_id: string;
  /**
   * The coding agent that made it (`claude-code`, `codex`, `gemini`, `cursor`, `opencode`); null for a
   * team memory pushed before its server kept agents.
   */
  readonly agent: string | null;
  /** Subagent that made it, or null for the main conversation. */
  readonly agent_id: string | null;
  readonly project: string;
  /** Absolute project folder; null for team memories (their paths are already relative). */
  readonly project_path: string | null;
  readonly tool: string;
  readonly type: string;
  readonly file_path: string | null;
  readonly content: string;
  /** True when `content` is part of the stored text (a search snippet, or cut to fit a reply). */
  readonly excerpt: boolean;
  readonly tags: string[];
  /** 1 routine, 2 a change, 3 an error. */
  readonly importance: number;
  readonly created_at: string;
  readonly exit_code: number | null;
  /** `hook` (captured live) or `import` (backfilled from a transcript); null for team memories. */
  readonly source: string | null;
  /** Errors: the later memory that resolved it (a clean run of the same command), and when. */
  readonly resolved_by: number | null;
  readonly resolved_at: string | null;
  /** The user's prompt this memory served (redacted), when known. */
  readonly request: string | null;
  /** What the call was for, in the session's words (the narration before it, the todo, a description), when known. */
  readonly intent: string | null;
  /** Claude Code's id of the tool call it records (its transcript has the same), when known. */
  readonly tool_use_id: string | null;
  /** Team search: who wrote it and on which machine. */
  readonly author?: string;
  readonly host?: string;
}

/** How a consumer shows stored text: the CLI's `--json` keeps it as stored; the page and MCP clean and bound it. */
export interface RecordView {
  /** Applied to every stored string but the content, with the most characters it may keep. */
  readonly text?: (value: string, maxChars: number) => string;
  /** What stands for the content (cleaned, cut, or a snippet); `excerpt` when it is only part of it. */
  readonly content?: { readonly text: string; readonly excerpt: boolean };
}

/** Where a memory comes from, when not this machine's database. */
export interface RecordOrigin {
  readonly origin: 'local' | 'team';
  readonly author?: string;
  readonly host?: string;
}

/** The `memories` columns a record is made of (lib/memory.ts's MemoryRow has them all). */
export interface StoredMemory {
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
  readonly agent_id: string | null;
  readonly exit_code: number | null;
  readonly source: string;
  readonly resolved_by?: number | null;
  readonly resolved_at?: string | null;
  readonly request?: string | null;
  readonly intent?: string | null;
  readonly tool_use_id?: string | null;
  /** Absent in rows from before the column: Claude Code's. */
  readonly agent?: string;
}

/** A team server's memory row, as team search returns it (ids are bigints, as text). */
export interface StoredTeamMemory {
  readonly id: string;
  readonly author: string;
  readonly host_name: string;
  readonly session_id: string;
  readonly tool_name: string;
  readonly type: string;
  readonly project: string;
  readonly file_path: string | null;
  readonly content: string;
  readonly tags: string;
  readonly importance: number;
  readonly created_at: string;
  /** The coding agent that made it, when the server keeps it (schema v4); null for rows pushed before. */
  readonly agent?: string | null;
}

const AS_STORED = (value: string): string => value;

/** The one function that makes a public record from a storage row. */
export function toPublicRecord(
  row: StoredMemory,
  view: RecordView = {},
  from: RecordOrigin = { origin: 'local' },
): MemoryRecord {
  const text = view.text ?? AS_STORED;
  const orNull = (value: string | null | undefined, max: number): string | null =>
    value === null || value === undefined ? null : text(value, max);
  return {
    version: RECORD_VERSION,
    origin: from.origin,
    id: row.id,
    session_id: text(row.session_id, 80),
    // One of the agent names the hooks write (lib/memory.ts AGENTS), never free text.
    agent: from.origin === 'team' ? (row.agent ?? null) : (row.agent ?? 'claude-code'),
    agent_id: orNull(row.agent_id, 80),
    project: text(row.project, 100),
    project_path: from.origin === 'team' ? null : text(row.project_path, 300),
    tool: text(row.tool_name, 40),
    type: text(row.type, 20),
    file_path: orNull(row.file_path, 300),
    content: view.content?.text ?? row.content,
    excerpt: view.content?.excerpt ?? false,
    tags: row.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean)
      .map((tag) => text(tag, 40)),
    importance: row.importance,
    created_at: text(row.created_at, 40),
    exit_code: row.exit_code,
    source: from.origin === 'team' ? null : text(row.source, 20),
    resolved_by: row.resolved_by ?? null,
    resolved_at: orNull(row.resolved_at, 40),
    request: orNull(row.request, 300),
    intent: orNull(row.intent, 400),
    tool_use_id: from.origin === 'team' ? null : orNull(row.tool_use_id, 100),
    ...(from.author === undefined ? {} : { author: text(from.author, 100) }),
    ...(from.host === undefined ? {} : { host: text(from.host, 100) }),
  };
}

/** A team server's memory as the storage row it was pushed from (what it keeps of one), for toPublicRecord. */
export function teamMemoryRow(hit: StoredTeamMemory): StoredMemory {
  return {
    id: Number(hit.id),
    session_id: hit.session_id,
    tool_name: hit.tool_name,
    type: hit.type,
    project: hit.project,
    project_path: '',
    file_path: hit.file_path,
    content: hit.content,
    tags: hit.tags,
    importance: hit.importance,
    created_at: hit.created_at,
    agent_id: null,
    exit_code: null,
    source: 'team',
    ...(hit.agent ? { agent: hit.agent } : {}),
  };
}

/** A team server's memory as a public record, marked with its author and host. */
export function teamRecord(hit: StoredTeamMemory, view: RecordView = {}): MemoryRecord {
  return toPublicRecord(teamMemoryRow(hit), view, { origin: 'team', author: hit.author, host: hit.host_name });
}
