import { describe, expect, it } from 'vitest';
import type { SessionRow } from '../../lib/memory.js';
import { summarizeSession } from '../../lib/session/summary.js';

const at = (second: number) => new Date(Date.UTC(2026, 10, 20, 9, 0, second)).toISOString();
const row = (second: number, fields: Partial<SessionRow>): SessionRow => ({
  type: 'command',
  toolName: 'Bash',
  filePath: null,
  content: '',
  createdAt: at(second),
  project: 'app',
  projectPath: '/w/app',
  ...fields,
});

describe('session summary', () => {
  it("folds a session into the design's four-line format", () => {
    const rows: SessionRow[] = [
      row(0, { type: 'file_edit', toolName: 'Edit', filePath: '/w/app/src/config.ts', content: 'Edited config.ts: …' }),
      row(10, {
        type: 'file_edit',
        toolName: 'Edit',
        filePath: '/w/app/src/handler.ts',
        content: 'Edited handler.ts: …',
      }),
      row(20, {
        type: 'file_edit',
        toolName: 'Edit',
        filePath: '/w/app/src/config.ts',
        content: 'Edited config.ts again',
      }),
      row(30, { type: 'file_edit', toolName: 'Write', filePath: '/w/app/src/schema.ts', content: 'Created schema.ts' }),
      row(40, { content: 'npm test  # Run tests' }),
      row(50, { type: 'error', content: 'Bash error (exit 1): cat /tmp/missing.txt\nENOENT /tmp/missing.txt' }),
      row(60, { content: 'npm test  # Run tests' }),
      row(120, { content: 'git commit -m "feat: memory"' }),
    ];
    const summary = summarizeSession('s-1', rows, new Date(at(200)));
    expect(summary?.summary).toBe(
      [
        'Edited 3 files: src/config.ts, src/handler.ts, src/schema.ts',
        'Commands: npm test; git commit -m "feat: memory"',
        'Errors (1): ENOENT /tmp/missing.txt',
        '[8 memories, 120s, tools: Edit/Write/Bash]',
      ].join('\n'),
    );
    expect(summary).toMatchObject({
      sessionId: 's-1',
      project: 'app',
      projectPath: '/w/app',
      memoryCount: 8,
      errorCount: 1,
      durationSec: 120,
      toolsUsed: ['Edit', 'Write', 'Bash'],
      filesChanged: ['/w/app/src/config.ts', '/w/app/src/handler.ts', '/w/app/src/schema.ts'],
      startedAt: at(0),
      endedAt: at(120),
      updatedAt: at(200),
    });
  });

  it('says how many more files there were', () => {
    const rows = Array.from({ length: 11 }, (_, i) =>
      row(i, { type: 'file_edit', toolName: 'Edit', filePath: `/w/app/f${i}.ts` }),
    );
    expect(summarizeSession('s', rows, new Date())?.summary.split('\n')[0]).toBe(
      'Edited 11 files: f0.ts, f1.ts, f2.ts, f3.ts, f4.ts, f5.ts, f6.ts, f7.ts (+3 more)',
    );
  });

  it('leads with what was asked, ends where it stopped, and marks errors fixed since', () => {
    const rows: SessionRow[] = [
      row(0, {
        type: 'error',
        content: 'Bash error (exit 1): npm test\n> app@1.0.0 test\nAssertionError: expected 1 to be 2',
        resolvedAt: at(30),
      }),
      row(30, { content: 'npm test' }),
    ];
    const prompts = [
      { text: 'Make the adder pass its test', createdAt: at(-5), project: 'app', projectPath: '/w/app' },
      { text: 'now commit', createdAt: at(40), project: 'app', projectPath: '/w/app' },
    ];
    expect(
      summarizeSession('s', rows, new Date(at(60)), { prompts, outcome: 'Committed.\nThe test passes now.' }),
    ).toMatchObject({
      summary: [
        'Asked: "Make the adder pass its test" (+1 more request)',
        'Commands: npm test',
        'Errors (1, fixed since): AssertionError: expected 1 to be 2',
        'Stopped at: "Committed. The test passes now."',
        '[2 memories, 45s, tools: Bash]',
      ].join('\n'),
      request: 'Make the adder pass its test',
      outcome: 'Committed. The test passes now.',
      startedAt: at(-5),
      endedAt: at(40),
    });
  });

  it('summarises a session of questions only', () => {
    const prompts = [{ text: 'what does cart.js do?', createdAt: at(0), project: 'app', projectPath: '/w/app' }];
    expect(summarizeSession('s', [], new Date(at(9)), { prompts, outcome: 'It totals the cart.' })?.summary).toBe(
      'Asked: "what does cart.js do?"\nStopped at: "It totals the cart."\n[0 memories, 0s, tools: ]',
    );
  });

  it('has nothing to say about a session without memories', () => {
    expect(summarizeSession('s', [], new Date())).toBeNull();
  });
});
