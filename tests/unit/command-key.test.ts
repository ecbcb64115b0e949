import { describe, expect, it } from 'vitest';
import { commandKey, resolves } from '../../lib/capture/command-key.js';

describe('what counts as the same command', () => {
  it.each([
    ['npm test', 'npm test', true],
    ['cd app && npm test 2>&1 | tail -20', 'npm test', true],
    ['CI=1 FORCE_COLOR=0 npx vitest run tests/a.test.ts', 'vitest run tests/a.test.ts', true],
    ['npm run build; echo done', 'npm run build', false],
    ['cargo build --release > /dev/null', 'cargo build --release', false],
    ['git commit -m "fix: a; b"', 'git commit -m "fix: a; b"', false],
    ['make && make install', 'make && make install', false],
  ])('%s → %s', (command, key, isTest) => {
    expect(commandKey(command)).toEqual({ key, isTest });
  });

  it.each([
    ['npm test', 'npm test', true],
    ['npm test', 'npm test -- greet', true],
    ['pytest tests', 'pytest tests/test_calc.py::test_add', true],
    ['pytest tests/test_calc.py', 'pytest tests/test_calc.py::test_add', true],
    ['pytest tests/test_imp.py', 'pytest', false],
    ['pytest tests/test_calc', 'pytest tests/test_calc.py', false],
    ['npm run build', 'npm run build:prod', false],
  ])('a clean %s resolves a failed %s: %s', (success, failure, expected) => {
    const key = commandKey(success);
    expect(key && resolves(key, commandKey(failure)?.key ?? '')).toBe(expected);
  });

  it('has no key for an empty or huge command', () => {
    expect(commandKey('   ')).toBeNull();
    expect(commandKey('x'.repeat(5000))).toBeNull();
  });
});
