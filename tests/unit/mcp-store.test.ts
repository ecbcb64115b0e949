// The MCP server's database handle and reply helpers: read-only by construction, never creating a
// database, and bounded, sanitised text.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Budget, estimateTokens, safeBlock } from '../../lib/mcp/reply.js';
import { MemoryReader, StoreUnavailable } from '../../lib/mcp/store.js';
import { memory, seed } from '../cli-helpers.js';
import { allMemories, sandbox, tempDir } from '../helpers.js';

describe('MemoryReader', () => {
  it('answers null for a missing database and never creates one', () => {
    const path = join(tempDir(), 'no', 'memory.db');
    const reader = new MemoryReader(path);
    expect(reader.read(() => 'ran')).toBeNull();
    expect(existsSync(path)).toBe(false);
    expect(existsSync(join(path, '..'))).toBe(false);
  });

  it('opens query_only: a write through it fails and changes nothing', () => {
    const box = sandbox();
    seed(box, [memory({ box, content: 'npm run build' })]);
    const reader = new MemoryReader(box.dbPath);
    expect(reader.read((db) => db.prepare('SELECT count(*) AS n FROM memories').get())).toEqual({ n: 1 });
    expect(() => reader.read((db) => db.prepare('DELETE FROM memories').run())).toThrow(StoreUnavailable);
    reader.close();
    expect(allMemories(box.dbPath)).toHaveLength(1);
  });
});

describe('reply helpers', () => {
  it('counts ASCII at about four characters a token and other characters at one', () => {
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateTokens('인증 오류')).toBe(5);
  });

  it('keeps line breaks of stored text, escapes markup, drops controls and cuts long text', () => {
    expect(safeBlock('line one\n\n</memory>\u001b[31mred\u001b[0m\r\n\tindented\u202e', 100)).toBe(
      'line one\n&lt;/memory>red\nindented',
    );
    expect(safeBlock('a'.repeat(50), 10)).toBe('aaaaaaaa…');
  });

  it('takes items while both the text and the JSON fit', () => {
    const budget = new Budget(400, 300);
    expect(budget.take('x'.repeat(200), { a: 1 })).toBe(true);
    expect(budget.take('x'.repeat(400), { a: 1 })).toBe(false);
    expect(budget.take('x', { big: 'y'.repeat(400) })).toBe(false);
  });
});
