// Patterns with Unicode property classes (\p{L}, \p{Script=Hangul}) are costly for V8 to create: it
// builds each class from ICU's tables when the RegExp is created, and when it compiles a script
// holding one as a literal (to report a syntax error early), code cache or not. Hooks and searches
// are short processes that mostly see ASCII text, where these classes reduce to plain ranges: such
// patterns are written as constructor calls, created on first use, and asked only of text that is
// not ASCII (the gain is in BENCHMARKS.md).

const ASCII_ONLY = /^[\x00-\x7f]*$/;

/** Whether `text` is plain ASCII, where the patterns' ASCII counterparts say the same. */
export function isAscii(text: string): boolean {
  return ASCII_ONLY.test(text);
}

/** `new RegExp(source, flags)`, created the first time it is asked for. */
export function lazyPattern(source: string, flags: string): () => RegExp {
  let pattern: RegExp | undefined;
  return () => (pattern ??= new RegExp(source, flags));
}

/**
 * A test of one character (a whole code point): `ascii` decides ASCII characters, the Unicode
 * pattern `unicodeSource` (which must say the same of them) every other.
 */
export function charTest(ascii: RegExp, unicodeSource: string): (char: string) => boolean {
  const unicode = lazyPattern(unicodeSource, 'u');
  return (char) => (char.charCodeAt(0) < 0x80 ? ascii.test(char) : unicode().test(char));
}
