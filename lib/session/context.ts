// Rows → the bounded, escaped <memory-context> block SessionStart prints: one line per recent
// session leading with its request, the errors still open, recent changes with paths relative to
// the project, where the last session stopped, and where more history is; with more than one agent at
// work in the project, each line names the agent. Phrased as facts, never as instructions; every stored string passes through safeLine() before it is printed.
import { CONTEXT_CHARS_MAX } from '../config/config.js';
import { DEFAULT_AGENT, type ContextRow, type ContextSummaryRow } from '../memory.js';
import { tellingLine } from '../capture/error-lines.js';
import { describeBinary } from '../text/binary.js';
import { cleanText, escapeXml, safeLine } from '../text/sanitize.js';
import { relativeTo } from './summary.js';
import { baseName } from '../paths.js';
import { relativeAge } from '../text/age.js';
import { jsonEnvelope } from '../agents/output.js';

export const LINE_MAX = 200;
const SESSION_LINE_MAX = 320;
/** Session lines in the block; SessionStart asks the store for as many sessions that did work. */
export const SESSIONS_SHOWN = 3;

export interface ContextInput {
  readonly project: string;
  /** The project root: file paths are shown relative to it. */
  readonly projectPath?: string;
  /** The linked git worktree the session runs in: its own files are shown relative to it. */
  readonly worktreePath?: string;
  readonly summaries: readonly ContextSummaryRow[];
  readonly changes: readonly ContextRow[];
  /** Open (unresolved) errors only. */
  readonly errors: readonly ContextRow[];
  /** Soft size in characters; clamped to CONTEXT_CHARS_MAX. */
  readonly maxChars: number;
  /** "Now", for ages in words; without it, dates are shown. */
  readonly now?: Date;
  /** The session being started (resume, compact): its own rows are "this session", not history. */
  readonly currentSessionId?: string;
  /** The slash command that searches: the plugin's is namespaced by Claude Code (/mem:search). */
  readonly searchCommand?: string;
}

interface Section {
  readonly title: string;
  readonly lines: string[];
  readonly candidates: readonly string[];
}

// The model can call the MCP tool itself; the slash command is the user's to type.
function moreHistory(command = '/mem'): string {
  return `More history is available: the search tool of the memory-hooks MCP server (when connected), and the ${command} command the user can type (for example ${command} npm test).`;
}

/** The whole block, or '' when there is nothing to say. */
export function buildContext(input: ContextInput): string {
  const budget = Math.min(Math.max(input.maxChars, 300), CONTEXT_CHARS_MAX);
  const open = `<memory-context project="${escapeXml(cleanText(input.project)).slice(0, 200)}">`;
  const intro = 'Activity recorded by claude-memory-hooks in this project, newest first.';
  const close = '</memory-context>';
  const when = (iso: string, sessionId?: string): string =>
    sessionId !== undefined && sessionId === input.currentSessionId
      ? 'this session'
      : input.now
        ? relativeAge(iso, input.now)
        : iso.slice(0, 10);
  // With more than one agent at work here, each line says which one did it.
  const agentOf = (row: { readonly agent?: string }): string => row.agent ?? DEFAULT_AGENT;
  const mixed = new Set([...input.summaries, ...input.changes, ...input.errors].map(agentOf)).size > 1;
  const by = (row: { readonly agent?: string }): string => (mixed ? ` (${agentLabel(agentOf(row))})` : '');
  const root = input.projectPath ?? '';
  const roots = input.worktreePath ? [input.worktreePath, root] : [root];
  // A session that only talked never takes the slot of one that did work, nor its place as "the last".
  const worked = (row: ContextSummaryRow): boolean => row.memoryCount === undefined || row.memoryCount > 0;
  const active = input.summaries.filter(worked);
  const shown = new Set([...active, ...input.summaries.filter((row) => !worked(row))].slice(0, SESSIONS_SHOWN));
  const latest = active[0];
  // Only the newest of the sessions after it may have been read: how many there were is not known here.
  const since =
    latest && input.summaries.some((row) => !worked(row) && row.endedAt > latest.endedAt)
      ? ' (the sessions after it ran no tools)'
      : '';
  const sections: Section[] = [
    {
      title: '## Sessions',
      lines: [],
      candidates: input.summaries
        .filter((row) => shown.has(row))
        .map((row) => bullet(when(row.endedAt, row.sessionId) + by(row), sessionLine(row), SESSION_LINE_MAX)),
    },
    {
      title: '## Open errors',
      lines: [],
      candidates: input.errors.map((row) =>
        bullet(
          ((row.times ?? 1) > 1
            ? `${row.times} times, last ${when(row.createdAt, row.sessionId).replace(/^this session$/, 'in this session')}`
            : when(row.createdAt, row.sessionId)) + by(row),
          errorLine(row.content),
          LINE_MAX,
        ),
      ),
    },
    {
      title: '## Recent changes',
      lines: [],
      candidates: input.changes.map((row) =>
        bullet(when(row.createdAt, row.sessionId) + by(row), changeLine(row, roots), LINE_MAX),
      ),
    },
    {
      title: '## Where the last session stopped',
      lines: [],
      candidates: latest?.outcome
        ? [bullet(when(latest.endedAt, latest.sessionId) + by(latest), `"${latest.outcome}"${since}`, LINE_MAX * 2)]
        : [],
    },
  ];
  if (sections.every((section) => section.candidates.length === 0)) return '';

  // Round-robin so one long section cannot starve the others when the budget is tight.
  const more = moreHistory(input.searchCommand);
  let used = open.length + intro.length + more.length + close.length + 3;
  for (let index = 0, added = true; added; index++) {
    added = false;
    for (const section of sections) {
      const candidate = section.candidates[index];
      if (candidate === undefined) continue;
      const cost = candidate.length + 1 + (section.lines.length === 0 ? section.title.length + 1 : 0);
      if (used + cost > budget) continue;
      section.lines.push(candidate);
      used += cost;
      added = true;
    }
  }
  const body = sections
    .filter((section) => section.lines.length > 0)
    .flatMap((section) => [section.title, ...section.lines]);
  if (body.length === 0) return '';
  return [open, intro, ...body, more, close].join('\n');
}

const AGENT_LABELS: Readonly<Record<string, string>> = {
  'claude-code': 'Claude Code',
  codex: 'Codex',
  gemini: 'Gemini CLI',
  cursor: 'Cursor',
  opencode: 'OpenCode',
};

/** The agent as people name it; a name from a newer version is shown as stored. */
function agentLabel(agent: string): string {
  return AGENT_LABELS[agent] ?? agent;
}

/** One bullet: when, then the text with its line breaks shown as ` | `, cleaned, escaped, bounded. */
function bullet(when: string, text: string, max: number): string {
  const prefix = `- ${escapeXml(cleanText(when))}: `;
  const flat = describeBinary(text)
    .split('\n')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' | ');
  return prefix + safeLine(flat, max - prefix.length);
}

/** A session: its request first, then what it did; where it stopped has its own section. */
function sessionLine(row: ContextSummaryRow): string {
  const parts = row.summary
    .split('\n')
    .filter(
      (part) => !/^\[\d+ (?:observations?|memories|memory), /.test(part) && !/^(?:Asked|Stopped at): /.test(part),
    );
  const done = parts.map((part) => (/^Errors \(/.test(part) ? errorsPart(part, row) : part));
  return [row.request ? `asked "${row.request}"` : '', ...done].filter(Boolean).join('\n');
}

/** The stored errors line with its count marked by what is fixed *now*, not when it was written. */
function errorsPart(part: string, row: ContextSummaryRow): string {
  const total = row.errorCount ?? 0;
  const open = row.openErrors ?? total;
  const mark = total > 0 && open === 0 ? ', fixed since' : open < total ? `, ${total - open} fixed since` : '';
  return part.replace(/^Errors \([^)]*\)/, `Errors (${total}${mark})`);
}

/** `npm test (exit 1): <the telling line>` from a stored error row. */
function errorLine(content: string): string {
  const [header = '', ...output] = content.split('\n');
  const match = /^Bash error(?: \(exit (-?\d+)\))?: (.*)$/.exec(header);
  const command = match ? `${match[2] ?? ''}${match[1] !== undefined ? ` (exit ${match[1]})` : ''}` : header;
  const reason = tellingLine(output);
  return reason ? `${command}: ${reason}` : command;
}

/** A change with the file named by its path in the project rather than its bare name. */
function changeLine(row: ContextRow, roots: readonly string[]): string {
  const { filePath } = row;
  if (!filePath || !roots[0]) return row.content;
  const name = baseName(filePath);
  // Another worktree's file keeps its full path: which checkout it changed is the point.
  const relative = roots.map((root) => relativeTo(filePath, root)).find((path) => path !== filePath) ?? filePath;
  if (relative === name) return row.content;
  const at = row.content.indexOf(` ${name}`);
  return at === -1 || at > 20
    ? row.content
    : `${row.content.slice(0, at + 1)}${relative}${row.content.slice(at + 1 + name.length)}`;
}

/**
 * The JSON envelope Claude Code reads from a SessionStart hook's stdout: the context for the model,
 * and optionally a `systemMessage`, which Claude Code shows to the user and not to the model.
 */
export function sessionStartOutput(context: string, systemMessage: string | null = null): string {
  return jsonEnvelope('SessionStart', context, systemMessage);
}
