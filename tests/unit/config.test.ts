import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../lib/config.js';

describe('configuration', () => {
  it('defaults to ~/.claude/memory.db', () => {
    expect(loadConfig({ HOME: '/home/u' }).dbPath).toBe('/home/u/.claude/memory.db');
  });
  it('honours CLAUDE_MEMORY_DB and CLAUDE_MEMORY_DISABLE', () => {
    expect(loadConfig({ HOME: '/h', CLAUDE_MEMORY_DB: '/x/m.db', CLAUDE_MEMORY_DISABLE: '1' })).toMatchObject({
      dbPath: '/x/m.db',
      disabled: true,
    });
  });
  it('clamps the context size and warns about bad numbers instead of throwing', () => {
    expect(loadConfig({ CLAUDE_MEMORY_CONTEXT_CHARS: '100000' }).contextChars).toBe(9000);
    const config = loadConfig({ CLAUDE_MEMORY_RETENTION_DAYS: 'soon' });
    expect(config.retentionDays).toBe(90);
    expect(config.warnings).toEqual(['CLAUDE_MEMORY_RETENTION_DAYS=soon is not a whole number; using 90']);
  });
  it('takes an injected clock', () => {
    expect(loadConfig({ CLAUDE_MEMORY_NOW: '2026-01-02T03:04:05Z' }).now().toISOString()).toBe(
      '2026-01-02T03:04:05.000Z',
    );
  });
});
