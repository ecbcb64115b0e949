// A Codex command's exit code, which its PostToolUse payload does not carry: Codex has already written
// the command's `item_completed` (a CommandExecution with `exit_code`) to the session's rollout when
// the hook runs, so the rollout's tail holds it. Reads at most ROLLOUT_TAIL_BYTES; never throws.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { objectOf } from '../../narrow.js';

export const ROLLOUT_TAIL_BYTES = 512 * 1024;

/** The exit code the rollout records for the call `callId`, or null when it says none. */
export function rolloutExitCode(rolloutPath: string, callId: string): number | null {
  if (!rolloutPath || !callId) return null;
  let text: string;
  try {
    const fd = openSync(rolloutPath, 'r');
    try {
      const size = fstatSync(fd).size;
      const length = Math.min(size, ROLLOUT_TAIL_BYTES);
      const buffer = Buffer.alloc(length);
      readSync(fd, buffer, 0, length, size - length);
      text = buffer.toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
  const needle = JSON.stringify(callId);
  const lines = text.split('\n');
  for (let at = lines.length - 1; at >= 0; at--) {
    const line = lines[at] as string;
    if (!line.includes(needle) || !line.includes('"exit_code"')) continue;
    const code = exitCodeOfLine(line, callId);
    if (code !== null) return code;
  }
  return null;
}

/** A rollout line's exit code for `callId`: an item_completed CommandExecution, or an exec_command_end. */
export function exitCodeOfLine(line: string, callId: string): number | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const payload = objectOf(objectOf(value)['payload']);
  const item = objectOf(payload['item']);
  if (item['type'] === 'CommandExecution' && item['id'] === callId && typeof item['exit_code'] === 'number')
    return item['exit_code'];
  if (
    payload['type'] === 'exec_command_end' &&
    payload['call_id'] === callId &&
    typeof payload['exit_code'] === 'number'
  )
    return payload['exit_code'];
  return null;
}
