// ./install.sh for Cursor and OpenCode, in a temp HOME: our hooks in Cursor's ~/.cursor/hooks.json (flat,
// `cursor` as the argument) beside the person's own, a backup, idempotent re-runs, an invalid file
// refused unchanged, an exact uninstall; OpenCode's plugin written whole, refused over a file not ours,
// removed again; an agent that is not installed is skipped.
import { NODE_COMMAND } from '../../lib/runtime/executables.js';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAgents } from '../../lib/doctor/agents.js';
import { parseInstallArgs } from '../../lib/install/options.js';
import { cliPath } from '../../lib/install/layout.js';
import { ourEntry } from '../../lib/mcp/registration.js';
import { installBox, installInProcess, uninstallInProcess } from '../install-helpers.js';

const THEIRS_CURSOR = `{
  "version": 1,
  "hooks": {
    "afterFileEdit": [{ "command": "./hooks/format.sh" }]
  }
}
`;

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const backups = (file: string) => readdirSync(dirname(file)).filter((name) => name.includes('.bak-'));

describe('install for Cursor', () => {
  it('registers our hooks in ~/.cursor/hooks.json beside the person’s own; a re-run changes nothing; uninstall is exact', () => {
    const box = installBox();
    const file = join(box.home, '.cursor', 'hooks.json');
    write(file, THEIRS_CURSOR);
    installInProcess(box, { agents: ['cursor'] });
    const ours = (script: string) => ({ command: `${NODE_COMMAND} "${box.runtime}/dist/hooks/${script}.js" cursor` });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      version: 1,
      hooks: {
        afterFileEdit: [{ command: './hooks/format.sh' }, ours('post-tool-use')],
        sessionStart: [ours('session-start')],
        beforeSubmitPrompt: [ours('user-prompt-submit')],
        postToolUse: [ours('post-tool-use')],
        postToolUseFailure: [ours('post-tool-use')],
        afterAgentResponse: [ours('stop')],
        sessionEnd: [ours('stop')],
      },
    });
    expect(backups(file)).toHaveLength(1);
    expect(existsSync(box.settings)).toBe(false);

    const before = readFileSync(file, 'utf8');
    const again = installInProcess(box, { agents: ['cursor'] });
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(again).toContain(`✓ ${file}: already up to date`);

    uninstallInProcess(box);
    expect(readFileSync(file, 'utf8')).toBe(THEIRS_CURSOR);
  });

  it('creates hooks.json with "version": 1 when there is none, and removes it again on uninstall', () => {
    const box = installBox();
    mkdirSync(join(box.home, '.cursor'));
    const file = join(box.home, '.cursor', 'hooks.json');
    installInProcess(box, { agents: ['cursor'] });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1 });
    uninstallInProcess(box);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(join(box.home, '.cursor'))).toBe(true);
  });

  it('refuses a hooks.json that is not valid JSON, or whose hooks are not lists, changing nothing', () => {
    for (const text of ['{ "version": 1, ', '{ "hooks": { "stop": { "command": "x" } } }']) {
      const box = installBox();
      const file = join(box.home, '.cursor', 'hooks.json');
      write(file, text);
      expect(() => installInProcess(box, { agents: ['cursor'] })).toThrow(/hooks\.json .*nothing was changed\.$/);
      expect(readFileSync(file, 'utf8')).toBe(text);
      expect(existsSync(box.runtime)).toBe(false);
    }
  });
});

describe('install for OpenCode', () => {
  it('writes the plugin into ~/.config/opencode/plugins, leaves it on a re-run, removes it on uninstall', () => {
    const box = installBox();
    const config = join(box.home, '.config', 'opencode', 'opencode.json');
    write(config, '{ "model": "anthropic/claude" }\n');
    const plugin = join(box.home, '.config', 'opencode', 'plugins', 'claude-memory-hooks.js');
    installInProcess(box, { agents: ['opencode'] });
    const text = readFileSync(plugin, 'utf8');
    expect(text).toContain(`const HOOKS = ${JSON.stringify(`${box.runtime}/dist/hooks`)};`);
    expect(text).toContain(`const NODE = ${JSON.stringify(process.execPath)};`);
    expect(text).toContain('export const ClaudeMemoryHooks = async');
    const again = installInProcess(box, { agents: ['opencode'] });
    expect(again).toContain(`✓ ${plugin}: already up to date`);
    uninstallInProcess(box);
    expect(existsSync(plugin)).toBe(false);
    // The plugins folder the install made goes; OpenCode's own config stays as it was.
    expect(existsSync(dirname(plugin))).toBe(false);
    expect(readFileSync(config, 'utf8')).toBe('{ "model": "anthropic/claude" }\n');
  });

  it('refuses a plugin file of that name it did not write, changing nothing', () => {
    const box = installBox();
    const plugin = join(box.home, '.config', 'opencode', 'plugins', 'claude-memory-hooks.js');
    write(plugin, 'export const Mine = async () => ({});\n');
    expect(() => installInProcess(box, { agents: ['opencode'] })).toThrow(/was not written by claude-memory-hooks/);
    expect(readFileSync(plugin, 'utf8')).toBe('export const Mine = async () => ({});\n');
    uninstallInProcess(box);
    expect(readFileSync(plugin, 'utf8')).toBe('export const Mine = async () => ({});\n');
  });
});

describe('which agents an install serves', () => {
  it('serves Cursor and OpenCode when their folder exists, and skips them when it does not', () => {
    const box = installBox();
    installInProcess(box);
    expect(existsSync(join(box.home, '.cursor'))).toBe(false);
    expect(existsSync(join(box.home, '.config', 'opencode'))).toBe(false);
    mkdirSync(join(box.home, '.cursor'));
    mkdirSync(join(box.home, '.config', 'opencode'), { recursive: true });
    installInProcess(box);
    expect(existsSync(join(box.home, '.cursor', 'hooks.json'))).toBe(true);
    expect(existsSync(join(box.home, '.config', 'opencode', 'plugins', 'claude-memory-hooks.js'))).toBe(true);
  });

  it('takes cursor and opencode in --agent, and all five for all', () => {
    expect(parseInstallArgs(['--agent', 'cursor,opencode'])).toMatchObject({ agents: ['cursor', 'opencode'] });
    expect(parseInstallArgs(['--agent', 'all'])).toMatchObject({
      agents: ['claude', 'codex', 'gemini', 'cursor', 'opencode'],
    });
  });
});

describe('memory doctor for Cursor and OpenCode', () => {
  it('says Cursor runs each of our hooks and OpenCode loads our plugin, each has our MCP server, and what is missing', () => {
    const box = installBox();
    installInProcess(box, { agents: ['cursor', 'opencode'] });
    const doctor = () =>
      checkAgents(box.env, box.runtime, ourEntry(cliPath(box.runtime), process.execPath)).map(
        (c) => `${c.status} ${c.message}`,
      );
    const hooks = join(box.home, '.cursor', 'hooks.json');
    const mcp = join(box.home, '.cursor', 'mcp.json');
    const plugin = join(box.home, '.config', 'opencode', 'plugins', 'claude-memory-hooks.js');
    const config = join(box.home, '.config', 'opencode', 'opencode.json');
    expect(doctor()).toEqual([
      `ok Cursor runs our 7 hooks (${hooks})`,
      `ok Cursor has the MCP server memory-hooks (${mcp})`,
      `ok OpenCode loads our plugin (${plugin})`,
      `ok OpenCode has the MCP server memory-hooks (${config})`,
    ]);
    const value = JSON.parse(readFileSync(hooks, 'utf8')) as { hooks: Record<string, unknown> };
    delete value.hooks['sessionEnd'];
    writeFileSync(hooks, JSON.stringify(value));
    writeFileSync(mcp, '{ "mcpServers": {} }\n');
    writeFileSync(plugin, readFileSync(plugin, 'utf8').split(box.runtime).join('/elsewhere/memory'));
    writeFileSync(config, readFileSync(config, 'utf8').split(box.runtime).join('/elsewhere/memory'));
    expect(doctor()).toEqual([
      `warn ${hooks} lacks our sessionEnd hook: Cursor captures less`,
      `warn the MCP server memory-hooks is not in ${mcp}: Cursor has no search tool`,
      `warn ${plugin} runs the hooks of another installation, not ${box.runtime}`,
      `warn ${config} registers memory-hooks as \`${[process.execPath, ...ourEntry('/elsewhere/memory/dist/commands/cli.js', '').args].join(' ')}\`, not this installation's`,
    ]);
  });
});
