// The slash command as data: the installed command file rendered from its template, and the
// user's argument text turned into argv without a shell ever seeing it. Pure string work.

/** Claude Code splices `$ARGUMENTS` into the command text unescaped; bound what we pass on. */
export const ARGUMENT_TEXT_MAX = 20_000;

/**
 * Splits the `/mem …` argument text into words the way a person expects: spaces separate, and a
 * quote that opens a word groups up to its closing quote ("JWT auth"). An apostrophe inside a word
 * (don't) or a quote that never closes is just a character. Nothing is expanded: `$(…)`, backticks
 * and `;` stay text.
 */
export function splitArguments(text: string): string[] {
  const input = text.slice(0, ARGUMENT_TEXT_MAX);
  const words: string[] = [];
  let current = '';
  let inWord = false;
  for (let index = 0; index < input.length; index++) {
    const char = input[index] as string;
    if (/\s/.test(char)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
      continue;
    }
    const close = !inWord && (char === '"' || char === "'") ? input.indexOf(char, index + 1) : -1;
    if (close > 0) {
      current += input.slice(index + 1, close);
      index = close;
    } else {
      current += char;
    }
    inWord = true;
  }
  if (inWord) words.push(current);
  return words;
}

/**
 * Undoes what Claude Code did to the argument text before our command saw it: 2.1.39 splices it in
 * with String.replace, so a typed `$&` arrives as the placeholder itself; 2.1.330 escapes `!` that
 * could start a shell line (`\!`, `! \``, `\` !`). Both are restored, so the search is for what was typed.
 */
export function restoreArgumentText(text: string): string {
  return text
    .replaceAll('$ARGUMENTS', () => '$&')
    .replace(/(^|\s)\\!/g, '$1!')
    .replaceAll('! `', '!`')
    .replaceAll('` !', '`!');
}

/** What `/mem` with these words runs: `memory search …`, and the recent list when no words are given. */
export function searchArgv(words: readonly string[]): string[] {
  const kept = words.filter((word) => word !== '');
  return kept.length === 0 ? ['search', '--recent'] : ['search', ...kept];
}

export interface SlashCommandValues {
  /** Absolute path of the executable slash entry (`dist/commands/_slash.js` in the runtime). */
  readonly helper: string;
  /** Heredoc delimiter; random per install so argument text cannot end the heredoc early. */
  readonly delimiter: string;
}

/** Characters a command path may hold and still be written bare (no quotes) in the `!` line and the rule. */
const BARE_PATH = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Fills the template's `{{HELPER}}` and `{{END}}` placeholders. */
export function renderSlashCommand(template: string, values: SlashCommandValues): string {
  if (!/^[A-Za-z0-9_]+$/.test(values.delimiter)) throw new Error(`unusable heredoc delimiter: ${values.delimiter}`);
  const helper = BARE_PATH.test(values.helper) ? values.helper : `'${values.helper.replace(/'/g, `'\\''`)}'`;
  return template.replaceAll('{{HELPER}}', helper).replaceAll('{{END}}', values.delimiter);
}

/** An installed command file is ours when it runs our slash entry from this runtime. */
export function isOurSlashCommand(text: string, runtime: string): boolean {
  return text.includes(`${runtime}/dist/commands/_slash.js`);
}
