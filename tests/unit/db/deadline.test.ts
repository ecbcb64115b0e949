import { describe, expect, it } from 'vitest';
import { CAPTURE_BUDGET_MS, captureBudgetMs } from '../../../lib/db/deadline.js';

describe('capture budget', () => {
  it.each([
    [{}, 8000],
    [{ CLAUDE_MEMORY_CAPTURE_BUDGET_MS: '500' }, 500],
    [{ CLAUDE_MEMORY_CAPTURE_BUDGET_MS: '60000' }, 8000],
    [{ CLAUDE_MEMORY_CAPTURE_BUDGET_MS: '0' }, 8000],
    [{ CLAUDE_MEMORY_CAPTURE_BUDGET_MS: '1.5' }, 8000],
    [{ CLAUDE_MEMORY_CAPTURE_BUDGET_MS: 'soon' }, 8000],
  ])('waits %j → %i ms, never longer than the default', (env, ms) => {
    expect(captureBudgetMs(env)).toBe(ms);
  });

  it('keeps the production default at 8 s', () => {
    expect(CAPTURE_BUDGET_MS).toBe(8000);
  });
});
