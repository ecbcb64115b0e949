// ./install.sh --agent codex|gemini beyond the hooks, in a temp HOME: the MCP server in Codex's config.toml
// and in Gemini CLI's settings.json, and Codex's trust of our hooks (the trusted_hash its review writes),
// each with the care of the hooks: other entries untouched, a backup, idempotent re-runs, a file that is
// not valid refused unchanged in one line, and an uninstall that leaves each file as it was.
import { NODE_FLAGS } from '../../lib/runtime/executables.js';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { checkAgents } from '../../lib/doctor/agents.js';
import { codexTrust } from '../../lib/install/codex-config.js';
import { ourEntry } from '../../lib/mcp/registration.js';
import { installBox, installInProcess, uninstallInProcess } from '../install-helpers.js';

const THEIRS_TOML = `# mine
model = "o4-mini"

[mcp_servers.docs]
command = "docs-server"
args = ["--port", "0"]

[projects."/work/x"]
trust_level = "trusted"
`;

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('install for Codex: config.toml', () => {
  it('registers the MCP server and trusts our hooks, keeping every other table, and takes out exactly that', () => {
    const box = installBox();
    const config = join(box.home, '.codex', 'config.toml');
    const hooks = join(box.home, '.codex', 'hooks.json');
    write(config, THEIRS_TOML);
    const lines = installInProcess(box, { agents: ['codex'] });
    const text = readFileSync(config, 'utf8');
    expect(text.startsWith(THEIRS_TOML)).toBe(true);
    const value = parse(text) as Record<string, Record<string, unknown>>;
    expect(value['mcp_servers']?.['memory-hooks']).toEqual({
      command: process.execPath,
      args: [...NODE_FLAGS, join(box.runtime, 'dist', 'commands', 'cli.js'), 'mcp'],
    });
    expect(value['mcp_servers']?.['docs']).toEqual({ command: 'docs-server', args: ['--port', '0'] });
    const trust = codexTrust(text, readFileSync(hooks, 'utf8'), box.runtime, box.env);
    expect(trust.map((t) => [t.hook.handler.event, t.state])).toEqual([
      ['SessionStart', 'trusted'],
      ['UserPromptSubmit', 'trusted'],
      ['PostToolUse', 'trusted'],
      ['Stop', 'trusted'],
    ]);
    expect(trust[0]?.hook.key).toBe(`${hooks}:session_start:0:0`);
    expect(readdirSync(dirname(config)).filter((name) => name.startsWith('config.toml.bak-'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('marked trusted in config.toml'))).toHaveLength(1);

    const again = installInProcess(box, { agents: ['codex'] });
    expect(readFileSync(config, 'utf8')).toBe(text);
    expect(again).toContain(`✓ ${config}: already up to date`);

    uninstallInProcess(box);
    expect(readFileSync(config, 'utf8')).toBe(THEIRS_TOML);
  });

  it('creates config.toml when there is none, and removes it again on uninstall', () => {
    const box = installBox();
    mkdirSync(join(box.home, '.codex'));
    installInProcess(box, { agents: ['codex'] });
    const config = join(box.home, '.codex', 'config.toml');
    expect(existsSync(config)).toBe(true);
    uninstallInProcess(box);
    expect(existsSync(config)).toBe(false);
    expect(existsSync(join(box.home, '.codex', 'hooks.json'))).toBe(false);
  });

  it('keeps a hook the person disabled disabled, and trusts it anew', () => {
    const box = installBox();
    installInProcess(box, { agents: ['codex'] });
    const config = join(box.home, '.codex', 'config.toml');
    const key = `${join(box.home, '.codex', 'hooks.json')}:stop:0:0`;
    const text = readFileSync(config, 'utf8').replace(
      `[hooks.state.${JSON.stringify(key)}]\n`,
      `[hooks.state.${JSON.stringify(key)}]\nenabled = false\n`,
    );
    write(config, text.replace(/(stop:0:0"\]\nenabled = false\ntrusted_hash = )"[^"]+"/, '$1"sha256:stale"'));
    const hooksText = readFileSync(join(box.home, '.codex', 'hooks.json'), 'utf8');
    expect(codexTrust(readFileSync(config, 'utf8'), hooksText, box.runtime, box.env).at(-1)?.state).toBe('disabled');
    installInProcess(box, { agents: ['codex'] });
    const state = (parse(readFileSync(config, 'utf8')) as { hooks: { state: Record<string, unknown> } }).hooks.state[
      key
    ];
    expect(state).toMatchObject({ enabled: false, trusted_hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
  });

  it('tells a stale trust from a missing one', () => {
    const box = installBox();
    installInProcess(box, { agents: ['codex'] });
    const config = join(box.home, '.codex', 'config.toml');
    const hooksText = readFileSync(join(box.home, '.codex', 'hooks.json'), 'utf8');
    const text = readFileSync(config, 'utf8');
    const stale = text.replace(/(session_start:0:0"\]\ntrusted_hash = )"[^"]+"/, '$1"sha256:0"');
    expect(codexTrust(stale, hooksText, box.runtime, box.env)[0]?.state).toBe('modified');
    expect(codexTrust('', hooksText, box.runtime, box.env)[0]?.state).toBe('untrusted');
  });

  it('refuses a config.toml that is not valid TOML, changing nothing, in one line', () => {
    const box = installBox();
    const config = join(box.home, '.codex', 'config.toml');
    write(config, 'model = "o4\n');
    expect(() => installInProcess(box, { agents: ['codex'] })).toThrow(
      new RegExp(
        `^${escape(config)} is not valid TOML \\(.*\\)\\. Fix or move it, then run ./install.sh again; nothing was changed\\.$`,
      ),
    );
    expect(readFileSync(config, 'utf8')).toBe('model = "o4\n');
    expect(existsSync(join(box.home, '.codex', 'hooks.json'))).toBe(false);
    expect(existsSync(box.runtime)).toBe(false);
  });

  it('refuses our server defined inline, changing nothing', () => {
    const box = installBox();
    const config = join(box.home, '.codex', 'config.toml');
    const inline = 'mcp_servers = { memory-hooks = { command = "elsewhere" } }\n';
    write(config, inline);
    expect(() => installInProcess(box, { agents: ['codex'] })).toThrow(
      `${config} defines [mcp_servers.memory-hooks] in a way we do not edit. Fix or move it, then run ./install.sh again; nothing was changed.`,
    );
    expect(readFileSync(config, 'utf8')).toBe(inline);
  });
});

describe('memory doctor for Codex and Gemini CLI', () => {
  it('says Codex runs our hooks once installed, and which it skips when the trust is missing, stale or off', () => {
    const box = installBox();
    installInProcess(box, { agents: ['codex', 'gemini'] });
    const wanted = ourEntry(join(box.runtime, 'dist', 'commands', 'cli.js'), process.execPath);
    const config = join(box.home, '.codex', 'config.toml');
    const doctor = () => checkAgents(box.env, box.runtime, wanted).map((c) => `${c.status} ${c.message}`);
    expect(doctor()).toEqual([
      `ok Codex runs our 4 hooks (${join(box.home, '.codex', 'hooks.json')}, each trusted in ${config})`,
      `ok Codex has the MCP server memory-hooks (${config})`,
      `ok Gemini CLI runs our hooks (${join(box.home, '.gemini', 'settings.json')})`,
      `ok Gemini CLI has the MCP server memory-hooks (${join(box.home, '.gemini', 'settings.json')})`,
    ]);
    const trusted = readFileSync(config, 'utf8');
    write(config, trusted.replace(/(session_start:0:0"\]\ntrusted_hash = )"[^"]+"/, '$1"sha256:0"'));
    expect(doctor()[0]).toBe(
      'warn Codex skips 1 of our hooks without a word (SessionStart): trusted before their command changed (the trust is stale)',
    );
    write(config, '');
    expect(doctor().slice(0, 2)).toEqual([
      'warn Codex skips 4 of our hooks without a word (SessionStart, UserPromptSubmit, PostToolUse, Stop): not trusted yet',
      `warn the MCP server memory-hooks is not in ${config}: Codex has no search tool`,
    ]);
    write(config, trusted.replace(/(stop:0:0"\]\n)/, '$1enabled = false\n'));
    expect(doctor()[0]).toBe('warn Codex skips 1 of our hooks without a word (Stop): disabled in Codex');
  });

  it('says nothing of an agent whose files hold no hooks of ours', () => {
    const box = installBox();
    write(join(box.home, '.codex', 'hooks.json'), '{}');
    expect(checkAgents(box.env, box.runtime, ourEntry('/x/cli.js', process.execPath))).toEqual([]);
  });
});

describe('install for Gemini CLI: the MCP server in settings.json', () => {
  it('adds mcpServers["memory-hooks"] beside the servers there, idempotently, and takes out exactly it', () => {
    const box = installBox();
    const settings = join(box.home, '.gemini', 'settings.json');
    const theirs = '{\n  "mcpServers": {\n    "docs": { "command": "docs-server" }\n  }\n}\n';
    write(settings, theirs);
    installInProcess(box, { agents: ['gemini'] });
    const text = readFileSync(settings, 'utf8');
    const value = JSON.parse(text) as { mcpServers: Record<string, unknown> };
    expect(value.mcpServers).toEqual({
      docs: { command: 'docs-server' },
      'memory-hooks': {
        command: process.execPath,
        args: [...NODE_FLAGS, join(box.runtime, 'dist', 'commands', 'cli.js'), 'mcp'],
      },
    });
    installInProcess(box, { agents: ['gemini'] });
    expect(readFileSync(settings, 'utf8')).toBe(text);
    uninstallInProcess(box);
    expect(readFileSync(settings, 'utf8')).toBe(theirs);
  });
});

describe('install for Gemini CLI: the /mem custom command', () => {
  it('writes ~/.gemini/commands/mem.toml running our slash entry with the arguments, and uninstall removes it', () => {
    const box = installBox();
    mkdirSync(join(box.home, '.gemini'));
    installInProcess(box, { agents: ['gemini'] });
    const file = join(box.home, '.gemini', 'commands', 'mem.toml');
    const command = parse(readFileSync(file, 'utf8')) as { description: string; prompt: string };
    expect(command.prompt).toContain(
      `!{printf '%s' {{args}} | node ${join(box.runtime, 'dist', 'commands', '_slash.js')}}`,
    );
    expect(command.description).toBe('Search what coding agents did in earlier sessions (claude-memory-hooks)');
    uninstallInProcess(box);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(join(box.home, '.gemini', 'commands'))).toBe(false);
  });

  it('refuses to overwrite a mem.toml that is not ours, changing nothing', () => {
    const box = installBox();
    const file = join(box.home, '.gemini', 'commands', 'mem.toml');
    write(file, 'prompt = "my own"\n');
    expect(() => installInProcess(box, { agents: ['gemini'] })).toThrow(
      `${file} already exists and was not installed by claude-memory-hooks; pick another name with --command-name NAME. Nothing was changed.`,
    );
    expect(readFileSync(file, 'utf8')).toBe('prompt = "my own"\n');
    expect(existsSync(join(box.home, '.gemini', 'settings.json'))).toBe(false);
  });
});
