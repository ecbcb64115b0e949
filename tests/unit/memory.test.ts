import { describe, expect, it } from 'vitest';
import { CAPTURED_TOOLS_MATCHER, isCapturedTool, toNewMemory, type MemoryDraft } from '../../lib/memory.js';

describe('captured tools', () => {
  it('names every captured tool in the settings matcher, as exact names', () => {
    expect(CAPTURED_TOOLS_MATCHER).toBe('Edit|Write|Bash|NotebookEdit');
  });

  it.each([
    ['Edit', true],
    ['MultiEdit', true],
    ['NotebookEdit', true],
    ['Read', false],
    ['edit', false],
    ['', false],
  ])('takes %j as captured: %s', (name, captured) => {
    expect(isCapturedTool(name)).toBe(captured);
  });
});

describe('a draft becomes a row', () => {
  it('adds where and when it happened, and nothing else', () => {
    const draft: MemoryDraft = {
      type: 'command',
      toolName: 'Bash',
      filePath: null,
      content: 'npm test',
      tags: 'bash,npm,test',
      importance: 1,
      exitCode: null,
    };
    const origin = {
      sessionId: 's1',
      agentId: 'a1',
      toolUseId: 'toolu_1',
      project: { name: 'api', path: '/w/api' },
      createdAt: new Date('2026-11-20T09:00:00Z'),
      source: 'import',
    } as const;
    expect(toNewMemory(draft, origin)).toEqual({
      sessionId: 's1',
      toolName: 'Bash',
      type: 'command',
      project: 'api',
      projectPath: '/w/api',
      filePath: null,
      content: 'npm test',
      tags: 'bash,npm,test',
      importance: 1,
      createdAt: '2026-11-20T09:00:00.000Z',
      toolUseId: 'toolu_1',
      agentId: 'a1',
      exitCode: null,
      source: 'import',
    });
  });
});
