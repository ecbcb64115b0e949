// What every MCP tool works within: its context (the reader, the default project, the clock, the reply
// budget), the scope a project/since pair names, and how a record and its path are shown to the model.
import { NO_FILTERS, type Filters } from '../search/queries.js';
import { DEFAULT_AGENT, type MemoryRow } from '../memory.js';
import type { RecordView } from '../memory-record.js';
import type { Env } from '../paths.js';
import type { Project } from '../capture/project.js';
import { parseWhen } from '../search/filters.js';
import { errorReply, safe, type ToolReply } from './reply.js';
import type { MemoryReader } from './store.js';

export interface ToolContext {
  readonly reader: MemoryReader;
  /** The project of the server's working directory (or CLAUDE_PROJECT_DIR): the default scope. */
  readonly here: Project;
  readonly now: () => Date;
  readonly budgetTokens: number;
  /** Where the team server's settings come from (scope "team"). */
  readonly env: Env;
}

export interface Scope {
  /** Shown in replies: a project name, or `*`. */
  readonly label: string;
  readonly filters: Filters;
}

/** The filters of a project/since pair, or an error reply for a bad `since`. */
export function scopeOf(
  args: { project?: string | undefined; since?: string | undefined },
  context: ToolContext,
): Scope | ToolReply {
  let since: string | null = null;
  if (args.since !== undefined) {
    const parsed = parseWhen('since', args.since, context.now());
    if (!parsed.ok) return errorReply(parsed.error);
    since = parsed.value;
  }
  const project = args.project?.trim();
  if (project === undefined)
    return { label: context.here.name, filters: { ...NO_FILTERS, projectPath: context.here.path, since } };
  if (project === '*') return { label: '*', filters: { ...NO_FILTERS, since } };
  if (project === '') return errorReply('project is empty: give a project name, or "*" for all projects');
  return { label: project, filters: { ...NO_FILTERS, project, since } };
}

export function isReply(value: Scope | ToolReply): value is ToolReply {
  return 'text' in value;
}

export function noDatabase(tag: string, context: ToolContext, empty: Record<string, unknown>): ToolReply {
  const hint = `No memory database at ${context.reader.dbPath} yet: nothing has been captured. The user can run \`memory doctor\` to check the installation.`;
  return { text: `<${tag}>\n${hint}\n</${tag}>`, structured: { ...empty, hint } };
}

/** A record as the model may read it: every stored string one safe bounded line, the content as given. */
export function forTheModel(content: string, excerpt: boolean): RecordView {
  return { text: safe, content: { text: content, excerpt } };
}

export function relativePath(row: Pick<MemoryRow, 'file_path' | 'project_path'>): string | null {
  if (!row.file_path) return null;
  const prefix = `${row.project_path}/`;
  return row.file_path.startsWith(prefix) ? row.file_path.slice(prefix.length) : row.file_path;
}

/** ` by codex`: which agent did it, for any but Claude Code (unmarked, as most memories are its). */
export function byAgent(agent: string | null): string {
  return agent && agent !== DEFAULT_AGENT ? ` by ${agent}` : '';
}
