// `npm run build`: bundles every executable of lib/runtime/executables.ts with esbuild into dist/runtime/, the
// folder ./install.sh copies to ~/.claude/hooks/memory. `npm run build:plugin` (this script with
// --plugin [--out DIR]) writes the same bundles into the Claude Code plugin (plugin/), with the files
// Claude Code reads there — all derived from the same list. Compiled by tsc like the rest, run from dist/.
//
// Each executable is two files: <name>.js, lib/runtime/start.ts (turns on Node's compile cache, then loads the
// other), and <name>.main.js, its bundle. better-sqlite3 stays a package beside the bundles: a native
// addon cannot be bundled, and the plugin takes a prebuilt one from npm (Claude Code runs
// `npm ci --ignore-scripts` in a plugin's folder and builds nothing).
import { build, type BuildOptions } from 'esbuild';
import { chmodSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  bundlePath,
  CLI_BUNDLE,
  EXECUTABLES,
  HOOK_SPECS,
  MCP_ARGS,
  NODE_COMMAND,
  NODE_FLAGS,
  type Executable,
} from '../lib/runtime/executables.js';
import { MCP_SERVER_NAME } from '../lib/mcp/registration.js';
import { MARKETPLACE_NAME, PLUGIN_NAME } from '../lib/runtime/packaging.js';

/** The checkout: this file runs as dist/scripts/build.js. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, string>;

/** better-sqlite3 13 ships prebuilt addons and needs Node-API 10 (Node 22.14+): lib/db/driver.ts checks. */
const PLUGIN_ADDON_RANGE = '^13.2.0';
/** Fixed (the plugin is the same file for everyone); long enough that no search text ends it by chance. */
const HEREDOC_END = 'CLAUDE_MEMORY_PLUGIN_ARGS_END_7f3c9a1e';
const PLUGIN_ROOT_VAR = '${CLAUDE_PLUGIN_ROOT}';

/** The one configuration every executable is bundled with, for the runtime and the plugin alike. */
const NODE_BUNDLES: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // jsonc-parser's "main" is a UMD build whose inner requires esbuild cannot follow; its ESM build bundles.
  mainFields: ['module', 'main'],
  // better-sqlite3: a native addon, a package beside the bundles. pg-native: pg's optional native
  // client, never used. The start file loads its bundle by a path it computes.
  external: ['better-sqlite3', 'pg-native'],
  // The sources are ES modules and find their own files through import.meta.url; a CommonJS bundle
  // has no import.meta, so each bundle states its own file's URL once and esbuild reads it there.
  define: { 'import.meta.url': 'bundleFileUrl' },
  banner: { js: 'var bundleFileUrl=require("node:url").pathToFileURL(__filename).href;' },
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
};

/** The page `memory ui` serves: one ES module for the browser and its stylesheet. */
const PAGE_BUNDLE: BuildOptions = {
  entryPoints: [join(ROOT, 'web', 'main.ts')],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  legalComments: 'eof',
  logLevel: 'warning',
};

async function bundleExecutables(out: string, executables: readonly Executable[], metaFile?: string): Promise<void> {
  const entryPoints: Record<string, string> = {};
  for (const executable of executables) {
    const file = bundlePath(executable).slice(0, -'.js'.length);
    entryPoints[file] = join(ROOT, 'lib', 'runtime', 'start.ts');
    entryPoints[`${file}.main`] = join(ROOT, executable.source);
  }
  const result = await build({ ...NODE_BUNDLES, entryPoints, outdir: out });
  if (metaFile) writeFileSync(metaFile, JSON.stringify(result.metafile));
  for (const executable of executables) chmodSync(join(out, bundlePath(executable)), 0o755);
  await build({ ...PAGE_BUNDLE, outdir: join(out, 'dist', 'web') });
}

function writeJson(out: string, path: string, value: unknown): void {
  mkdirSync(dirname(join(out, path)), { recursive: true });
  writeFileSync(join(out, path), `${JSON.stringify(value, null, 2)}\n`);
}

/** dist/runtime/: the bundles, and better-sqlite3 as the package they require (built for this Node). */
async function buildRuntime(out: string): Promise<void> {
  rmSync(out, { recursive: true, force: true });
  // Which sources went into which bundle: the architecture test reads it (never copied anywhere).
  await bundleExecutables(out, EXECUTABLES, join(ROOT, 'dist', 'bundle-meta.json'));
  // No "type": "module" here: the bundles are CommonJS; the name is how the installer recognises a runtime.
  const { name, version, description, license } = pkg;
  writeJson(out, 'package.json', { name, version, description, license, private: true, type: 'commonjs' });
  for (const [dependency, files] of [
    ['better-sqlite3', ['package.json', 'LICENSE', 'lib', 'build/Release/better_sqlite3.node']],
    ['bindings', ['package.json', 'LICENSE.md', 'bindings.js']],
    ['file-uri-to-path', ['package.json', 'LICENSE', 'index.js']],
  ] as const) {
    const from = dirname(require.resolve(`${dependency}/package.json`));
    for (const file of files)
      cpSync(join(from, file), join(out, 'node_modules', dependency, file), { recursive: true });
  }
}

/** The plugin's folder: the same bundles, and what Claude Code reads in a plugin, from the same list. */
async function buildPlugin(out: string): Promise<void> {
  // Only what this writes is removed: package-lock.json and node_modules/ are npm's.
  for (const part of ['.claude-plugin', 'hooks', 'commands', 'bin', 'dist', '.mcp.json', 'package.json'])
    rmSync(join(out, part), { recursive: true, force: true });
  await bundleExecutables(
    out,
    EXECUTABLES.filter((executable: Executable) => !executable.installOnly),
  );
  writeJson(out, '.claude-plugin/plugin.json', {
    name: PLUGIN_NAME,
    version: pkg['version'],
    description:
      'Searchable memory of past Claude Code sessions: captures edits, commands and errors into ~/.claude/memory.db, starts each session with what happened last time, /mem:search, a read-only MCP server and the `memory` command.',
    author: { name: 'claude-memory-hooks contributors' },
    license: pkg['license'],
    keywords: ['memory', 'hooks', 'sqlite', 'search', 'mcp'],
  });
  // The same events, matchers, async flags and timeouts as ./install.sh writes into settings.json.
  const hooks: Record<string, unknown[]> = {};
  for (const spec of HOOK_SPECS) {
    const handler = {
      type: 'command',
      command: `${NODE_COMMAND} "${PLUGIN_ROOT_VAR}/${bundlePath({ folder: 'hooks', name: spec.script })}"`,
      ...(spec.async ? { async: true } : {}),
      timeout: spec.timeout,
    };
    (hooks[spec.event] ??= []).push({ ...(spec.matcher ? { matcher: spec.matcher } : {}), hooks: [handler] });
  }
  writeJson(out, 'hooks/hooks.json', {
    description: 'claude-memory-hooks: capture, session summaries, the context block',
    hooks,
  });
  writeJson(out, '.mcp.json', {
    mcpServers: {
      [MCP_SERVER_NAME]: { command: 'node', args: [...NODE_FLAGS, `${PLUGIN_ROOT_VAR}/${CLI_BUNDLE}`, ...MCP_ARGS] },
    },
  });
  // The /mem:search command, run through `node` so it needs no executable bit after Claude Code's copy.
  const template = readFileSync(join(ROOT, 'commands', 'memory.md'), 'utf8');
  mkdirSync(join(out, 'commands'), { recursive: true });
  writeFileSync(
    join(out, 'commands', 'search.md'),
    template
      .replaceAll('{{HELPER}}', `node ${PLUGIN_ROOT_VAR}/${bundlePath({ folder: 'commands', name: '_slash' })}`)
      .replaceAll('{{END}}', HEREDOC_END),
  );
  // `memory` on the PATH of the model's Bash tool (Claude Code adds a plugin's bin/).
  mkdirSync(join(out, 'bin'), { recursive: true });
  writeFileSync(
    join(out, 'bin', 'memory'),
    readFileSync(join(ROOT, 'commands', 'plugin-bin.sh'), 'utf8').replaceAll('{{NODE}}', NODE_COMMAND),
  );
  chmodSync(join(out, 'bin', 'memory'), 0o755);
  writeJson(out, 'package.json', {
    name: pkg['name'],
    version: pkg['version'],
    description: `The ${PLUGIN_NAME}@${MARKETPLACE_NAME} Claude Code plugin (built by npm run build:plugin; do not edit).`,
    private: true,
    type: 'commonjs',
    license: pkg['license'],
    dependencies: { 'better-sqlite3': PLUGIN_ADDON_RANGE },
  });
}

const args = process.argv.slice(2);
const outFlag = args.indexOf('--out');
if (args.includes('--plugin'))
  await buildPlugin(outFlag === -1 ? join(ROOT, 'plugin') : resolve(args[outFlag + 1] ?? ''));
else await buildRuntime(outFlag === -1 ? join(ROOT, 'dist', 'runtime') : resolve(args[outFlag + 1] ?? ''));
