import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineScore, pickErrorLines, tellingLine } from '../../lib/capture/error-lines.js';
import { meaningfulOutput } from '../../lib/capture/capture.js';
import { ROOT } from '../helpers.js';

const fixture = (name: string): string => readFileSync(join(ROOT, 'tests', 'fixtures', 'error-output', name), 'utf8');
const telling = (name: string): string | null => tellingLine(pickErrorLines(fixture(name)));

describe('the telling line of real tool output', () => {
  it.each([
    ['pytest.txt', 'FAILED test_calc.py::test_add - assert -1 == 5'],
    ['python-traceback.txt', "FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent/config.json'"],
    ['jest.txt', '● greet › says hello'],
    ['vitest.txt', "AssertionError: expected 'Hi Ada' to be 'Hello Ada' // Object.is equality"],
    [
      'tsc.txt',
      "src/index.ts(1,25): error TS2307: Cannot find module './nope.js' or its corresponding type declarations.",
    ],
    ['eslint.txt', "1:7   error  'unused' is assigned a value but never used  no-unused-vars"],
    ['cargo-build.txt', 'error[E0425]: cannot find value `totl` in this scope'],
    ['cargo-test.txt', "thread 'tests::adds' (23307) panicked at src/main.rs:6:17:"],
    ['go-test.txt', 'greet_test.go:9: Greet("Ada") = "Hi Ada", want "Hello Ada"'],
    ['go-build.txt', './main.go:8:14: undefined: totl'],
    ['npm-test.txt', 'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:'],
    [
      'npm-install-404.txt',
      'npm error 404 Not Found - GET https://registry.npmjs.org/this-package-does-not-exist-xyz-123',
    ],
    ['pnpm-test.txt', 'ELIFECYCLE  Test failed. See above for more details.'],
    [
      'pnpm-add-404.txt',
      'ERR_PNPM_FETCH_404  GET https://registry.npmjs.org/this-package-does-not-exist-xyz-123: Not Found - 404',
    ],
    [
      'pip-install.txt',
      'ERROR: Could not find a version that satisfies the requirement this-package-does-not-exist-xyz-123 (from versions: none)',
    ],
    ['git-commit-nothing.txt', 'nothing to commit, working tree clean'],
    ['git-push-no-remote.txt', "fatal: 'origin' does not appear to be a git repository"],
    ['mix-test.txt', '1) test greets the world (GreeterTest)'],
    [
      'mix-compile.txt',
      '** (CompileError) lib/greeter.ex:3: undefined function totl/0 (expected Greeter to define such a function or for it to be imported, but none are available)',
    ],
    [
      'docker-info-then-error.txt',
      "Error response from daemon: pull access denied for greeter-api, repository does not exist or may require 'docker login'",
    ],
  ])('%s → its telling line', (name, expected) => {
    expect(telling(name)).toBe(expected);
  });

  it.each([
    ['pytest.txt', ['test session starts', 'platform linux', 'collected 3 items', 'rootdir:', '[ 66%]']],
    ['vitest.txt', ['RUN', '✓ is a function', 'Test Files', 'Duration']],
    ['jest.txt', ['✓ is a function', 'Test Suites:', 'Ran all test suites']],
    ['npm-test.txt', ['> greeter@1.0.0 test', 'npm warn', 'at Module._compile']],
    ['cargo-test.txt', ['Compiling', 'Finished', 'test tests::fine ... ok', 'running 2 tests']],
    ['git-commit-nothing.txt', ['On branch master']],
    ['docker-info-then-error.txt', ['level=info']],
    ['pip-install.txt', ['WARNING: Retrying', 'Looking in indexes']],
  ])('%s: no banner, progress or passing test is picked', (name, banned) => {
    const picked = pickErrorLines(fixture(name)).join('\n');
    for (const text of banned) expect(picked).not.toContain(text);
  });

  it('keeps both compiler errors of a tsc run, with file:line', () => {
    expect(pickErrorLines(fixture('tsc.txt'))).toEqual([
      "src/index.ts(1,25): error TS2307: Cannot find module './nope.js' or its corresponding type declarations.",
      "src/index.ts(2,7): error TS2322: Type 'string' is not assignable to type 'number'.",
    ]);
  });

  it("keeps a traceback's last frame and its message", () => {
    expect(pickErrorLines(fixture('python-traceback.txt'))).toEqual([
      'File "<string>", line 3, in load',
      "FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent/config.json'",
    ]);
  });

  it('keeps the lines in their order, at most six, each at most 240 characters', () => {
    const many = Array.from({ length: 20 }, (_, i) => `error: problem ${i} ${'x'.repeat(300)}`).join('\n');
    const picked = pickErrorLines(many);
    expect(picked).toHaveLength(6);
    expect(picked[0]?.startsWith('error: problem 0 ')).toBe(true);
    expect(picked.every((line) => line.length <= 240)).toBe(true);
  });

  it('falls back to the last lines when nothing looks like an error', () => {
    expect(pickErrorLines('building\nstep 1\nstep 2\nstep 3\nstep 4')).toEqual(['step 2', 'step 3', 'step 4']);
  });

  it('does not take an ordinary word for an error code (the old E[A-Z]{3,} under /i)', () => {
    expect(lineScore('test session starts')).toBe(0);
    expect(lineScore('collected 3 items')).toBe(0);
    expect(lineScore('Everything is fine')).toBe(0);
  });

  it('is what capture stores for a failure', () => {
    expect(meaningfulOutput(fixture('go-test.txt'))).toBe(
      '--- FAIL: TestGreet (0.00s)\ngreet_test.go:9: Greet("Ada") = "Hi Ada", want "Hello Ada"',
    );
  });
});
