// Picks the lines of a failed command's output that a person would read: exception and assertion
// messages with their expected/actual lines and the first frame in the user's code, FAILED lines,
// compiler errors with file:line, `npm ERR!`, panics, a traceback's last frame and message.
// Banners, progress, passing tests and stack noise are never picked. Pure.
import { clip, head, stripAnsi } from './text.js';

/** Output beyond this is not scanned: the telling lines of a failure sit in its first 64 KB or its end. */
const SCAN_MAX = 64 * 1024;
const LINE_MAX = 240;

interface Rule {
  readonly pattern: RegExp;
  readonly score: number;
}

const NODE_ASSERT_MESSAGE =
  /^(?:AssertionError(?: \[ERR_ASSERTION\])?: )?(?:Expected values to be |Expected "actual" |Values have same structure but are not reference-equal|Values identical but not reference-equal|The expression evaluated to a falsy value)/;

// Higher score = more telling. Case-sensitive on purpose: `Error:` and `FAILED` are signals,
// a word that merely contains "error" or "session" is not.
const TELLING: readonly Rule[] = [
  { pattern: /\berror(?:\[E\d{4}\])?: /, score: 9 }, // rustc, git, generic `error: …`
  { pattern: /\berror TS\d+:/, score: 9 }, // tsc
  { pattern: /^(?:\S+ )?panicked at\b|^thread '.*' (?:\(\d+\) )?panicked at\b|^panic: /, score: 9 },
  { pattern: /^\*\* \(\w+(?:\.\w+)*\)/, score: 9 }, // Elixir: ** (CompileError) …
  { pattern: /^[A-Z]\w*(?:\.\w+)*(?:Error|Exception|Failure)\b(?: \[\w+\])?:/, score: 8 }, // AssertionError: …, json.decoder.JSONDecodeError: …
  { pattern: /^(?:\w+\.)+[A-Z]\w*(?:Error|Exception): /, score: 8 },
  { pattern: /^FAILED \S/, score: 8 }, // pytest short summary
  { pattern: /^E {2,}\S/, score: 7 }, // pytest assertion detail
  { pattern: /^npm (?:ERR!|error) (?!A complete log|code |\d{3}\s*$|\d{3} {2}|\d{3} Note|\d{3} tarball)/, score: 7 },
  { pattern: /^ERR_PNPM_\w+|^\s*ERR_PNPM_\w+/, score: 8 },
  { pattern: /^ERROR: /, score: 7 }, // pip
  { pattern: /^fatal: /, score: 7 }, // git
  { pattern: /^nothing to commit\b|^no changes added to commit\b/, score: 8 }, // git commit with nothing staged
  { pattern: /^\d+:\d+\s+error\s/, score: 7 }, // eslint
  { pattern: /^--- FAIL: /, score: 6 }, // go test: the failing test; its message line says more
  { pattern: /^\S+_test\.go:\d+: /, score: 7 },
  { pattern: /^\S+\.go:\d+:\d+: /, score: 7 }, // go build
  { pattern: /^assertion `.*` failed|^assertion failed\b/, score: 7 }, // rust assert
  { pattern: /^Assertion with \S+ failed|^Assertion failed\b/, score: 7 }, // ExUnit
  { pattern: /^\d+\) test .+ \(\S+\)$/, score: 7 }, // ExUnit failing test title
  { pattern: /^\u25cf .+ \u203a |^\u25cf \S/, score: 7 }, // jest failing test title (● … ›)
  { pattern: /^FAIL\s+\S+\.\S+ > .+$/, score: 6 }, // vitest failing file and test
  { pattern: /^FAIL\s+\S+\.\S+$/, score: 5 }, // jest failing file: its ● title says more
  { pattern: /^[\u00d7\u2715\u2717\u2716] /, score: 5 }, // vitest / jest / node --test failing test (× ✕ ✗ ✖)
  { pattern: /^not ok \d+ - /, score: 6 }, // TAP (node --test piped)
  { pattern: NODE_ASSERT_MESSAGE, score: 8 }, // node:assert's message, also without its class (TAP's `error:`)
  { pattern: /^expect\(.*\)\.\w+(?:\.\w+)*\(.*\)/, score: 7 }, // jest / vitest matcher: expect(received).toBe(expected)
  { pattern: /^Expected:|^Received:/, score: 6 },
  { pattern: /^expected .+ to /, score: 5 },
  { pattern: /^[A-Z]\w*Error\b|^Error\b/, score: 5 },
  {
    pattern:
      /\b(?:Cannot|cannot|Could not|could not|Unable to|unable to|No such file|not found|Permission denied|is not defined|is not a function|undefined: )/,
    score: 4,
  },
  { pattern: /^ELIFECYCLE\b|^\s*ELIFECYCLE\b/, score: 3 },
  { pattern: /^(?:command not found|\S+: command not found)/, score: 8 },
  { pattern: /: command not found$/, score: 8 },
];

// Never worth showing, even when they contain an error-looking word.
const NOISE: readonly RegExp[] = [
  /^RUN\s+v\d/, // vitest banner
  /^=+ (?:test session starts|FAILURES|ERRORS|short test summary info) =+$/,
  /^(?:platform|rootdir|plugins|cachedir|benchmark|configfile|collected|collecting) /,
  /^(?:Compiling|Finished|Running|Downloaded|Downloading|Updating|Blocking|Locking|Checking|Fresh) /,
  /^running \d+ tests?$/,
  /^test \S+ \.\.\. ok$/,
  /^[\u2713\u2714\u221a] /, // ✓ ✔ √
  /^PASS\s/,
  /^ok\s+\S+/,
  /^> /, // npm script banner: `> pkg@1.0.0 test`
  /^npm (?:warn|WARN|notice)\b/,
  /^npm (?:ERR!|error) (?:A complete log|code |\d{3}\s*$)/,
  /^(?:WARNING|WARN)\b/,
  /(?:^|\s)level=(?:info|debug|warn)\b/,
  /^\s*at (?:\S+ \()?(?:node:|internal\/)/, // node-internal stack frames
  /^note: /,
  /^help: /,
  /^For more information about this error/,
  /^(?:Test Suites|Tests|Snapshots|Time|Test Files|Start at|Duration):? /,
  /^Ran all test suites/,
  /^On branch \S+$/,
  /^Your branch is /,
  /^\[?[=#>.\- ]*\]?\s*\d{1,3}%/, // progress bars
  /^[-=_\u23af\u2500 ]{3,}(?:\[\d+\/\d+\][-=_\u23af\u2500 ]*)?$|^[-=_\u23af\u2500]{3,} .* [-=_\u23af\u2500]{3,}$/, // rules (- = _ ⎯ ─), separators and their titles
  /^\d+ \| |^\|\s|^>\s*\d+ \|/, // code frames
  /^Node\.js v\d+\.\d+/, // node's version line after an uncaught error
  /^node:[\w/]+:\d+$|^throw new \w*Error\(|^\^+$/, // node's source excerpt of its own throw
  /^[{}[\](),;]+$/, // a lone bracket closing an error's properties
  /^(?:generatedMessage|code|duration_ms|failureType): /, // node:assert / TAP properties nobody reads
  /^\u2716 failing tests:$/,
  /^(?:error|stack): \|-?$/, // TAP's YAML keys before a block
  /^E\s+(?:Omitting \d+ identical items|Differing items:$|Full diff:$|Use -v+ to get (?:more|the full) diff)/, // pytest's hints
];

export function isNoiseLine(line: string): boolean {
  return NOISE.some((pattern) => pattern.test(line));
}

/** How telling one trimmed line is; 0 = not worth showing on its own. */
export function lineScore(line: string): number {
  if (line === '' || isNoiseLine(line)) return 0;
  let best = 0;
  for (const rule of TELLING) if (rule.score > best && rule.pattern.test(line)) best = rule.score;
  return best;
}

/**
 * Up to `max` telling lines of `output`, in their original order. A Python traceback contributes
 * its last frame and its message; an assertion its diff and the first frame in the user's code;
 * with no telling line at all, the last meaningful lines are kept.
 */
export function pickErrorLines(output: string, max = 8): string[] {
  const all = cleanLines(output);
  const scored = all.map((line, index) => ({ line, index, score: lineScore(line) }));
  const raise = (index: number, score: number): void => {
    const entry = scored[index];
    if (entry && entry.score < score) entry.score = score;
  };
  for (const index of tracebackLines(all)) raise(index, 8);
  for (const index of userFrames(all)) raise(index, 7);
  for (const index of diffLines(all)) raise(index, 6);
  // Behind `| tail` the message and its diff may be cut off: node's own actual/expected properties remain.
  if (!all.some((line) => NODE_ASSERT_MESSAGE.test(line)))
    all.forEach((line, index) => {
      if (/^(?:actual|expected|operator): \S/.test(line)) raise(index, 6);
    });
  const telling = scored.filter((entry) => entry.score > 0);
  const chosen =
    telling.length > 0
      ? [...telling].sort((a, b) => b.score - a.score || a.index - b.index)
      : scored.filter((entry) => !isNoiseLine(entry.line)).slice(-3);
  const seen = new Set<string>();
  const kept: typeof scored = [];
  for (const entry of chosen) {
    if (kept.length >= max) break;
    if (seen.has(entry.line)) continue;
    seen.add(entry.line);
    kept.push(entry);
  }
  return kept.sort((a, b) => a.index - b.index).map((entry) => clip(entry.line, LINE_MAX));
}

/** The single most telling line among `lines` (first of the highest score), or null. */
export function tellingLine(lines: readonly string[]): string | null {
  let best: string | null = null;
  let bestScore = 0;
  for (const line of lines) {
    const score = lineScore(line.trim());
    if (score > bestScore) {
      best = line.trim();
      bestScore = score;
    }
  }
  return best ?? lines.find((line) => line.trim() !== '')?.trim() ?? null;
}

function cleanLines(output: string): string[] {
  const text = output.length > SCAN_MAX * 2 ? `${head(output, SCAN_MAX)}\n${output.slice(-SCAN_MAX)}` : output;
  // Tools pad labels with thin or no-break spaces (pnpm's ` ELIFECYCLE `): read them as spaces.
  const raw = stripAnsi(text)
    .replace(/[\u00a0\u2000-\u200a\u202f]/g, ' ')
    .split(/\r?\n/);
  return foldValues(raw)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * Node prints an AssertionError's `actual:` and `expected:` over several indented lines when they
 * are objects or arrays: each becomes one line, so the value is read (and picked) whole.
 */
function foldValues(raw: readonly string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < raw.length; index++) {
    const line = raw[index] as string;
    const start = /^(\s*)(?:actual|expected): [[{]\s*$/.exec(line);
    if (!start) {
      out.push(line);
      continue;
    }
    const indent = (start[1] as string).length;
    const parts = [line.trim()];
    let at = index + 1;
    for (; at < raw.length && parts.length < 200; at++) {
      const next = raw[at] as string;
      const nextIndent = next.length - next.trimStart().length;
      parts.push(next.trim());
      if (nextIndent <= indent) break;
    }
    out.push(parts.join(' ').replace(/\s+/g, ' '));
    index = at;
  }
  return out;
}

// A stack frame: `at fn (file:line:col)`, `at file:line:col`, or TAP's frame without `at`.
const FRAME = /^(?:at )?(?:[^()]+ \()?(?:file:\/\/)?([^\s()]+):\d+:\d+\)?$/;
const NOT_USER_CODE = /^(?:node:|internal\/)|\/node_modules\//;
// Locations runners print apart from a stack: vitest's `❯ file:line:col`, pytest's `file.py:N: Error`.
const LOCATION = /^\u276f \S+:\d+:\d+$|^[^\s/][^\s:]*\.py:\d+:(?: \w+)?$/;

/** In each run of stack frames, the first one in the user's code; and every runner's own location line. */
function userFrames(all: readonly string[]): number[] {
  const picked: number[] = [];
  let inStack = false;
  let found = false;
  for (let index = 0; index < all.length; index++) {
    const line = all[index] as string;
    if (LOCATION.test(line)) {
      picked.push(index);
      continue;
    }
    const frame = FRAME.exec(line);
    const isFrame = frame !== null && (line.startsWith('at ') || inStack);
    if (line === 'stack: |-')
      inStack = true; // TAP's YAML stack: its frames have no `at `
    else if (!isFrame) {
      inStack = false;
      found = false;
    } else if (!found && !NOT_USER_CODE.test(frame[1] as string)) {
      picked.push(index);
      found = true;
    }
    if (isFrame) inStack = true;
  }
  return picked;
}

const DIFF_LEGEND = /^\+ actual - expected$|^- Expected(?:\s+- \d+)?$|^\+ Received(?:\s+\+ \d+)?$/;
const DIFF_PER_SIDE = 2;

/**
 * An assertion diff's legend (`+ actual - expected`, `- Expected` / `+ Received`) and the first
 * changed lines of each side after it, up to the stack or the code frame.
 */
function diffLines(all: readonly string[]): number[] {
  const picked: number[] = [];
  for (let index = 0; index < all.length; index++) {
    if (!DIFF_LEGEND.test(all[index] as string)) continue;
    picked.push(index);
    const taken = { '+': 0, '-': 0 };
    let at = index + 1;
    for (; at < all.length; at++) {
      const line = all[at] as string;
      if (DIFF_LEGEND.test(line)) {
        picked.push(at);
        continue;
      }
      if (at - index > 400 || FRAME.test(line) || LOCATION.test(line) || lineScore(line) >= 6) break;
      const sign = line[0];
      if ((sign === '+' || sign === '-') && /^[+-](?:\s|$)/.test(line) && taken[sign] < DIFF_PER_SIDE) {
        taken[sign]++;
        picked.push(at);
      }
    }
    index = at - 1;
  }
  return picked;
}

/** Indexes of each traceback's last `File "…", line N` frame and the exception message after it. */
function tracebackLines(all: readonly string[]): number[] {
  const picked: number[] = [];
  for (let index = 0; index < all.length; index++) {
    if (!/^Traceback \(most recent call last\):/.test(all[index] as string)) continue;
    let lastFrame = -1;
    let at = index + 1;
    for (; at < all.length; at++) {
      const line = all[at] as string;
      if (/^File ".*", line \d+/.test(line)) lastFrame = at;
      else if (EXCEPTION_LINE.test(line)) break;
    }
    if (lastFrame !== -1) picked.push(lastFrame);
    if (at < all.length) picked.push(at);
    index = at;
  }
  return picked;
}

const EXCEPTION_LINE = /^[A-Za-z_][\w.]*(?:Error|Exception|Warning|Interrupt|Exit)\b(?::|$)/;
