// What this package put into the model's context never comes back as a memory: capture, prompt
// recording and import drop <memory-recall> and <memory-context> blocks from everything they store.
import { describe, expect, it } from 'vitest';
import { captureEvent } from '../../../lib/capture/capture.js';
import { parseToolEvent } from '../../../lib/agents/claude-code/payload.js';
import { promptToRecord } from '../../../lib/capture/prompt.js';
import { stripInjected } from '../../../lib/redact/redact.js';

const RECALL =
  '<memory-recall project="app">\nEarlier records …:\n- #61 2026-03-02 error: npm test failed\n</memory-recall>';
const CONTEXT = '<memory-context project="app">\n## Sessions\n- 2 days ago: asked "fix login"\n</memory-context>';

function capture(toolName: string, input: Record<string, unknown>, response: unknown, failed?: string) {
  const event = parseToolEvent({
    session_id: 's',
    cwd: '/home/dev/app',
    transcript_path: '/t.jsonl',
    tool_use_id: 'toolu_1',
    tool_name: toolName,
    tool_input: input,
    ...(failed === undefined
      ? { hook_event_name: 'PostToolUse', tool_response: response }
      : { hook_event_name: 'PostToolUseFailure', error: failed }),
  });
  if (!event) throw new Error('payload not parsed');
  return captureEvent(event);
}

describe('never recaptured', () => {
  it.each([
    ['a recall block', `before ${RECALL} after`, 'before  after'],
    ['a context block', `${CONTEXT}\nafter`, '\nafter'],
    ['both, and text between them', `${RECALL} middle ${CONTEXT}`, ' middle '],
    ['an unclosed block (to the end)', 'keep <memory-recall project="x">\n- #1 …', 'keep '],
    ['upper-case tags', '<MEMORY-RECALL>x</MEMORY-RECALL>y', 'y'],
  ])('strips %s', (_name, text, expected) => {
    expect(stripInjected(text)).toBe(expected);
  });

  it('leaves a mention of the tag name alone', () => {
    expect(stripInjected('the <memory-recallx> tag and memory-recall blocks')).toBe(
      'the <memory-recallx> tag and memory-recall blocks',
    );
  });

  it('does not store a recall block from a prompt', () => {
    expect(promptToRecord(`${RECALL}\nwhy does the login test fail`)).toBe('why does the login test fail');
    expect(promptToRecord(CONTEXT)).toBeNull();
  });

  it('does not store a block from an edit, a written file or a command', () => {
    expect(
      capture('Edit', { file_path: '/home/dev/app/notes.md', old_string: 'a', new_string: `a ${CONTEXT}` }, {})
        ?.content,
    ).toBe('Edited notes.md: "a" → "a"');
    expect(
      capture('Write', { file_path: '/home/dev/app/notes.md', content: `${RECALL}\nplain notes` }, {})?.content,
    ).not.toContain('memory-recall');
    expect(capture('Bash', { command: `echo '${RECALL}' >> log.txt` }, { stdout: '' })?.content).not.toContain('#61');
  });

  it("does not store a block from a failed command's output", () => {
    const draft = capture(
      'Bash',
      { command: 'npm test' },
      undefined,
      `Exit code 1\n${RECALL}\nAssertionError: expected 401 to be 200`,
    );
    expect(draft?.content).toContain('AssertionError: expected 401 to be 200');
    expect(draft?.content).not.toMatch(/memory-recall|#61/);
  });
});
