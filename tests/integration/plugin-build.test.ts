// The committed plugin (plugin/) is what Claude Code installs and runs as it is: it must be exactly
// what `npm run build:plugin` makes from the sources of this commit, with a lockfile that agrees with
// its package.json, and a marketplace at the repository root that points at it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers.js';

const PLUGIN = join(ROOT, 'plugin');
/** Written by npm, not by the build; node_modules/ is npm ci's, never committed. */
const NOT_BUILT = new Set(['package-lock.json']);

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((path) => !path.startsWith('node_modules/') && !NOT_BUILT.has(path))
    .sort();
}

const json = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

describe('the committed plugin', () => {
  it('is exactly what npm run build:plugin makes now (run it and commit plugin/ when this fails)', () => {
    const fresh = tempDir('cmh-plugin-');
    const built = spawnSync(process.execPath, [join(ROOT, 'dist', 'scripts', 'build.js'), '--plugin', '--out', fresh], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    expect(files(PLUGIN)).toEqual(files(fresh));
    for (const file of files(fresh)) {
      expect(readFileSync(join(PLUGIN, file), 'utf8'), `plugin/${file} differs from a fresh build`).toBe(
        readFileSync(join(fresh, file), 'utf8'),
      );
      expect(statSync(join(PLUGIN, file)).mode & 0o111, `plugin/${file}: executable bit`).toBe(
        statSync(join(fresh, file)).mode & 0o111,
      );
    }
    // What git will hand to Claude Code: every built file is tracked or about to be (not ignored).
    const ignored = spawnSync('git', ['check-ignore', '--no-index', ...files(fresh).map((file) => `plugin/${file}`)], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(ignored.stdout.trim()).toBe('');
  });

  it('has a lockfile that matches its package.json, with better-sqlite3 13 as the only runtime dependency', () => {
    const pkg = json(join(PLUGIN, 'package.json'));
    const lock = json(join(PLUGIN, 'package-lock.json')) as {
      name: string;
      version: string;
      packages: Record<string, { version?: string; dependencies?: Record<string, string> }>;
    };
    expect(Object.keys(pkg['dependencies'] as object)).toEqual(['better-sqlite3']);
    expect(lock.name).toBe(pkg['name']);
    expect(lock.version).toBe(pkg['version']);
    expect(lock.packages['']?.dependencies).toEqual(pkg['dependencies']);
    expect(lock.packages['node_modules/better-sqlite3']?.version).toMatch(/^13\./);
    expect(json(join(PLUGIN, '.claude-plugin', 'plugin.json'))['version']).toBe(
      json(join(ROOT, 'package.json'))['version'],
    );
  });

  it('is offered by the marketplace at the repository root, from a relative source', () => {
    const market = json(join(ROOT, '.claude-plugin', 'marketplace.json')) as {
      name: string;
      plugins: Array<{ name: string; source: unknown }>;
    };
    expect(market.plugins).toHaveLength(1);
    const entry = market.plugins[0] as { name: string; source: unknown };
    expect(entry.source).toBe('./plugin');
    expect(entry.name).toBe(json(join(PLUGIN, '.claude-plugin', 'plugin.json'))['name']);
  });

  it('registers the five hooks with ${CLAUDE_PLUGIN_ROOT} paths to bundles it holds', () => {
    const hooks = (
      json(join(PLUGIN, 'hooks', 'hooks.json')) as {
        hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>>;
      }
    ).hooks;
    expect(Object.keys(hooks).sort()).toEqual([
      'PostToolUse',
      'PostToolUseFailure',
      'SessionStart',
      'Stop',
      'UserPromptSubmit',
    ]);
    for (const groups of Object.values(hooks)) {
      for (const { command } of groups.flatMap((group) => group.hooks)) {
        const script = /^node --disable-warning=ExperimentalWarning "\$\{CLAUDE_PLUGIN_ROOT\}\/(.+)"$/.exec(
          command,
        )?.[1];
        expect(script, command).toBeDefined();
        expect(existsSync(join(PLUGIN, script as string)), command).toBe(true);
      }
    }
    const mcp = json(join(PLUGIN, '.mcp.json')) as { mcpServers: Record<string, { args: string[] }> };
    expect(
      existsSync(
        join(PLUGIN, (mcp.mcpServers['memory-hooks']?.args.at(-2) ?? '').replace('${CLAUDE_PLUGIN_ROOT}/', '')),
      ),
    ).toBe(true);
  });
});
