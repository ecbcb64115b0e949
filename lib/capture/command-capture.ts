// A shell command's event → its memory: a command that ran, or one that failed (its exit code and the lines
// of its output a person would look at). Redacts before anything leaves. Pure: no I/O.
import type { ToolEvent } from '../agents/events.js';
import { IMPORTANCE, type MemoryDraft } from '../memory.js';
import { classifyCommand, type CommandClass } from './shell.js';
import { usesHeredoc } from './shell-words.js';
import { commandKey } from './command-key.js';
import { pickErrorLines } from './error-lines.js';
import { bound, joinTags, Redactor } from './draft-text.js';
import { describeBinary } from '../text/binary.js';
import { clip, head, oneLine, SCAN_MAX } from '../text/bounded.js';
import { str } from '../narrow.js';

export function captureBash(event: ToolEvent): MemoryDraft | null {
  const command = str(event.input['command']);
  const description = str(event.input['description']);
  const redactor = new Redactor([command, description, str(event.response['stdout']), str(event.response['stderr'])]);
  const kind = classifyCommand(head(command, SCAN_MAX));
  const shown = clip(redactor.clean(command).trim(), 1200);
  const note = description ? `  # ${clip(oneLine(redactor.clean(description)), 160)}` : '';
  return {
    type: 'command',
    toolName: 'Bash',
    filePath: null,
    content: bound(`${shown}${note}`),
    tags: commandTags(kind, [usesHeredoc(head(command, SCAN_MAX)) ? 'heredoc' : '']),
    importance: kind.importance,
    exitCode: null,
    commandKey: commandKey(redactor.clean(head(command, SCAN_MAX))),
  };
}

export function captureBashFailure(event: ToolEvent): MemoryDraft | null {
  const command = str(event.input['command']);
  const error = event.error || str(event.response['stderr']);
  const redactor = new Redactor([command, error]);
  const exitCode = parseExitCode(error);
  const kind = command
    ? classifyCommand(head(command, SCAN_MAX))
    : { kind: 'run' as const, tool: '', importance: 1 as const };
  const output = meaningfulOutput(redactor.clean(error.replace(/^Exit code \d+\s*/, '')));
  const header = `Bash error${exitCode === null ? '' : ` (exit ${exitCode})`}: ${clip(oneLine(redactor.clean(command)), 400)}`;
  return {
    type: 'error',
    toolName: 'Bash',
    filePath: null,
    content: bound(output ? `${header}\n${output}` : header),
    tags: commandTags(kind, [
      'error',
      ...(exitCode === null ? [] : [`exit-${exitCode}`]),
      usesHeredoc(head(command, SCAN_MAX)) ? 'heredoc' : '',
    ]),
    importance: IMPORTANCE.error,
    exitCode,
    commandKey: command ? commandKey(redactor.clean(command)) : null,
  };
}

export function parseExitCode(error: string): number | null {
  const match = /^\s*Exit code:? (-?\d+)/i.exec(error) ?? /\bexit(?:ed with)? code:? (-?\d+)/i.exec(head(error, 4096));
  return match ? Number(match[1]) : null;
}

/**
 * The lines of a failure's output a person would look at (see error-lines.ts), at most 1,200 characters;
 * bytes that are not text are said as `binary output, N bytes`.
 */
export function meaningfulOutput(output: string): string {
  return clip(pickErrorLines(describeBinary(head(output, SCAN_MAX))).join('\n'), 1200);
}

function commandTags(found: CommandClass, extra: readonly string[]): string {
  return joinTags(['bash', found.tool, found.kind === 'run' ? '' : found.kind, ...extra]);
}
