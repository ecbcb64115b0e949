// What reaches the model is what ran: the block quotes commands verbatim (`&&`, `>`, `=>` unchanged),
// (hostile text that could close or forge a tag: hooks-session.test.ts), and says binary output as `binary output, N bytes`,
// never as the replacement characters a decoder made of it. Through the real hooks.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allMemories, bashResponse, postToolUse, postToolUseFailure, runHook, sandbox } from '../helpers.js';

// 441 bytes of /dev/urandom as Claude Code hands them on: invalid UTF-8 decoded to U+FFFD, controls kept.
const RANDOM = Array.from({ length: 441 }, (_, i) => (i % 3 === 0 ? '\ufffd' : String.fromCharCode(i % 32))).join('');

describe('the block quotes verbatim', () => {
  it('shows &&, > and => as they ran, binary output as what it is, and the block closes once', async () => {
    const box = sandbox();
    const run = async (payload: Record<string, unknown>): Promise<void> => {
      expect(await runHook('post-tool-use', payload, { env: box.env })).toMatchObject({ code: 0, stderr: '' });
    };
    await run(postToolUse(box, 'Bash', { command: 'head -c 3000 /dev/urandom > rand.bin' }, bashResponse('')));
    await run(
      postToolUseFailure(
        box,
        'Bash',
        { command: 'gzip -k rand.bin && cat rand.bin.gz' },
        `Exit code 1\n${RANDOM}\ngzip: rand.bin.gz: unexpected end of file`,
      ),
    );
    await run(
      postToolUse(
        box,
        'Write',
        { file_path: join(box.project, 'src', 'greet.js'), content: 'exports.greet = (n) => `Hi ${n}`;\n' },
        { type: 'create', filePath: join(box.project, 'src', 'greet.js'), content: '', structuredPatch: [] },
      ),
    );
    const error = allMemories(box.dbPath).find((row) => row.type === 'error');
    expect(error?.content).toBe(
      'Bash error (exit 1): gzip -k rand.bin && cat rand.bin.gz\nbinary output, 441 bytes\ngzip: rand.bin.gz: unexpected end of file',
    );

    const start = await runHook(
      'session-start',
      {
        session_id: 'sess-next',
        transcript_path: join(box.home, 'next.jsonl'),
        cwd: box.project,
        hook_event_name: 'SessionStart',
        source: 'startup',
      },
      { env: { ...box.env, CLAUDE_MEMORY_NOW: new Date(Date.now() + 3_600_000).toISOString() } },
    );
    expect(start).toMatchObject({ code: 0, stderr: '' });
    const block = (JSON.parse(start.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput
      .additionalContext;
    expect(block).not.toContain('\ufffd');
    expect(block).toBe(
      [
        '<memory-context project="my-app">',
        'Activity recorded by claude-memory-hooks in this project, newest first.',
        '## Open errors',
        '- 1 hour ago: gzip -k rand.bin && cat rand.bin.gz (exit 1): binary output, 441 bytes',
        '## Recent changes',
        '- 1 hour ago: Created src/greet.js (1 line): exports.greet = (n) => `Hi ${n}`;',
        '- 1 hour ago: head -c 3000 /dev/urandom > rand.bin',
        'More history is available: the search tool of the memory-hooks MCP server (when connected), and the /mem command the user can type (for example /mem npm test).',
        '</memory-context>',
      ].join('\n'),
    );
    // The block's own tags open and close it once each.
    expect(block.match(/<memory-context/g)).toHaveLength(1);
    expect(block.match(/<\/memory-context>/g)).toHaveLength(1);
    expect(block.endsWith('</memory-context>')).toBe(true);
  }, 60_000);
});
