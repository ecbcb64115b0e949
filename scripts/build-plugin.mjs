// `npm run build:plugin`: writes the Claude Code plugin in plugin/ (or `--out DIR`) from the sources,
// after `npm run build` (it reuses the built page in dist/web and the hook list in dist/lib/install).
// Claude Code builds nothing when it installs a plugin: it copies the folder and runs
// `npm ci --ignore-scripts`, so everything the plugin runs is committed here, bundled:
//   .claude-plugin/plugin.json   the manifest
//   hooks/hooks.json             the five hooks, run with the user's `node` from ${CLAUDE_PLUGIN_ROOT}
//   commands/search.md           the search command (/mem:search)
//   .mcp.json                    the read-only MCP server (`memory mcp`)
//   bin/memory                   the `memory` command (on the PATH of the model's Bash tool)
//   dist/                        one CommonJS bundle per hook and command, the MCP bundle, the page
//   package.json                 whose only dependency is better-sqlite3 13 (prebuilt addons inside)
// package-lock.json is npm's (`npm install --package-lock-only` in plugin/), never written here.
// The bundles keep better-sqlite3 external, and lib/db/driver.ts checks the Node-API version before
// requiring it: better-sqlite3 13 on Node 20 is a segmentation fault, not an error.
import { build } from 'esbuild';
import { chmodSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleEntries, launchable, LAUNCHER, moduleUrlBanner, moduleUrls, builtinsOnCall } from './module-urls.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const outFlag = process.argv.indexOf('--out');
const OUT = outFlag === -1 ? join(ROOT, 'plugin') : resolve(process.argv[outFlag + 1] ?? '');

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const { HOOK_SPECS } = await import(pathToFileURL(join(DIST, 'lib', 'install', 'settings.js')).href);
const { PLUGIN_NAME, MARKETPLACE_NAME } = await import(pathToFileURL(join(DIST, 'lib', 'packaging.js')).href);

/** better-sqlite3 13 needs Node-API 10 (Node 22.14+, 23.6+). */
const ADDON_MIN_NAPI = 10;
const ADDON_RANGE = '^13.2.0';
/** Fixed (the plugin is the same file for everyone); long enough that no search text ends it by chance. */
const HEREDOC_END = 'CLAUDE_MEMORY_PLUGIN_ARGS_END_7f3c9a1e';
const ROOT_VAR = '${CLAUDE_PLUGIN_ROOT}';

// Only what this script writes is removed: package-lock.json and node_modules/ (npm's) stay.
for (const part of ['.claude-plugin', 'hooks', 'commands', 'bin', 'dist', '.mcp.json', 'package.json'])
  rmSync(join(OUT, part), { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  mainFields: ['module', 'main'],
  // better-sqlite3 comes from the plugin's node_modules (npm ci); pg-native is never used.
  external: ['better-sqlite3', 'pg-native'],
  define: { MEMORY_PLUGIN: 'true', MEMORY_ADDON_MIN_NAPI: String(ADDON_MIN_NAPI), MEMORY_HANDLER_BUNDLES: 'true' },
  // picocolors is loaded through createRequire in the runtime (a package beside the bundles); the
  // plugin has no such package, so here the plain `require` esbuild follows bundles it.
  plugins: [
    moduleUrls(ROOT, (source, text) =>
      source === 'commands/_format.ts'
        ? text.replace("createRequire(import.meta.url)('picocolors')", "require('picocolors')")
        : text,
    ),
    builtinsOnCall(ROOT),
  ],
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
};

const ENTRIES = bundleEntries({ runtime: false });
await build({
  ...common,
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([out, source]) => [out, join(ROOT, source)])),
  outdir: OUT,
  banner: { js: moduleUrlBanner(1) },
});
writeFileSync(join(OUT, 'dist', 'commands', 'cli.js'), LAUNCHER);
for (const cli of ['cli-main.js', 'search-main.js']) launchable(join(OUT, 'dist', 'commands', cli));
// The MCP server as `memory mcp` loads it (no V8 code cache: it belongs to one exact Node), and its
// team scope apart, required only when a search asks for the team (as scripts/bundle-mcp.mjs splits them).
const TEAM_BUNDLE = 'team-search.bundle.cjs';
await build({
  ...common,
  entryPoints: [join(ROOT, 'lib', 'mcp', 'server.ts')],
  outfile: join(OUT, 'dist', 'lib', 'mcp', 'server.bundle.cjs'),
  banner: { js: moduleUrlBanner(2) },
  // import() becomes require(): the bundle runs in a vm.Script, which has no ES module loader.
  supported: { 'dynamic-import': false },
  plugins: [
    ...common.plugins,
    {
      name: 'team-search-apart',
      setup(b) {
        b.onResolve({ filter: /^\.\/team-search\.js$/ }, () => ({ path: `./${TEAM_BUNDLE}`, external: true }));
      },
    },
  ],
});
await build({
  ...common,
  entryPoints: [join(ROOT, 'lib', 'mcp', 'team-search.ts')],
  outfile: join(OUT, 'dist', 'lib', 'mcp', TEAM_BUNDLE),
  banner: { js: moduleUrlBanner(2) },
});
cpSync(join(DIST, 'web'), join(OUT, 'dist', 'web'), { recursive: true });
for (const file of ['cli.js', '_slash.js']) chmodSync(join(OUT, 'dist', 'commands', file), 0o755);

const json = (path, value) => {
  mkdirSync(dirname(join(OUT, path)), { recursive: true });
  writeFileSync(join(OUT, path), `${JSON.stringify(value, null, 2)}\n`);
};

json('.claude-plugin/plugin.json', {
  name: PLUGIN_NAME,
  version: pkg.version,
  description:
    'Searchable memory of past Claude Code sessions: captures edits, commands and errors into ~/.claude/memory.db, starts each session with what happened last time, /mem:search, a read-only MCP server and the `memory` command.',
  author: { name: 'claude-memory-hooks contributors' },
  license: pkg.license,
  keywords: ['memory', 'hooks', 'sqlite', 'search', 'mcp'],
});

// Same events, matchers, async flags and timeouts as ./install.sh writes into settings.json.
const hooks = {};
for (const spec of HOOK_SPECS) {
  const handler = {
    type: 'command',
    command: `node "${ROOT_VAR}/dist/hooks/${spec.script}.js"`,
    ...(spec.async ? { async: true } : {}),
    timeout: spec.timeout,
  };
  (hooks[spec.event] ??= []).push({ ...(spec.matcher ? { matcher: spec.matcher } : {}), hooks: [handler] });
}
json('hooks/hooks.json', { description: 'claude-memory-hooks: capture, session summaries, the context block', hooks });

json('.mcp.json', {
  mcpServers: { 'memory-hooks': { command: 'node', args: [`${ROOT_VAR}/dist/commands/cli.js`, 'mcp'] } },
});

// The installed /mem command, run through `node` so it needs no executable bit after Claude Code's copy.
const template = readFileSync(join(ROOT, 'commands', 'memory.md'), 'utf8');
mkdirSync(join(OUT, 'commands'), { recursive: true });
writeFileSync(
  join(OUT, 'commands', 'search.md'),
  template.replaceAll('{{HELPER}}', `node ${ROOT_VAR}/dist/commands/_slash.js`).replaceAll('{{END}}', HEREDOC_END),
);

mkdirSync(join(OUT, 'bin'), { recursive: true });
writeFileSync(
  join(OUT, 'bin', 'memory'),
  `#!/bin/sh
# claude-memory-hooks plugin: the \`memory\` command. Claude Code puts this folder on the PATH of the
# model's Bash tool; for your own shell see the README ("Install as a Claude Code plugin").
self=$(readlink -f -- "$0" 2>/dev/null || printf '%s' "$0")
exec node "$(dirname -- "$self")/../dist/commands/cli.js" "$@"
`,
);
chmodSync(join(OUT, 'bin', 'memory'), 0o755);

json('package.json', {
  name: pkg.name,
  version: pkg.version,
  description: `The ${PLUGIN_NAME}@${MARKETPLACE_NAME} Claude Code plugin (built by npm run build:plugin; do not edit).`,
  private: true,
  type: 'commonjs',
  license: pkg.license,
  dependencies: { 'better-sqlite3': ADDON_RANGE },
});
