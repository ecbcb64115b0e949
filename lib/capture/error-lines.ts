// Picks the lines of a failed command's output that a person would read: exception and assertion
// messages with their expected/actual lines and the first frame in the user's code, FAILED lines,
// compiler errors with file:line, `npm ERR!`, panics, a traceback's last frame and message.
// Banners, progress, passing tests and stack noise are never picked. Pure.
import { clip, head, stripAnsi } from '../text/bounded.js';

/** Output beyond this is not scanned: the telling lines of a failure sit in its first 64 KB or its end. */
const SCAN_MAX = 64 * 1024;
const LINE_MAX = 240;

interface Rule {
  readonly pattern: RegExp;
  readonly score: number;
}

// node:assert's message, with or without its class (TAP's `error:` block has none).
const ASSERT =
  /^(?:AssertionError\b.*: )?(?:Expected values|Expected "actual"|Values (?:have|identical)|The expression evaluated)/;

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
  { pattern: /^FAIL\s+\S+\.\S+(?: > .+)?$/, score: 5 }, // jest / vitest failing file (and test): the title and message say more
  { pattern: /^[\u00d7\u2715\u2717\u2716] /, score: 5 }, // vitest / jest / node --test failing test (× ✕ ✗ ✖)
  { pattern: /^not ok \d+ - /, score: 6 }, // TAP (node --test piped)
  { pattern: ASSERT, score: 8 },
  { pattern: /^expect\(.*\)\.\w+(?:\.\w+)*\(.*\)/, score: 7 }, // jest / vitest matcher: expect(received).toBe(expected)
  { pattern: /^Expected:|^Received:|^expected .+ to /, score: 6 },
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
  // node's version line and its excerpt of its own throw; a lone bracket; TAP's keys before a block
  /^Node\.js v\d|^node:[\w/]+:\d+$|^throw new \w*Error\(|^\^+$|^[{}[\](),;]+$|^(?:error|stack): \|-?$|^\u2716 failing tests:$/,
  /^E\s+(?:Omitting \d+ identical|Differing items:$|Full diff:$|Use -v)/, // pytest's hints
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
  for (const [index, score] of contextScores(all)) raise(index, score);
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
  for (let i = 0; i < raw.length; i++) {
    const line = raw[i] as string;
    const indent = /^(\s*)(?:actual|expected): [[{]\s*$/.exec(line)?.[1]?.length;
    if (indent === undefined) {
      out.push(line);
      continue;
    }
    let value = line;
    // Up to the line back at the key's indentation: the closing bracket.
    while (++i < raw.length) {
      const next = raw[i] as string;
      value += ` ${next}`;
      if (next.length - next.trimStart().length <= indent) break;
    }
    out.push(value.trim().replace(/\s+/g, ' '));
  }
  return out;
}

// A stack frame: `at fn (file:line:col)`, `at file:line:col`, or TAP's frame without `at`.
const FRAME = /^(?:at )?(?:[^()]+ \()?(?:file:\/\/)?([^\s()]+):\d+:\d+\)?$/;
const NOT_USER_CODE = /^(?:node:|internal\/)|\/node_modules\//;
// Locations runners print apart from a stack: vitest's `❯ file:line:col`, pytest's `file.py:N: Error`.
const LOCATION = /^\u276f \S+:\d+:\d+$|^[^\s/][^\s:]*\.py:\d+:(?: \w+)?$/;
const DIFF_LEGEND = /^\+ actual - expected$|^[-+] (?:Expected|Received)(?:\s+[-+] \d+)?$/;

/**
 * What lines score by their neighbours: the first frame in the user's code of each stack, and a
 * runner's location line (7); an assertion diff's legend and the first changed lines of each side
 * up to the stack (6); and, when the message was cut off (`| tail`), node's actual, expected and
 * operator properties (6).
 */
function contextScores(all: readonly string[]): Map<number, number> {
  const scores = new Map<number, number>();
  const cut = !all.some((line) => ASSERT.test(line));
  let stack = false;
  let userFrame = false;
  let diff = false;
  let signs = '';
  all.forEach((line, index) => {
    const frame = FRAME.exec(line);
    const isFrame = frame !== null && (stack || line.startsWith('at '));
    if (LOCATION.test(line) || (isFrame && !userFrame && !NOT_USER_CODE.test(frame[1] as string))) {
      scores.set(index, 7);
      userFrame = isFrame;
    }
    stack = isFrame || line === 'stack: |-';
    if (!stack) userFrame = false;
    if (DIFF_LEGEND.test(line)) {
      scores.set(index, 6);
      diff = true;
      signs = '';
    } else if (diff && (isFrame || LOCATION.test(line) || lineScore(line) >= 6)) {
      diff = false;
    } else if (diff && /^[+-](?:\s|$)/.test(line) && signs.split(line[0] as string).length < 3) {
      scores.set(index, 6); // at most two changed lines of each side
      signs += line[0];
    }
    if (cut && /^(?:actual|expected|operator): \S/.test(line)) scores.set(index, 6);
  });
  return scores;
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
