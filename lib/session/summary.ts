// A session's memories → its structural summary (no LLM): what was asked, what changed, what
// failed, where it stopped; each line present only when it has something to say, the footer always:
//   Asked: "Add a greet() helper and run the tests"
//   Edited 3 files: src/config.ts, src/handler.ts, schema.ts
//   Commands: npm test; git commit -m "feat: memory"
//   Errors (1): AssertionError: expected 'Hi Ada' to be 'Hello Ada'
//   Stopped at: "greet() is in place; the test still fails."
//   [15 memories, 120s, tools: Edit/Bash/Write]
import { tellingLine } from '../capture/error-lines.js';
import type { SessionRow, SessionSummaryRow } from '../memory.js';
import { clip, oneLine } from '../text/bounded.js';

/** What the session was asked and where it stopped (prompts table, Stop's last message). */
export interface SessionIntent {
  readonly prompts: readonly {
    readonly text: string;
    readonly createdAt: string;
    readonly project: string;
    readonly projectPath: string;
  }[];
  readonly outcome: string | null;
}

const NO_INTENT: SessionIntent = { prompts: [], outcome: null };
const REQUEST_MAX = 300;

const MAX_FILES = 8;
const MAX_COMMANDS = 5;
const MAX_ERRORS = 3;

export function summarizeSession(
  sessionId: string,
  rows: readonly SessionRow[],
  now: Date,
  intent: SessionIntent = NO_INTENT,
): SessionSummaryRow | null {
  const [firstPrompt] = intent.prompts;
  const lastPrompt = intent.prompts[intent.prompts.length - 1];
  const first = earliest(rows[0], firstPrompt);
  const last = latest(rows[rows.length - 1], lastPrompt);
  if (!first || !last) return null;
  const request = firstPrompt ? clip(oneLine(firstPrompt.text), REQUEST_MAX) : null;
  const outcome = intent.outcome ? clip(oneLine(intent.outcome), REQUEST_MAX) : null;

  const files = unique(
    rows.filter((row) => row.type === 'file_edit' && row.filePath).map((row) => row.filePath as string),
  );
  const commands = unique(rows.filter((row) => row.type === 'command').map((row) => commandLine(row.content)));
  const errors = rows.filter((row) => row.type === 'error');
  const tools = unique(rows.map((row) => row.toolName));
  const durationSec = Math.max(0, Math.round((Date.parse(last.createdAt) - Date.parse(first.createdAt)) / 1000));

  const summaryLines: string[] = [];
  if (request) {
    const more =
      intent.prompts.length > 1
        ? ` (+${intent.prompts.length - 1} more request${intent.prompts.length === 2 ? '' : 's'})`
        : '';
    summaryLines.push(`Asked: "${request}"${more}`);
  }
  if (files.length > 0) {
    const shown = files.map((file) => relativeTo(file, last.projectPath));
    summaryLines.push(
      `Edited ${files.length} file${files.length === 1 ? '' : 's'}: ${listWithMore(shown, MAX_FILES, ', ')}`,
    );
  }
  if (commands.length > 0)
    summaryLines.push(
      `Commands: ${listWithMore(
        commands.map((c) => clip(c, 80)),
        MAX_COMMANDS,
        '; ',
      )}`,
    );
  if (errors.length > 0) {
    // Open errors first: they are the ones still worth a line.
    const open = errors.filter((row) => !row.resolvedAt);
    const reasons = unique([...open, ...errors.filter((row) => row.resolvedAt)].map((row) => errorReason(row.content)));
    const fixed = errors.length - open.length;
    const mark = fixed === 0 ? '' : open.length === 0 ? ', fixed since' : `, ${fixed} fixed since`;
    summaryLines.push(
      `Errors (${errors.length}${mark}): ${listWithMore(
        reasons.map((r) => clip(r, 100)),
        MAX_ERRORS,
        '; ',
      )}`,
    );
  }
  if (outcome) summaryLines.push(`Stopped at: "${outcome}"`);
  summaryLines.push(
    `[${rows.length} ${rows.length === 1 ? 'memory' : 'memories'}, ${durationSec}s, tools: ${tools.join('/')}]`,
  );

  return {
    sessionId,
    project: last.project,
    projectPath: last.projectPath,
    summary: summaryLines.join('\n'),
    toolsUsed: tools,
    filesChanged: files,
    memoryCount: rows.length,
    errorCount: errors.length,
    durationSec,
    startedAt: first.createdAt,
    endedAt: last.createdAt,
    updatedAt: now.toISOString(),
    request,
    outcome,
  };
}

type Dated = { readonly createdAt: string; readonly project: string; readonly projectPath: string };

function earliest(a: Dated | undefined, b: Dated | undefined): Dated | undefined {
  if (!a || !b) return a ?? b;
  return b.createdAt < a.createdAt ? b : a;
}

function latest(a: Dated | undefined, b: Dated | undefined): Dated | undefined {
  if (!a || !b) return a ?? b;
  return b.createdAt > a.createdAt ? b : a;
}

/** `file` relative to the project root when it lies inside it (either separator), else as stored. */
export function relativeTo(file: string, root: string): string {
  if (!root || root === 'unknown') return file;
  const trimmed = root.replace(/[\\/]+$/, '');
  if (file.length > trimmed.length + 1 && file.startsWith(trimmed) && /[\\/]/.test(file[trimmed.length] as string)) {
    return file.slice(trimmed.length + 1);
  }
  return file;
}

/** The command itself: the content's first line, without the `# description` note. */
function commandLine(content: string): string {
  const firstLine = content.split('\n', 1)[0] ?? '';
  return oneLine(firstLine.replace(/\s{2}# .*$/, ''));
}

/** An error row's most telling line (see error-lines.ts), else the failed command. */
function errorReason(content: string): string {
  const [headerLine = '', ...output] = content.split('\n');
  const reason = tellingLine(output);
  return oneLine(reason ?? headerLine.replace(/^Bash error(?: \(exit -?\d+\))?: /, ''));
}

function listWithMore(items: readonly string[], max: number, separator: string): string {
  const shown = items.slice(0, max).join(separator);
  return items.length > max ? `${shown} (+${items.length - max} more)` : shown;
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}
