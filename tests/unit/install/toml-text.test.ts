// Codex's config.toml edited as text: our table in, replaced or out, every other byte as it was, and a
// file that defines our table some other way refused rather than half-understood.
import { describe, expect, it } from 'vitest';
import { parseToml, removeTable, setTable, TomlEditRefused } from '../../../lib/install/toml-text.js';

const THEIRS = `# my codex
model = "o4"

[projects."/work/x"]
trust_level = "trusted"

[mcp_servers.other]
command = "other-server"
`;

describe('config.toml edits', () => {
  it('appends our table after everything else and takes it out again byte for byte', () => {
    const edited = setTable(THEIRS, ['mcp_servers', 'memory-hooks'], {
      command: '/usr/bin/node',
      args: ['cli.js', 'mcp'],
    });
    expect(edited).toBe(
      `${THEIRS}\n[mcp_servers.memory-hooks]\ncommand = "/usr/bin/node"\nargs = [ "cli.js", "mcp" ]\n`,
    );
    expect(removeTable(edited, ['mcp_servers', 'memory-hooks'])).toBe(THEIRS);
  });

  it('rewrites our table where it stands, keeping the tables after it', () => {
    const text = `[hooks.state."/h/.codex/hooks.json:stop:0:0"]\ntrusted_hash = "sha256:old"\n\n# theirs\n[tui]\nx = 1\n`;
    expect(setTable(text, ['hooks', 'state', '/h/.codex/hooks.json:stop:0:0'], { trusted_hash: 'sha256:new' })).toBe(
      `[hooks.state."/h/.codex/hooks.json:stop:0:0"]\ntrusted_hash = "sha256:new"\n\n# theirs\n[tui]\nx = 1\n`,
    );
  });

  it('writes into an empty file, and an empty file is an empty table', () => {
    expect(setTable('', ['a'], { b: true })).toBe('[a]\nb = true\n');
    expect(parseToml('')).toEqual({ ok: true, value: {} });
  });

  it('refuses a file that is not TOML, naming the problem', () => {
    expect(parseToml('model = ')).toMatchObject({ ok: false, reason: expect.stringMatching(/^is not valid TOML/) });
    expect(() => setTable('model = ', ['a'], { b: 1 })).toThrow(TomlEditRefused);
  });

  it('refuses our table defined inline or by dotted keys instead of touching it', () => {
    const inline = `mcp_servers = { memory-hooks = { command = "x" } }\n`;
    expect(() => setTable(inline, ['mcp_servers', 'memory-hooks'], { command: 'y' })).toThrow(
      'defines [mcp_servers.memory-hooks] in a way we do not edit',
    );
    const dotted = `[mcp_servers]\nmemory-hooks.command = "x"\n`;
    expect(() => setTable(dotted, ['mcp_servers', 'memory-hooks'], { command: 'y' })).toThrow(TomlEditRefused);
  });

  it('leaves a file without our table as it is', () => {
    expect(removeTable(THEIRS, ['mcp_servers', 'memory-hooks'])).toBe(THEIRS);
  });
});
