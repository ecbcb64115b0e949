// A probe hook: registered on every event of a client, it keeps the exact bytes the client sent on stdin
// (DIR/<monotonic ns>-<event>.json) and answers the events that can add context with a marker, so a
// recording shows both what each event delivers and where its output reaches the model. The marker holds
// `<`, `>` and `&` on purpose, to show how the client escapes them.
//
//   node probe-hook.js EVENT DIR [json|plain]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The events whose output a client can show the model. */
const ANSWERED = new Set(['SessionStart', 'UserPromptSubmit', 'PostToolUse', 'BeforeAgent', 'AfterTool']);

const [event = 'unknown', dir = '.', style = 'json'] = process.argv.slice(2);
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const input = Buffer.concat(chunks);
mkdirSync(dir, { recursive: true });
const base = join(dir, `${process.hrtime.bigint().toString().padStart(20, '0')}-${event}`);
writeFileSync(`${base}.json`, input);
if (ANSWERED.has(event)) {
  let source = '';
  try {
    source = String((JSON.parse(input.toString('utf8')) as Record<string, unknown>)['source'] ?? '');
  } catch {
    // not JSON: recorded as it came
  }
  const text =
    event === 'SessionStart' ? `PROBE-MARKER SessionStart:${source} <probe-marker/> & more` : `PROBE ${event}`;
  const out =
    style === 'plain'
      ? `${text}\n`
      : `${JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: text } })}\n`;
  writeFileSync(`${base}.out`, out);
  process.stdout.write(out);
}
