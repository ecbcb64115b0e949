// A stand-in `claude` executable for install tests: it records every invocation (argv as one JSON
// line in $HOME/claude-calls.jsonl) and keeps `claude mcp add/remove/get --scope user` state in
// .claude.json exactly as Claude Code 2.1.330 writes it (checked by hand against the real CLI:
// `mcpServers.<name> = { type: "stdio", command, args, env: {} }`, `add` of an existing name exits 1).
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SCRIPT = `#!/usr/bin/env node
const fs = require('fs');
const path = require('path');
const home = process.env.HOME;
const args = process.argv.slice(2);
fs.appendFileSync(path.join(home, 'claude-calls.jsonl'), JSON.stringify(args) + '\\n');
if (process.env.FAKE_CLAUDE_FAIL) { process.stderr.write('fake claude: refusing on purpose\\n'); process.exit(1); }
const file = process.env.CLAUDE_CONFIG_DIR ? path.join(process.env.CLAUDE_CONFIG_DIR, '.claude.json') : path.join(home, '.claude.json');
const load = () => { try { return JSON.parse(fs.readFileSync(file, 'utf8')); } catch { return {}; } };
const save = (config) => { fs.mkdirSync(path.dirname(file), { recursive: true }); fs.writeFileSync(file, JSON.stringify(config, null, 2)); };
const [group, action] = args;
const rest = args.slice(2);
const scopeAt = rest.findIndex((a) => a === '--scope' || a === '-s');
const scope = scopeAt === -1 ? 'local' : rest[scopeAt + 1];
const plain = rest.filter((_, i) => scopeAt === -1 || (i !== scopeAt && i !== scopeAt + 1));
if (group !== 'mcp' || scope !== 'user' && action !== 'get') { process.stderr.write('fake claude: unsupported ' + args.join(' ') + '\\n'); process.exit(2); }
const config = load();
const servers = config.mcpServers || {};
if (action === 'add') {
  const dash = plain.indexOf('--');
  const name = plain[0];
  if (servers[name]) { process.stderr.write('MCP server ' + name + ' already exists in user config\\n'); process.exit(1); }
  servers[name] = { type: 'stdio', command: plain[dash + 1], args: plain.slice(dash + 2), env: {} };
  save({ ...config, mcpServers: servers });
  process.stdout.write('Added stdio MCP server ' + name + ' to user config\\n');
} else if (action === 'remove') {
  const name = plain[0];
  if (!servers[name]) { process.stderr.write('No MCP server named "' + name + '" in user scope\\n'); process.exit(1); }
  delete servers[name];
  save({ ...config, mcpServers: servers });
  process.stdout.write('Removed MCP server ' + name + ' from user config\\n');
} else if (action === 'get') {
  const name = plain[0];
  if (!servers[name]) { process.stderr.write('No MCP server named "' + name + '".\\n'); process.exit(1); }
  process.stdout.write(name + ':\\n  Scope: User config\\n');
} else { process.exit(2); }
`;

/** Writes the fake `claude` into `dir` (created) and returns that directory, to put first on PATH. */
export function fakeClaudeBin(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'claude');
  writeFileSync(path, SCRIPT);
  chmodSync(path, 0o755);
  return dir;
}

/** Every recorded `claude` invocation, oldest first. */
export function claudeCalls(home: string): string[][] {
  try {
    return readFileSync(join(home, 'claude-calls.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as string[]);
  } catch {
    return [];
  }
}

/** The user-scope MCP servers the fake (or the real CLI) wrote. */
export function userMcpServers(home: string): Record<string, { command: string; args: string[] }> {
  try {
    return (
      (
        JSON.parse(readFileSync(join(home, '.claude.json'), 'utf8')) as {
          mcpServers?: Record<string, { command: string; args: string[] }>;
        }
      ).mcpServers ?? {}
    );
  } catch {
    return {};
  }
}
