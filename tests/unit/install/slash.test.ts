// The slash command's argument handling and rendering (lib/install/slash.ts).
import { describe, expect, it } from 'vitest';
import { renderSlashCommand, restoreArgumentText, searchArgv, splitArguments } from '../../../lib/install/slash.js';

describe('slash command arguments', () => {
  it.each([
    ['JWT 인증', ['JWT', '인증']],
    ['  --recent  ', ['--recent']],
    ['"refresh token" --since 7d', ['refresh token', '--since', '7d']],
    ["'exact phrase'", ['exact phrase']],
    ["don't panic", ["don't", 'panic']],
    ['"unterminated quote', ['"unterminated', 'quote']],
    ['$(rm -rf ~) `id` ; |', ['$(rm', '-rf', '~)', '`id`', ';', '|']],
    ['', []],
    ['""', ['']],
  ])('splits %j into words without expanding anything', (text, words) => {
    expect(splitArguments(text)).toEqual(words);
  });

  it.each([
    ['x $ARGUMENTS y', 'x $& y'], // 2.1.39 replaced `$&` with the placeholder it matched
    ['\\! `touch x`', '!`touch x`'], // 2.1.330 escaped a `!` that could start a shell line
    ['a ` !b', 'a `!b'],
    ['plain words', 'plain words'],
  ])('restores %j, as the client changed it, to %j', (received, typed) => {
    expect(restoreArgumentText(received)).toBe(typed);
  });

  it('searches recent activity when no words are given', () => {
    expect(searchArgv([])).toEqual(['search', '--recent']);
    expect(searchArgv([''])).toEqual(['search', '--recent']);
    expect(searchArgv(['--stats'])).toEqual(['search', '--stats']);
  });

  it('renders the template with the helper path and delimiter', () => {
    const template = "allowed-tools: Bash({{HELPER}}:*)\n```!\n{{HELPER}} <<'{{END}}'\n$ARGUMENTS\n{{END}}\n```\n";
    expect(
      renderSlashCommand(template, { helper: '/h/.claude/hooks/memory/dist/commands/_slash.js', delimiter: 'END_1' }),
    ).toBe(
      "allowed-tools: Bash(/h/.claude/hooks/memory/dist/commands/_slash.js:*)\n```!\n/h/.claude/hooks/memory/dist/commands/_slash.js <<'END_1'\n$ARGUMENTS\nEND_1\n```\n",
    );
    expect(renderSlashCommand('{{HELPER}}', { helper: "/Users/Jane O'Neil/x.js", delimiter: 'E' })).toBe(
      "'/Users/Jane O'\\''Neil/x.js'",
    );
    expect(() => renderSlashCommand('', { helper: '/x', delimiter: "E'; rm" })).toThrow('unusable heredoc delimiter');
  });
});
