import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineScore, pickErrorLines, tellingLine } from '../../lib/capture/error-lines.js';
import { meaningfulOutput } from '../../lib/capture/command-capture.js';
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

  it('keeps the lines in their order, at most eight, each at most 240 characters', () => {
    const many = Array.from({ length: 20 }, (_, i) => `error: problem ${i} ${'x'.repeat(300)}`).join('\n');
    const picked = pickErrorLines(many);
    expect(picked).toHaveLength(8);
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

describe("an assertion keeps its message, its expected/actual lines and where it failed in the user's code", () => {
  it.each([
    [
      'node-assert.txt',
      [
        'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:',
        '+ actual - expected',
        "+ 'Hi Ada'",
        "- 'Hello Ada'",
        'at Object.<anonymous> (/tmp/fx29/node/test.js:3:8)',
      ],
    ],
    [
      'node-assert-tee.txt',
      [
        'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:',
        '+ actual - expected',
        "+ 'Hi Ada'",
        "- 'Hello Ada'",
        'at Object.<anonymous> (/tmp/fx29/node/test.js:3:8)',
      ],
    ],
    [
      'node-assert-head.txt',
      ['AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:', '+ actual - expected', "+ 'Hi Ada'"],
    ],
    ['node-assert-tail.txt', ["actual: 'Hi Ada',", "expected: 'Hello Ada',", "operator: 'strictEqual'"]],
    [
      'node-deep-equal.txt',
      [
        'AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:',
        '+ actual - expected',
        "+   'Ken',",
        "+   'Alan',",
        "-   'Alan',",
        "-   'Barbara',",
        'at file:///tmp/fx29/node/list.mjs:4:8',
      ],
    ],
    [
      'node-deep-equal-tail.txt',
      [
        "actual: [ 'Ada', 'Ken', 'Alan', 'Grace', 'Edsger', 'Donald', 'Dennis', 'Barbara' ],",
        "expected: [ 'Ada', 'Alan', 'Barbara', 'Dennis', 'Donald', 'Edsger', 'Grace', 'Ken' ],",
        "operator: 'deepStrictEqual'",
      ],
    ],
    [
      'node-test-spec.txt',
      [
        '\u2716 builds the user (2.84822ms)',
        'AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:',
        '+ actual - expected',
        "-     'writer'",
        'at TestContext.<anonymous> (/tmp/fx29/node/deep.test.js:5:10)',
      ],
    ],
    [
      'node-test-tap.txt',
      [
        'not ok 1 - builds the user',
        'Expected values to be strictly deep-equal:',
        '+ actual - expected',
        "-     'writer'",
        'TestContext.<anonymous> (/tmp/fx29/node/deep.test.js:5:10)',
      ],
    ],
    [
      'vitest-diff.txt',
      [
        '\u00d7 builds the user 7ms',
        'FAIL  user.test.js > builds the user',
        "AssertionError: expected { name: 'Ada', …(2) } to deeply equal { name: 'Ada', …(2) }",
        '- Expected',
        '+ Received',
        '-     "writer",',
        '\u276f user.test.js:4:23',
      ],
    ],
    [
      'jest-diff.txt',
      [
        '\u25cf greet \u203a says hello',
        'expect(received).toBe(expected) // Object.is equality',
        'Expected: "Hello Ada"',
        'Received: "Hi Ada"',
        'at Object.toBe (greet.test.js:3:51)',
        '\u25cf greet \u203a builds the user',
        'expect(received).toEqual(expected) // deep equality',
        'at Object.toEqual (greet.test.js:5:25)',
      ],
    ],
    [
      'pytest-diff.txt',
      [
        "E       AssertionError: assert {'active': Tr...': ['reader']} == {'active': Tr...r', 'writer']}",
        "E         {'roles': ['reader']} != {'roles': ['reader', 'writer']}",
        'test_user.py:6: AssertionError',
        "E       AssertionError: assert 'Hi Ada' == 'Hello Ada'",
        'E         - Hello Ada',
        'E         + Hi Ada',
        "FAILED test_user.py::test_builds_the_user - AssertionError: assert {'active':...",
        "FAILED test_user.py::test_greets - AssertionError: assert 'Hi Ada' == 'Hello ...",
      ],
    ],
    [
      'pytest-diff-tail.txt',
      [
        "E       AssertionError: assert 'Hi Ada' == 'Hello Ada'",
        'E         - Hello Ada',
        'E         + Hi Ada',
        'test_user.py:10: AssertionError',
        "FAILED test_user.py::test_builds_the_user - AssertionError: assert {'active':...",
        "FAILED test_user.py::test_greets - AssertionError: assert 'Hi Ada' == 'Hello ...",
      ],
    ],
  ])('%s', (name, expected) => {
    expect(pickErrorLines(fixture(name))).toEqual(expected);
  });

  it('stores them within the bound, the telling line first among equals', () => {
    expect(meaningfulOutput(fixture('node-assert.txt'))).toBe(
      [
        'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:',
        '+ actual - expected',
        "+ 'Hi Ada'",
        "- 'Hello Ada'",
        'at Object.<anonymous> (/tmp/fx29/node/test.js:3:8)',
      ].join('\n'),
    );
    const long = fixture('node-deep-equal.txt').replace(/'(\w+)'/g, (_, name: string) => `'${name.repeat(80)}'`);
    expect(meaningfulOutput(long).length).toBeLessThanOrEqual(1200);
  });

  it("never takes a frame inside node or node_modules for the user's code", () => {
    const output = [
      'Error: boom',
      '    at run (/app/node_modules/lib/index.js:1:2)',
      '    at Module._compile (node:internal/modules/cjs/loader:1521:14)',
      '    at main (/app/src/main.js:7:3)',
      '    at later (/app/src/later.js:9:1)',
    ].join('\n');
    expect(pickErrorLines(output)).toEqual(['Error: boom', 'at main (/app/src/main.js:7:3)']);
  });
});
