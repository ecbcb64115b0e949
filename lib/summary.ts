// A session's memories → its structural summary (no LLM): up to four lines, each present only when
// it has something to say, the footer always:
//   Edited 3 files: config.ts, handler.ts, schema.ts
//   Commands: npm test; git commit -m "feat: memory"
//   Errors (1): ENOENT /tmp/missing.txt
//   [15 memories, 120s, tools: Edit/Bash/Write]
import type { SessionRow, SessionSummaryRow } from './memory.js';
import { baseName } from './paths.js';
import { clip, oneLine } from './text.js';

const MAX_FILES = 8;
const MAX_COMMANDS = 5;
const MAX_ERRORS = 3;

export function summarizeSession(sessionId: string, rows: readonly SessionRow[], now: Date): SessionSummaryRow | null {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) return null;

  const files = unique(rows.filter((row) => row.type === 'file_edit' && row.filePath).map((row) => row.filePath as string));
  const commands = unique(rows.filter((row) => row.type === 'command').map((row) => commandLine(row.content)));
  const errors = rows.filter((row) => row.type === 'error');
  const tools = unique(rows.map((row) => row.toolName));
  const durationSec = Math.max(0, Math.round((Date.parse(last.createdAt) - Date.parse(first.createdAt)) / 1000));

  const summaryLines: string[] = [];
  if (files.length > 0) {
    summaryLines.push(`Edited ${files.length} file${files.length === 1 ? '' : 's'}: ${listWithMore(files.map(baseName), MAX_FILES, ', ')}`);
  }
  if (commands.length > 0) summaryLines.push(`Commands: ${listWithMore(commands.map((c) => clip(c, 80)), MAX_COMMANDS, '; ')}`);
  if (errors.length > 0) {
    const reasons = unique(errors.map((row) => errorReason(row.content)));
    summaryLines.push(`Errors (${errors.length}): ${listWithMore(reasons.map((r) => clip(r, 100)), MAX_ERRORS, '; ')}`);
  }
  summaryLines.push(`[${rows.length} ${rows.length === 1 ? 'memory' : 'memories'}, ${durationSec}s, tools: ${tools.join('/')}]`);

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
  };
}

/** The command itself: the content's first line, without the `# description` note. */
function commandLine(content: string): string {
  const firstLine = content.split('\n', 1)[0] ?? '';
  return oneLine(firstLine.replace(/\s{2}# .*$/, ''));
}

/** An error row's most telling line: the first output line, else the failed command. */
function errorReason(content: string): string {
  const [headerLine = '', ...output] = content.split('\n');
  const reason = output.find((line) => line.trim() !== '');
  return oneLine(reason ?? headerLine.replace(/^Bash error(?: \(exit -?\d+\))?: /, ''));
}

function listWithMore(items: readonly string[], max: number, separator: string): string {
  const shown = items.slice(0, max).join(separator);
  return items.length > max ? `${shown} (+${items.length - max} more)` : shown;
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}
