// A shell command line read the way a person skims it: its chain split into segments, each segment's
// words without assignments and prefixes, and whether it writes a file. Not a shell parser: it only
// must never drop a real command.
const COMMAND_PREFIXES: ReadonlySet<string> = new Set(['sudo', 'time', 'command', 'builtin', 'nohup', 'exec', 'nice']);

/**
 * Splits a command line at `&&`, `||`, `;`, `|`, `&` and newlines outside quotes.
 * Good enough to skim: it does not need to be a shell parser, only never to drop a real command.
 */
export function splitCommand(command: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < command.length; i++) {
    const char = command[i] as string;
    if (quote) {
      if (char === '\\' && quote === '"' && i + 1 < command.length) {
        current += char + command[++i];
        continue;
      }
      if (char === quote) quote = null;
      current += char;
      continue;
    }
    if (char === '\\' && i + 1 < command.length) {
      current += char + command[++i];
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      current += char;
      continue;
    }
    const isSeparator = char === ';' || char === '\n' || char === '|' || (char === '&' && !isRedirectAmp(command, i));
    if (isSeparator) {
      if (current.trim()) parts.push(current.trim());
      current = '';
      if ((char === '|' || char === '&') && command[i + 1] === char) i++;
      continue;
    }
    current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

// `2>&1`, `&>file` and `>&2` are redirections, not background separators.
function isRedirectAmp(command: string, at: number): boolean {
  return command[at - 1] === '>' || command[at + 1] === '>';
}

/** The words of one segment, without leading `VAR=value` assignments and `sudo`/`time`-style prefixes. */
export function commandWords(segment: string): string[] {
  const words = segment.split(/\s+/).filter(Boolean);
  let start = 0;
  while (start < words.length) {
    const word = words[start] as string;
    if (isAssignment(word) || COMMAND_PREFIXES.has(word) || word === '(' || word === '{') start++;
    else break;
  }
  return words
    .slice(start)
    .map((word) => (word.includes('(') || word.includes(')') ? word.replace(/^\(+|\)+$/g, '') : word));
}

// The literal checks before the patterns below are not shortcuts of meaning: each pattern can only
// match text holding that literal. Most commands a hook sees hold none of them, and V8 compiles a
// pattern on its first use, which a noise event (exiting before anything else loads) pays in full.

/** `NAME=value` before a command. */
function isAssignment(word: string): boolean {
  return word.includes('=') && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word);
}

/** Writes a file: an output redirection (not to /dev/null, not fd duplication) or an in-place edit. */
export function writesFile(segment: string): boolean {
  if (segment.includes('sed') && (/\bsed\b[^|]*\s-i\b/.test(segment) || /\bsed\s+-[a-zA-Z]*i/.test(segment)))
    return true;
  return (
    segment.includes('>') &&
    /(?:^|[^<&0-9>])>>?\s*(?!&|\/dev\/null)[^\s>&]/.test(segment.replace(/'[^']*'|"[^"]*"/g, '""'))
  );
}

/**
 * Whether a command feeds a here-document (`cat > f << 'EOF'`, `$(cat <<EOF`): people name that form
 * ("heredoc") when they look for a write that went wrong, and no other word of the command says it. The
 * delimiter is quoted, or an upper-case word as convention writes it, and the body starts on a next line,
 * so a left shift in code (`1 << n`, `cout << x`) does not count; `<<<` (a here-string) is not one.
 */
export function usesHeredoc(command: string): boolean {
  return (
    command.includes('<<') && /(?<!<)<<-?[ \t]*(?:(["'])[A-Za-z_][\w.-]*\1|[A-Z_][A-Z0-9_]*\b)[^\n]*\n/.test(command)
  );
}

/** The program a word names: the text after its last slash, unquoted. */
export function programName(word: string): string {
  // Words hold no line breaks (split on white space), so this is the text after the last slash.
  const base = word.slice(word.lastIndexOf('/') + 1);
  return base.includes('"') || base.includes("'") ? base.replace(/^["']|["']$/g, '') : base;
}
