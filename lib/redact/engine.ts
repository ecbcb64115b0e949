// Runs secret rules over a text: a cheap literal hint decides whether a rule runs at all, its regex
// finds candidates, its picker decides what part is secret. Spans are merged and replaced in one pass.
// Never logs what it finds.

export const REDACTED = '[REDACTED]';

export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A realistic text and the part of it that must disappear. */
export interface Sample {
  readonly text: string;
  readonly secret: string;
}

export interface SecretRule {
  readonly name: string;
  /**
   * Lowercase literals; the rule runs only when the lowercased text contains one of them. Every
   * sample (RuleSamples) contains one (tested), so a hint never hides a match.
   */
  readonly hints: readonly string[];
  /**
   * Global regex, built without nested or overlapping quantifiers and guarded at its start so a
   * match attempt never rescans what an earlier attempt scanned (tests/unit/redact/engine.test.ts).
   */
  readonly pattern: RegExp;
  /**
   * The secret in a match; default: the `secret` group, or the whole match. Null: not a secret. An
   * empty span marks text the picker read and rejected, so the scan resumes after it.
   */
  readonly pick?: (match: RegExpExecArray, text: string) => Span | readonly Span[] | null;
}

/**
 * A rule's samples, written beside it but kept out of the rule object, so that no hook bundle carries
 * them (lib/redact/samples.ts pairs them with their rules for the tests and the bench).
 */
export interface RuleSamples {
  /** Texts this rule must redact, with the secret each holds. */
  readonly redacts: readonly Sample[];
  /** Code and commands that merely handle a secret: this rule must leave them unchanged. */
  readonly keeps: readonly string[];
}

/** The secret spans `rules` find in `text`, sorted and merged. */
export function findSpans(text: string, rules: readonly SecretRule[]): Span[] {
  if (!text) return [];
  const hints = new HintIndex(text);
  const spans: Span[] = [];
  for (const rule of rules) {
    if (!rule.hints.some((hint) => hints.has(hint))) continue;
    const pattern = rule.pattern;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const found = rule.pick ? rule.pick(match, text) : groupSpan(match);
      let resume = match.index + Math.max(match[0].length, 1);
      if (found !== null) {
        const list: readonly Span[] = Array.isArray(found) ? found : [found as Span];
        for (const span of list) {
          // Never look inside a secret (or a value already read) again: what keeps repeated keywords linear.
          if (span.end > resume) resume = span.end;
          if (span.end > span.start) spans.push(span);
        }
      }
      pattern.lastIndex = resume;
    }
  }
  return merge(spans);
}

/**
 * Answers "does the text contain this hint?" cheaply for the ~100 hints of the rules: the pairs of
 * adjacent lowercase characters present are recorded in one pass, so most absent hints are ruled
 * out without searching the text.
 */
// One table for every index, stamped with the generation that set each pair: a fresh table per
// text was most of the cost of redacting the many short fields of an import.
const pairStamps = new Uint32Array(65536);
let generation = 0;

class HintIndex {
  private readonly lower: string;
  private readonly stamp: number;

  constructor(text: string) {
    this.lower = text.toLowerCase();
    if (generation === 0xffffffff) {
      pairStamps.fill(0);
      generation = 0;
    }
    this.stamp = ++generation;
    const lower = this.lower;
    for (let i = 0; i + 1 < lower.length; i++) {
      const a = lower.charCodeAt(i);
      const b = lower.charCodeAt(i + 1);
      if (a < 256 && b < 256) pairStamps[(a << 8) | b] = this.stamp;
    }
  }

  /** Asked only while this index is the newest: findSpans builds one and uses it before any other. */
  has(hint: string): boolean {
    if (hint.length >= 2) {
      const a = hint.charCodeAt(0);
      const b = hint.charCodeAt(1);
      if (a < 256 && b < 256 && pairStamps[(a << 8) | b] !== this.stamp) return false;
    }
    return this.lower.includes(hint);
  }
}

function groupSpan(match: RegExpExecArray): Span | null {
  const secret = match.groups?.['secret'];
  if (secret === undefined) return { start: match.index, end: match.index + match[0].length };
  // The patterns are written so the secret group ends the match.
  const end = match.index + match[0].length;
  return { start: end - secret.length, end };
}

function merge(spans: Span[]): Span[] {
  if (spans.length < 2) return spans;
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [spans[0] as Span];
  for (const span of spans.slice(1)) {
    const last = out[out.length - 1] as Span;
    if (span.start <= last.end) out[out.length - 1] = { start: last.start, end: Math.max(last.end, span.end) };
    else out.push(span);
  }
  return out;
}

/** `text` with each span replaced by REDACTED. */
export function applySpans(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (const span of spans) {
    out += text.slice(at, span.start) + REDACTED;
    at = span.end;
  }
  return out + text.slice(at);
}
