// The settings.json merge as pure data (lib/install/settings.ts) and the slash command's argument handling
// and rendering (lib/install/slash.ts).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { detectIndent, doubleQuote, hookCommand, installHooks, listHandlers, parseSettings, uninstallHooks } from '../../../lib/install/settings.js';
import { renderSlashCommand, searchArgv, splitArguments } from '../../../lib/install/slash.js';

const RUNTIME = '/home/dev/.claude/hooks/memory';

const theirs = (command: string, matcher = 'Bash') => ({ matcher, hooks: [{ type: 'command', command }] });

describe('installHooks', () => {
  it('registers the four hooks in the documented shape on empty settings', () => {
    const result = installHooks({}, RUNTIME);
    expect(result.settings).toMatchInlineSnapshot(`
      {
        "hooks": {
          "PostToolUse": [
            {
              "hooks": [
                {
                  "async": true,
                  "command": "node "/home/dev/.claude/hooks/memory/dist/hooks/post-tool-use.js"",
                  "timeout": 30,
                  "type": "command",
                },
              ],
              "matcher": "Edit|Write|Bash|NotebookEdit",
            },
          ],
          "PostToolUseFailure": [
            {
              "hooks": [
                {
                  "async": true,
                  "command": "node "/home/dev/.claude/hooks/memory/dist/hooks/post-tool-use.js"",
                  "timeout": 30,
                  "type": "command",
                },
              ],
              "matcher": "Edit|Write|Bash|NotebookEdit",
            },
          ],
          "SessionStart": [
            {
              "hooks": [
                {
                  "command": "node "/home/dev/.claude/hooks/memory/dist/hooks/session-start.js"",
                  "timeout": 10,
                  "type": "command",
                },
              ],
              "matcher": "startup|resume|clear|compact",
            },
          ],
          "Stop": [
            {
              "hooks": [
                {
                  "command": "node "/home/dev/.claude/hooks/memory/dist/hooks/stop.js"",
                  "timeout": 10,
                  "type": "command",
                },
              ],
            },
          ],
        },
      }
    `);
    expect(result.changes.map((change) => `${change.event} ${change.action}`)).toEqual(['SessionStart added', 'PostToolUse added', 'PostToolUseFailure added', 'Stop added']);
  });

  it('keeps every other key, event and handler, in order', () => {
    const settings = { model: 'opus', hooks: { PreToolUse: [theirs('guard.sh')], Stop: [theirs('notify.sh', '')] }, statusLine: { type: 'command' } };
    const result = installHooks(settings, RUNTIME).settings as { hooks: Record<string, unknown[]> };
    expect(Object.keys(result)).toEqual(['model', 'hooks', 'statusLine']);
    expect(Object.keys(result.hooks)).toEqual(['PreToolUse', 'Stop', 'SessionStart', 'PostToolUse', 'PostToolUseFailure']);
    expect(result.hooks['PreToolUse']).toEqual([theirs('guard.sh')]);
    expect(result.hooks['Stop']?.[0]).toEqual(theirs('notify.sh', ''));
    expect(result.hooks['Stop']).toHaveLength(2);
  });

  it('changes nothing when run again', () => {
    const once = installHooks({ hooks: { PreToolUse: [theirs('guard.sh')] } }, RUNTIME);
    const twice = installHooks(once.settings, RUNTIME);
    expect(twice.changed).toBe(false);
    expect(twice.settings).toEqual(once.settings);
    expect(twice.changes.every((change) => change.action === 'unchanged')).toBe(true);
  });

  it('updates a stale entry of ours where it stands, between other groups', () => {
    const stale = { matcher: 'Edit|Write', hooks: [{ type: 'command', command: hookCommand(RUNTIME, 'post-tool-use'), timeout: 5 }] };
    const settings = { hooks: { PostToolUse: [theirs('a.sh'), stale, theirs('b.sh')] } };
    const result = installHooks(settings, RUNTIME);
    const groups = (result.settings['hooks'] as Record<string, { matcher: string }[]>)['PostToolUse'];
    expect(groups?.map((group) => group.matcher)).toEqual(['Bash', 'Edit|Write|Bash|NotebookEdit', 'Bash']);
    expect(result.changes.find((change) => change.event === 'PostToolUse')?.action).toBe('updated');
  });

  it('drops duplicates of ours, keeping one', () => {
    const once = installHooks({}, RUNTIME).settings as { hooks: Record<string, unknown[]> };
    const doubled = { hooks: { ...once.hooks, Stop: [...(once.hooks['Stop'] ?? []), ...(once.hooks['Stop'] ?? [])] } };
    const result = installHooks(doubled, RUNTIME);
    expect(listHandlers(result.settings).filter((handler) => handler.event === 'Stop')).toHaveLength(1);
  });

  it('takes our handler out of a group someone else owns, leaving theirs', () => {
    const mixed = { matcher: 'Bash', hooks: [{ type: 'command', command: 'log.sh' }, { type: 'command', command: hookCommand(RUNTIME, 'post-tool-use') }] };
    const result = installHooks({ hooks: { PostToolUse: [mixed] } }, RUNTIME);
    const groups = (result.settings['hooks'] as Record<string, unknown[]>)['PostToolUse'];
    expect(groups?.[0]).toEqual(theirs('log.sh'));
    expect(groups).toHaveLength(2);
  });

  it('leaves handlers of another install directory alone', () => {
    const other = hookCommand('/opt/other/hooks/memory', 'stop');
    const result = installHooks({ hooks: { Stop: [{ hooks: [{ type: 'command', command: other }] }] } }, RUNTIME);
    expect(listHandlers(result.settings).filter((handler) => handler.event === 'Stop').map((handler) => handler.command)).toEqual([other, hookCommand(RUNTIME, 'stop')]);
  });
});

describe('uninstallHooks', () => {
  it('restores the settings exactly as they were before installing', () => {
    const before = { model: 'opus', hooks: { PreToolUse: [theirs('guard.sh')], Stop: [theirs('notify.sh', '')] } };
    const installed = installHooks(structuredClone(before), RUNTIME).settings;
    const result = uninstallHooks(installed, RUNTIME);
    expect(result.settings).toEqual(before);
    expect(JSON.stringify(result.settings)).toBe(JSON.stringify(before));
  });

  it('drops the hooks key when only ours were in it', () => {
    const installed = installHooks({ model: 'opus' }, RUNTIME).settings;
    expect(uninstallHooks(installed, RUNTIME).settings).toEqual({ model: 'opus' });
  });

  it('reports no change when none of ours are registered', () => {
    const settings = { hooks: { PreToolUse: [theirs('guard.sh')] } };
    expect(uninstallHooks(settings, RUNTIME)).toEqual({ settings, changes: [], changed: false });
  });
});

describe('parseSettings', () => {
  it.each([
    ['', {}],
    ['  \n', {}],
    ['{"model":"opus"}', { model: 'opus' }],
  ])('accepts %j', (text, value) => {
    expect(parseSettings(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['{"model": ', /^is not valid JSON \(/],
    ['// comment\n{}', /^is not valid JSON/],
    ['[]', /^is not a JSON object$/],
    ['"text"', /^is not a JSON object$/],
    ['{"hooks": []}', /^has a "hooks" value that is not an object$/],
    ['{"hooks": {"Stop": {"command": "x"}}}', /^has a "hooks.Stop" value that is not an array$/],
  ])('refuses %j', (text, reason) => {
    const result = parseSettings(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toMatch(reason);
  });
});

describe('hook commands', () => {
  it.each([['/home/dev/.claude/hooks/memory'], ['/Users/Jane Doe/.claude/hooks/memory'], ['/tmp/a"b$c`d\\e/hooks/memory']])('quote %s so sh -c passes the exact path to node', (runtime) => {
    const echoed = spawnSync('sh', ['-c', hookCommand(runtime, 'stop').replace(/^node /, 'printf %s ')], { encoding: 'utf8' });
    expect(echoed.stdout).toBe(`${runtime}/dist/hooks/stop.js`);
  });

  it('recognises our entries by the escaped path too', () => {
    const runtime = '/tmp/we$ird/hooks/memory';
    const installed = installHooks({}, runtime);
    expect(installHooks(installed.settings, runtime).changed).toBe(false);
    expect(doubleQuote(runtime)).toBe('"/tmp/we\\$ird/hooks/memory"');
  });
});

describe('detectIndent', () => {
  it.each([
    ['{\n    "a": 1\n}\n', '    '],
    ['{\n\t"a": 1\n}\n', '\t'],
    ['{"a":1}', '  '],
    ['', '  '],
  ])('finds the indentation of %j', (text, indent) => {
    expect(detectIndent(text)).toBe(indent);
  });
});

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

  it('searches recent activity when no words are given', () => {
    expect(searchArgv([])).toEqual(['search', '--recent']);
    expect(searchArgv([''])).toEqual(['search', '--recent']);
    expect(searchArgv(['--stats'])).toEqual(['search', '--stats']);
  });

  it('renders the template with the helper path and delimiter', () => {
    const template = 'allowed-tools: Bash({{HELPER}}:*)\n!`{{HELPER}} <<\'{{END}}\' || true\n$ARGUMENTS\n{{END}}\n`\n';
    expect(renderSlashCommand(template, { helper: '/h/.claude/hooks/memory/dist/commands/_slash.js', delimiter: 'END_1' })).toBe(
      "allowed-tools: Bash(/h/.claude/hooks/memory/dist/commands/_slash.js:*)\n!`/h/.claude/hooks/memory/dist/commands/_slash.js <<'END_1' || true\n$ARGUMENTS\nEND_1\n`\n",
    );
    expect(renderSlashCommand('{{HELPER}}', { helper: "/Users/Jane O'Neil/x.js", delimiter: 'E' })).toBe("'/Users/Jane O'\\''Neil/x.js'");
    expect(() => renderSlashCommand('', { helper: '/x', delimiter: "E'; rm" })).toThrow('unusable heredoc delimiter');
  });
});
