// Output that is not text (random bytes, a compressed file printed to the terminal) as what it is:
// `binary output, N bytes`, never the replacement characters and controls a decoder made of it.
// Pure string logic; a line of text that merely holds one odd character is left alone.

// U+FFFD (what a UTF-8 decoder writes for an invalid byte), C0 controls but tab, DEL and C1 controls.
const NOT_TEXT = /[\ufffd\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const ANY_NOT_TEXT = /[\ufffd\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// ANSI colour sequences start with ESC (a C0 control) and are text: they are removed before this runs
// (lib/text.ts stripAnsi), and a line of them alone is too short to count.
const MIN_RUN = 4;

/** A line is binary when at least a quarter of its characters, and at least MIN_RUN, are not text. */
function isBinaryLine(line: string): boolean {
  if (line.length < MIN_RUN || !ANY_NOT_TEXT.test(line)) return false;
  const odd = line.match(NOT_TEXT)?.length ?? 0;
  return odd >= MIN_RUN && odd * 4 >= line.length;
}

/** `text` with each run of binary lines replaced by one `binary output, N bytes` line (N: the bytes received). */
export function describeBinary(text: string): string {
  if (!text || !ANY_NOT_TEXT.test(text)) return text;
  const out: string[] = [];
  // Bytes of the run so far, -1 when there is none; the newlines between its lines are bytes of it.
  let run = -1;
  const flush = (): void => {
    if (run >= 0) out.push(`binary output, ${run.toLocaleString('en-US')} bytes`);
    run = -1;
  };
  for (const line of text.split('\n')) {
    if (isBinaryLine(line)) {
      // Each U+FFFD (3 bytes in UTF-8) stands for the one byte it replaced.
      run += Buffer.byteLength(line) - 2 * (line.match(/\ufffd/g)?.length ?? 0) + 1;
    } else {
      flush();
      out.push(line);
    }
  }
  flush();
  return out.join('\n');
}
