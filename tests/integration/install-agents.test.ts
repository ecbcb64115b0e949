// ./install.sh for Codex CLI and Gemini CLI beside Claude Code, in a temp HOME: our hooks in each
// agent's own file (the same scripts, the agent's name as argument, each agent's timeout unit), other
// entries untouched, a backup, idempotent re-runs, a file we cannot edit refused unchanged, and an
// uninstall that leaves each file as it found it.
import { NODE_COMMAND } from '../../lib/runtime/executables.js';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseInstallArgs } from '../../lib/install/options.js';
import { installBox, installInProcess, uninstallInProcess } from '../install-helpers.js';

const THEIRS_CODEX = `{
  "hooks": {
    "Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done", "timeout": 5 }] }]
  }
}
`;
const THEIRS_GEMINI = `{
  "theme": "Dracula",
  "security": { "auth": { "selectedType": "gemini-api-key" } }
}
`;

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

describe('install for Codex and Gemini', () => {
  it('registers our hooks in ~/.codex/hooks.json and ~/.gemini/settings.json, keeping what was there', () => {
    const box = installBox();
    const codex = join(box.home, '.codex', 'hooks.json');
    const gemini = join(box.home, '.gemini', 'settings.json');
    write(codex, THEIRS_CODEX);
    write(gemini, THEIRS_GEMINI);
    const lines = installInProcess(box, { agents: ['codex', 'gemini'] });
    const hook = (script: string, agent: string) => `${NODE_COMMAND} "${box.runtime}/dist/hooks/${script}.js" ${agent}`;
    expect(JSON.parse(readFileSync(codex, 'utf8'))).toEqual({
      hooks: {
        Stop: [
          { hooks: [{ type: 'command', command: 'notify-send done', timeout: 5 }] },
          { hooks: [{ type: 'command', command: hook('stop', 'codex'), timeout: 10 }] },
        ],
        SessionStart: [
          {
            matcher: 'startup|resume|clear',
            hooks: [{ type: 'command', command: hook('session-start', 'codex'), timeout: 10 }],
          },
        ],
        UserPromptSubmit: [{ hooks: [{ type: 'command', command: hook('user-prompt-submit', 'codex'), timeout: 5 }] }],
        PostToolUse: [
          {
            matcher: 'Bash|apply_patch',
            hooks: [{ type: 'command', command: hook('post-tool-use', 'codex'), timeout: 30 }],
          },
        ],
      },
    });
    const settings = JSON.parse(readFileSync(gemini, 'utf8')) as Record<string, unknown>;
    expect(settings['theme']).toBe('Dracula');
    expect(settings['hooks']).toEqual({
      SessionStart: [
        {
          hooks: [
            {
              type: 'command',
              command: hook('session-start', 'gemini'),
              name: 'claude-memory-hooks session-start',
              timeout: 10000,
            },
          ],
        },
      ],
      BeforeAgent: [
        {
          hooks: [
            {
              type: 'command',
              command: hook('user-prompt-submit', 'gemini'),
              name: 'claude-memory-hooks user-prompt-submit',
              timeout: 5000,
            },
          ],
        },
      ],
      AfterTool: [
        {
          matcher: '^(run_shell_command|write_file|replace)$',
          hooks: [
            {
              type: 'command',
              command: hook('post-tool-use', 'gemini'),
              name: 'claude-memory-hooks post-tool-use',
              timeout: 30000,
            },
          ],
        },
      ],
      AfterAgent: [
        {
          hooks: [
            { type: 'command', command: hook('stop', 'gemini'), name: 'claude-memory-hooks stop', timeout: 10000 },
          ],
        },
      ],
    });
    // Claude Code was not asked for: its settings.json is not written.
    expect(existsSync(box.settings)).toBe(false);
    // A backup of each file that was there; the trust step said once.
    expect(readdirSync(dirname(codex)).filter((name) => name.includes('.bak') || name.includes('backup'))).toHaveLength(
      1,
    );
    expect(
      readdirSync(dirname(gemini)).filter((name) => name.includes('.bak') || name.includes('backup')),
    ).toHaveLength(1);
    expect(lines.filter((line) => line.includes('Hooks need review'))).toHaveLength(1);

    // A re-run changes nothing.
    const before = [readFileSync(codex, 'utf8'), readFileSync(gemini, 'utf8')];
    const again = installInProcess(box, { agents: ['codex', 'gemini'] });
    expect([readFileSync(codex, 'utf8'), readFileSync(gemini, 'utf8')]).toEqual(before);
    expect(again).toContain(`✓ ${codex}: already up to date`);
    expect(again).toContain(`✓ ${gemini}: already up to date`);

    // Uninstall takes out exactly ours: each file as it was.
    uninstallInProcess(box);
    expect(readFileSync(codex, 'utf8')).toBe(THEIRS_CODEX);
    expect(readFileSync(gemini, 'utf8')).toBe(THEIRS_GEMINI);
  });

  it('refuses a hooks file that is not valid JSON, changing nothing, in one line', () => {
    const box = installBox();
    const gemini = join(box.home, '.gemini', 'settings.json');
    write(gemini, '{ "theme": ');
    expect(() => installInProcess(box, { agents: ['gemini'] })).toThrow(
      new RegExp(`^${gemini.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not valid JSON .*nothing was changed\\.$`),
    );
    expect(readFileSync(gemini, 'utf8')).toBe('{ "theme": ');
    expect(existsSync(box.runtime)).toBe(false);
  });

  it('serves, without --agent, Claude Code and each agent whose folder exists, and skips the others', () => {
    const box = installBox();
    mkdirSync(join(box.home, '.gemini'));
    installInProcess(box);
    expect(existsSync(box.settings)).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(join(box.home, '.gemini', 'settings.json'), 'utf8')).hooks)).toEqual([
      'SessionStart',
      'BeforeAgent',
      'AfterTool',
      'AfterAgent',
    ]);
    expect(existsSync(join(box.home, '.codex'))).toBe(false);
  });
});

describe('--agent', () => {
  const cases: ReadonlyArray<readonly [string[], unknown]> = [
    [['--agent', 'codex'], ['codex']],
    [['--agent=gemini,claude'], ['gemini', 'claude']],
    [
      ['--agent', 'all'],
      ['claude', 'codex', 'gemini', 'cursor', 'opencode'],
    ],
    [['--agent', 'codex', '--agent', 'codex'], ['codex']],
  ];
  for (const [argv, agents] of cases) {
    it(`reads ${argv.join(' ')}`, () => {
      expect(parseInstallArgs(argv)).toMatchObject({ mode: 'install', agents });
    });
  }
  it('refuses an agent it does not know', () => {
    expect(() => parseInstallArgs(['--agent', 'copilot'])).toThrow(
      "--agent takes claude, codex, gemini, cursor, opencode or all (got 'copilot')",
    );
  });
});
