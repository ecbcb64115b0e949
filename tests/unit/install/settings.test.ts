// The settings.json merge (lib/install/settings.ts): what it registers and removes, checked on the
// parsed result, and that it is a text edit that leaves every byte it does not own as it was.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { detectIndent } from '../../../lib/install/json-text.js';
import {
  doubleQuote,
  hookCommand,
  installHooks as installText,
  listHandlers,
  parseSettings,
  uninstallHooks as uninstallText,
  type SettingsEdit,
} from '../../../lib/install/settings.js';

const RUNTIME = '/home/dev/.claude/hooks/memory';

/** The settings as a user's file holds them: 2-space JSON with a final newline. */
const fileText = (settings: unknown): string => `${JSON.stringify(settings, null, 2)}\n`;
type Parsed = SettingsEdit & { readonly settings: Record<string, unknown> };
const parsed = (edit: SettingsEdit): Parsed => ({
  ...edit,
  settings: JSON.parse(edit.text) as Record<string, unknown>,
});
const installHooks = (settings: unknown, runtime: string): Parsed => parsed(installText(fileText(settings), runtime));
const uninstallHooks = (settings: unknown, runtime: string): Parsed =>
  parsed(uninstallText(fileText(settings), runtime));

const theirs = (command: string, matcher = 'Bash') => ({ matcher, hooks: [{ type: 'command', command }] });

describe('installHooks', () => {
  it('registers the five hooks in the documented shape on empty settings', () => {
    const result = installHooks({}, RUNTIME);
    expect(result.settings).toMatchInlineSnapshot(`
      {
        "hooks": {
          "PostToolUse": [
            {
              "hooks": [
                {
                  "async": true,
                  "command": "node --disable-warning=ExperimentalWarning "/home/dev/.claude/hooks/memory/dist/hooks/post-tool-use.js"",
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
                  "command": "node --disable-warning=ExperimentalWarning "/home/dev/.claude/hooks/memory/dist/hooks/post-tool-use.js"",
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
                  "command": "node --disable-warning=ExperimentalWarning "/home/dev/.claude/hooks/memory/dist/hooks/session-start.js"",
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
                  "command": "node --disable-warning=ExperimentalWarning "/home/dev/.claude/hooks/memory/dist/hooks/stop.js"",
                  "timeout": 10,
                  "type": "command",
                },
              ],
            },
          ],
          "UserPromptSubmit": [
            {
              "hooks": [
                {
                  "command": "node --disable-warning=ExperimentalWarning "/home/dev/.claude/hooks/memory/dist/hooks/user-prompt-submit.js"",
                  "timeout": 5,
                  "type": "command",
                },
              ],
            },
          ],
        },
      }
    `);
    expect(result.changes.map((change) => `${change.event} ${change.action}`)).toEqual([
      'SessionStart added',
      'PostToolUse added',
      'PostToolUseFailure added',
      'Stop added',
      'UserPromptSubmit added',
    ]);
  });

  it('keeps every other key, event and handler, in order', () => {
    const settings = {
      model: 'opus',
      hooks: { PreToolUse: [theirs('guard.sh')], Stop: [theirs('notify.sh', '')] },
      statusLine: { type: 'command' },
    };
    const result = installHooks(settings, RUNTIME).settings as { hooks: Record<string, unknown[]> };
    expect(Object.keys(result)).toEqual(['model', 'hooks', 'statusLine']);
    expect(Object.keys(result.hooks)).toEqual([
      'PreToolUse',
      'Stop',
      'SessionStart',
      'PostToolUse',
      'PostToolUseFailure',
      'UserPromptSubmit',
    ]);
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
    const stale = {
      matcher: 'Edit|Write',
      hooks: [{ type: 'command', command: hookCommand(RUNTIME, 'post-tool-use'), timeout: 5 }],
    };
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
    const mixed = {
      matcher: 'Bash',
      hooks: [
        { type: 'command', command: 'log.sh' },
        { type: 'command', command: hookCommand(RUNTIME, 'post-tool-use') },
      ],
    };
    const result = installHooks({ hooks: { PostToolUse: [mixed] } }, RUNTIME);
    const groups = (result.settings['hooks'] as Record<string, unknown[]>)['PostToolUse'];
    expect(groups?.[0]).toEqual(theirs('log.sh'));
    expect(groups).toHaveLength(2);
  });

  it('leaves handlers of another install directory alone', () => {
    const other = hookCommand('/opt/other/hooks/memory', 'stop');
    const result = installHooks({ hooks: { Stop: [{ hooks: [{ type: 'command', command: other }] }] } }, RUNTIME);
    expect(
      listHandlers(result.settings)
        .filter((handler) => handler.event === 'Stop')
        .map((handler) => handler.command),
    ).toEqual([other, hookCommand(RUNTIME, 'stop')]);
  });
});

describe('uninstallHooks', () => {
  it('restores the settings exactly as they were before installing', () => {
    const before = { model: 'opus', hooks: { PreToolUse: [theirs('guard.sh')], Stop: [theirs('notify.sh', '')] } };
    const installed = installHooks(structuredClone(before), RUNTIME).settings;
    const result = uninstallHooks(installed, RUNTIME);
    expect(result.settings).toEqual(before);
    expect(JSON.stringify(result.settings)).toBe(JSON.stringify(before));
    expect(uninstallText(installText(fileText(before), RUNTIME).text, RUNTIME).text).toBe(fileText(before));
  });

  it('drops the hooks key when only ours were in it', () => {
    const installed = installHooks({ model: 'opus' }, RUNTIME).settings;
    expect(uninstallHooks(installed, RUNTIME).settings).toEqual({ model: 'opus' });
  });

  it('reports no change when none of ours are registered', () => {
    const settings = { hooks: { PreToolUse: [theirs('guard.sh')] } };
    expect(uninstallText(fileText(settings), RUNTIME)).toEqual({
      text: fileText(settings),
      changes: [],
      changed: false,
    });
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
  it.each([
    ['/home/dev/.claude/hooks/memory'],
    ['/Users/Jane Doe/.claude/hooks/memory'],
    ['/tmp/a"b$c`d\\e/hooks/memory'],
  ])('quote %s so sh -c passes the exact path to node', (runtime) => {
    // sh -c runs `printf %s <flag> <path>`: the flag, then the exact path.
    const echoed = spawnSync('sh', ['-c', hookCommand(runtime, 'stop').replace(/^node /, 'printf %s ')], {
      encoding: 'utf8',
    });
    expect(echoed.stdout).toBe(`--disable-warning=ExperimentalWarning${runtime}/dist/hooks/stop.js`);
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

describe('settings.json as text', () => {
  const user =
    '{\n  "model": "opus",\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "guard.sh" }] }\n    ]\n  },\n  "statusLine": { "type": "command" }\n}\n';

  it.each([
    ['a big integer', '"seed": 12345678901234567890'],
    ['a float written as 1.0', '"temperature": 1.0'],
    ['an exponent', '"limit": 1e2'],
    ['a negative zero and an escaped string', '"offset": -0, "name": "caf\\u00e9 \\/ bar"'],
  ])('keeps %s exactly as written, through install and uninstall', (_name, member) => {
    const text = `{\n  ${member},\n  "model": "opus"\n}\n`;
    const installed = installText(text, RUNTIME).text;
    expect(installed).toContain(member);
    expect(installed.startsWith(`{\n  ${member},\n  "model": "opus",\n  "hooks": {\n`)).toBe(true);
    expect(uninstallText(installed, RUNTIME).text).toBe(text);
  });

  it('keeps CRLF line endings and writes its own lines with them', () => {
    const text = user.replace(/\n/g, '\r\n');
    const installed = installText(text, RUNTIME).text;
    expect(installed.replace(/\r\n/g, '')).not.toContain('\n');
    expect(installed.startsWith(text.slice(0, text.indexOf('    ]')))).toBe(true);
    expect(uninstallText(installed, RUNTIME).text).toBe(text);
  });

  it('indents its entries like the file (tabs here) and leaves the rest of the layout alone', () => {
    const text = '{\n\t"model": "opus",\n\t"env": {"A": "1", "B": "2"}\n}';
    const installed = installText(text, RUNTIME).text;
    expect(
      installed.startsWith(
        '{\n\t"model": "opus",\n\t"env": {"A": "1", "B": "2"},\n\t"hooks": {\n\t\t"SessionStart": [\n\t\t\t{\n',
      ),
    ).toBe(true);
    expect(installed.endsWith('\n\t}\n}')).toBe(true);
    expect(uninstallText(installed, RUNTIME).text).toBe(text);
  });

  it('gives back the exact bytes after install then uninstall, with our entries mixed into theirs', () => {
    const installed = installText(user, RUNTIME).text;
    const withStop = installed.replace(
      '"PreToolUse": [\n',
      `"PreToolUse": [\n      { "hooks": [{ "type": "command", "command": "log.sh" }, { "type": "command", "command": ${JSON.stringify(hookCommand(RUNTIME, 'stop'))} }] },\n`,
    );
    const result = uninstallText(withStop, RUNTIME);
    expect(result.text).toBe(
      user.replace(
        '"PreToolUse": [\n',
        '"PreToolUse": [\n      { "hooks": [{ "type": "command", "command": "log.sh" }] },\n',
      ),
    );
  });

  it('re-installs over a stale entry without touching the lines around it', () => {
    const installed = installText(user, RUNTIME).text;
    const stale = installed.replace('"timeout": 10', '"timeout": 5');
    const result = installText(stale, RUNTIME);
    expect(result.changes.find((change) => change.event === 'SessionStart')?.action).toBe('updated');
    expect(result.text).toBe(installed);
  });

  it('writes a new file as 2-space JSON with a final newline', () => {
    const created = installText('', RUNTIME).text;
    expect(created).toBe(fileText(JSON.parse(created)));
    expect(uninstallText(created, RUNTIME).text).toBe('{}\n');
  });

  it('keeps a one-line file on one line', () => {
    const installed = installText('{"model":"opus"}', RUNTIME).text;
    expect(installed.split('\n')).toHaveLength(1);
    expect(uninstallText(installed, RUNTIME).text).toBe('{"model":"opus"}');
  });
});
