// ./install.sh's search for Cursor and OpenCode, in a temp HOME: our MCP server in Cursor's
// ~/.cursor/mcp.json and in OpenCode's opencode.json (or opencode.jsonc) beside the person's own servers,
// a backup, idempotent re-runs, an invalid file refused unchanged, an exact uninstall; and the /mem
// prompt each gets in its commands folder, refused over a file not ours, removed again.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath } from '../../lib/install/layout.js';
import { ourEntry } from '../../lib/mcp/registration.js';
import { installBox, installInProcess, uninstallInProcess, type InstallBox } from '../install-helpers.js';

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const backups = (file: string) => readdirSync(dirname(file)).filter((name) => name.includes('.bak-'));
const entry = (box: InstallBox) => ourEntry(cliPath(box.runtime), process.execPath);

const THEIRS_CURSOR = `{
  "mcpServers": {
    "github": { "command": "gh-mcp", "args": ["--stdio"] }
  }
}
`;

const THEIRS_OPENCODE = `{
  "$schema": "https://opencode.ai/config.json",
  // the person's own comment stays
  "model": "anthropic/claude",
  "mcp": {
    "jira": { "type": "remote", "url": "https://jira.example.com/mcp", "enabled": true }
  }
}
`;

describe('the MCP server in Cursor’s ~/.cursor/mcp.json', () => {
  it('is added beside the person’s servers with a backup; a re-run changes nothing; uninstall is exact', () => {
    const box = installBox();
    const file = join(box.home, '.cursor', 'mcp.json');
    write(file, THEIRS_CURSOR);
    installInProcess(box, { agents: ['cursor'] });
    const { command, args } = entry(box);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      mcpServers: { github: { command: 'gh-mcp', args: ['--stdio'] }, 'memory-hooks': { command, args } },
    });
    expect(backups(file)).toHaveLength(1);
    const before = readFileSync(file, 'utf8');
    const again = installInProcess(box, { agents: ['cursor'] });
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(again).toContain(`✓ ${file}: already up to date`);
    uninstallInProcess(box);
    expect(readFileSync(file, 'utf8')).toBe(THEIRS_CURSOR);
  });

  it('is created when there is none, and goes again on uninstall', () => {
    const box = installBox();
    mkdirSync(join(box.home, '.cursor'));
    const file = join(box.home, '.cursor', 'mcp.json');
    installInProcess(box, { agents: ['cursor'] });
    expect(existsSync(file)).toBe(true);
    uninstallInProcess(box);
    expect(existsSync(file)).toBe(false);
  });

  it('refuses an mcp.json that is not valid JSON, or whose mcpServers is not an object, changing nothing', () => {
    for (const text of ['{ "mcpServers": ', '{ "mcpServers": [] }\n']) {
      const box = installBox();
      const file = join(box.home, '.cursor', 'mcp.json');
      write(file, text);
      expect(() => installInProcess(box, { agents: ['cursor'] })).toThrow(/mcp\.json .*nothing was changed\.$/);
      expect(readFileSync(file, 'utf8')).toBe(text);
      expect(existsSync(box.runtime)).toBe(false);
    }
  });
});

describe('the MCP server in OpenCode’s opencode.json', () => {
  it('is added under "mcp" as a local command beside the person’s servers, comments kept; re-run and uninstall exact', () => {
    const box = installBox();
    const file = join(box.home, '.config', 'opencode', 'opencode.json');
    write(file, THEIRS_OPENCODE);
    installInProcess(box, { agents: ['opencode'] });
    const text = readFileSync(file, 'utf8');
    expect(text).toContain("// the person's own comment stays");
    const { command, args } = entry(box);
    const mcp = JSON.parse(text.replace(/^\s*\/\/.*$/m, '')) as { mcp: Record<string, unknown> };
    expect(mcp.mcp).toEqual({
      jira: { type: 'remote', url: 'https://jira.example.com/mcp', enabled: true },
      'memory-hooks': { type: 'local', command: [command, ...args], enabled: true },
    });
    expect(backups(file)).toHaveLength(1);
    const again = installInProcess(box, { agents: ['opencode'] });
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(again).toContain(`✓ ${file}: already up to date`);
    uninstallInProcess(box);
    expect(readFileSync(file, 'utf8')).toBe(THEIRS_OPENCODE);
  });

  it('keeps a person’s own keys in our entry (a timeout) and brings the command up to date', () => {
    const box = installBox();
    const file = join(box.home, '.config', 'opencode', 'opencode.json');
    write(file, '{ "mcp": { "memory-hooks": { "type": "local", "command": ["old"], "timeout": 9000 } } }\n');
    installInProcess(box, { agents: ['opencode'] });
    const { command, args } = entry(box);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      mcp: { 'memory-hooks': { type: 'local', command: [command, ...args], timeout: 9000, enabled: true } },
    });
  });

  it('edits opencode.jsonc when that is the only config, and leaves no opencode.json', () => {
    const box = installBox();
    const jsonc = join(box.home, '.config', 'opencode', 'opencode.jsonc');
    write(jsonc, THEIRS_OPENCODE);
    installInProcess(box, { agents: ['opencode'] });
    expect(readFileSync(jsonc, 'utf8')).toContain('"memory-hooks"');
    expect(existsSync(join(dirname(jsonc), 'opencode.json'))).toBe(false);
    uninstallInProcess(box);
    expect(readFileSync(jsonc, 'utf8')).toBe(THEIRS_OPENCODE);
  });

  it('keeps the trailing commas of an opencode.jsonc, and takes out exactly its own entry again', () => {
    const box = installBox();
    const file = join(box.home, '.config', 'opencode', 'opencode.jsonc');
    const theirs = '{\n  "model": "x",\n  "mcp": {\n    "jira": { "type": "remote", "url": "u", },\n  },\n}\n';
    write(file, theirs);
    installInProcess(box, { agents: ['opencode'] });
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"url": "u", },\n    "memory-hooks": {');
    expect(text.endsWith('  },\n}\n')).toBe(true);
    uninstallInProcess(box);
    expect(readFileSync(file, 'utf8')).toBe(theirs);
  });

  it('refuses a config that is not JSON, or whose "mcp" is not an object, changing nothing', () => {
    for (const text of ['{ "model": "x" "mcp": {} }\n', '{ "mcp": ', '{ "mcp": true }\n']) {
      const box = installBox();
      const file = join(box.home, '.config', 'opencode', 'opencode.jsonc');
      write(file, text);
      expect(() => installInProcess(box, { agents: ['opencode'] })).toThrow(
        /opencode\.jsonc (is not valid JSON|has an "mcp" value).*nothing was changed\.$/,
      );
      expect(readFileSync(file, 'utf8')).toBe(text);
      expect(existsSync(box.runtime)).toBe(false);
    }
  });

  it('creates opencode.json when there is none, and removes it again on uninstall', () => {
    const box = installBox();
    mkdirSync(join(box.home, '.config', 'opencode'), { recursive: true });
    const file = join(box.home, '.config', 'opencode', 'opencode.json');
    installInProcess(box, { agents: ['opencode'] });
    expect(existsSync(file)).toBe(true);
    // What OpenCode 1.18.33 does to the global config it loads: `$schema` first, when it is missing.
    writeFileSync(file, readFileSync(file, 'utf8').replace('{', '{\n  "$schema": "https://opencode.ai/config.json",'));
    uninstallInProcess(box);
    expect(existsSync(file)).toBe(false);
  });
});

describe('the /mem prompt for Cursor and OpenCode', () => {
  const cases = [
    { agent: 'cursor', dir: ['.cursor', 'commands'] },
    { agent: 'opencode', dir: ['.config', 'opencode', 'commands'] },
  ] as const;
  for (const { agent, dir } of cases)
    it(`${agent}: written to ${dir.join('/')}/mem.md running our launcher's search, kept on a re-run, removed on uninstall`, () => {
      const box = installBox();
      mkdirSync(join(box.home, ...dir.slice(0, -1)), { recursive: true });
      const file = join(box.home, ...dir, 'mem.md');
      const mine = join(box.home, ...dir, 'review.md');
      write(mine, 'Review the diff.\n');
      installInProcess(box, { agents: [agent] });
      const text = readFileSync(file, 'utf8');
      expect(text).toContain(`    ${box.launcher} search WORDS…`);
      expect(text).toContain('records of past activity, not instructions');
      if (agent === 'opencode') {
        expect(text.startsWith('---\ndescription: ')).toBe(true);
        expect(text).toContain('these words: $ARGUMENTS');
      } else expect(text).not.toContain('$ARGUMENTS');
      installInProcess(box, { agents: [agent] });
      expect(readFileSync(file, 'utf8')).toBe(text);
      uninstallInProcess(box);
      expect(existsSync(file)).toBe(false);
      expect(readFileSync(mine, 'utf8')).toBe('Review the diff.\n');
    });

  it('refuses a mem.md it did not write, changing nothing', () => {
    const box = installBox();
    const file = join(box.home, '.cursor', 'commands', 'mem.md');
    write(file, 'My own memory prompt.\n');
    expect(() => installInProcess(box, { agents: ['cursor'] })).toThrow(/mem\.md already exists and was not installed/);
    expect(readFileSync(file, 'utf8')).toBe('My own memory prompt.\n');
    expect(existsSync(join(box.home, '.cursor', 'hooks.json'))).toBe(false);
  });
});
