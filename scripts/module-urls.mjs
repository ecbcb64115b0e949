// Shared by the runtime build (scripts/build.mjs) and the plugin build (scripts/build-plugin.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * Gives each of our modules the import.meta.url (and import.meta.dirname) its tsc output has under dist/ (lib/team/auto-push.ts
 * → <runtime>/dist/lib/team/auto-push.js), so paths it builds relative to itself (the CLI, the cleanup
 * script, the runtime root, picocolors through createRequire) land on the same files in a bundle.
 * `rewrite(source, text)` may change a module's text further (the plugin build uses it).
 */
export function moduleUrls(root, rewrite = (_source, text) => text) {
  return {
    name: 'module-urls',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const source = relative(root, args.path);
        if (source.startsWith('node_modules/')) return undefined;
        const compiled = JSON.stringify(source.replace(/\.ts$/, '.js'));
        const folder = JSON.stringify(dirname(source));
        const text = rewrite(source, readFileSync(args.path, 'utf8'));
        return {
          contents: text
            .replaceAll('import.meta.url', `dist_module_url(${compiled})`)
            .replaceAll('import.meta.dirname', `dist_module_dir(${folder})`),
          loader: 'ts',
        };
      });
    },
  };
}

/**
 * Node's modules the bundles load on their first call, through a stand-in in scripts/: node:module
 * only from our sources (a package may use more of it than createRequire), node:child_process from
 * every importer (commander requires it at the top).
 */
const ON_CALL = [
  { filter: /^node:module$/, shim: 'node-module-on-call.cjs', packages: false },
  { filter: /^node:child_process$/, shim: 'child-process-on-call.mjs', packages: true },
];

/** Resolves each module of ON_CALL to its stand-in (which itself requires the real one). */
export function builtinsOnCall(root) {
  return {
    name: 'builtins-on-call',
    setup(b) {
      for (const { filter, shim, packages } of ON_CALL)
        b.onResolve({ filter }, (args) =>
          args.importer.endsWith(shim) || (!packages && args.importer.includes(`${root}/node_modules/`))
            ? undefined
            : { path: join(root, 'scripts', shim) },
        );
    },
  };
}

/**
 * The banner defining dist_module_url and dist_module_dir for a bundle `depth` folders below dist/
 * (dist/hooks/x.js: 1). dist_module_dir is import.meta.dirname's stand-in: a path, with no URL work
 * (node:url and a URL parse cost ~0.6 ms where only a file next door is wanted).
 */
export function moduleUrlBanner(depth) {
  const up = Array.from({ length: depth }, () => "'..'").join(', ');
  return `'use strict';\nconst dist_module_url = (file) => require('node:url').pathToFileURL(require('node:path').join(__dirname, ${up}, file)).href;\nconst dist_module_dir = (folder) => require('node:path').join(__dirname, ${up}, folder);`;
}

// V8 code caches of the runtime's bundles. Claude Code starts a new Node for every hook, and parsing
// and compiling a 130 KB bundle is ~5 ms of each start (a quarter of what a hook costs over the
// floor). The build runs each bundle once on a sample event (scripts/code-cache-train.mjs) and saves
// the compiled code beside it; the file Claude Code runs is a launcher that compiles the bundle with
// that cache. V8 rejects a cache from another Node, V8 or set of flags, and the bundle then compiles
// as it would have anyway. The wrapper is Node's CommonJS wrapper, byte for byte the same as the
// training's (lib/bundle.ts wrapCommonJs, checked by tests/integration/code-cache.test.ts), since
// V8 matches a cache to the exact text.
export const WRAP_HEAD = '(function (exports, require, module, __filename, __dirname) {';
export const WRAP_TAIL = '\n})';
export const CODE_CACHE_SUFFIX = '.v8-cache';

/**
 * JavaScript that runs a bundle in the same folder (`name`: a JavaScript expression for its file
 * name) with its code cache when there is one, as `require` would run it.
 */
function runCached(name) {
  return `const { readFileSync } = require('node:fs');
const file = __dirname + '/' + (${name});
let cachedData;
try {
  cachedData = readFileSync(file + '${CODE_CACHE_SUFFIX}');
} catch {}
const wrapped = ${JSON.stringify(WRAP_HEAD)} + readFileSync(file, 'utf8') + ${JSON.stringify(WRAP_TAIL)};
new (require('node:vm').Script)(wrapped, { filename: file, cachedData }).runInThisContext()(exports, require, module, file, __dirname);`;
}

/**
 * The hooks that screen their input and load their handler bundle, dist/hooks/<handler>.handler.js
 * built from lib/hook/<handler>.ts, only when there is work (lib/hook/screened.ts). Hook → handler.
 */
export const SCREENED_HOOKS = { 'post-tool-use': 'on-tool-use', 'user-prompt-submit': 'on-prompt' };

/**
 * Every hook Claude Code waits on. In a runtime each starts through a launcher of its name
 * (hookLauncher) that runs `<hook>.bundle.js` with its code cache: a screened hook's bundle is only
 * its screen, and even that is cheaper from a cache (~0.3–0.8 ms of a skipped event, which is most
 * of them) than parsed and compiled on every start, node:vm's load included.
 */
export const LAUNCHED_HOOKS = ['stop', 'session-start', ...Object.keys(SCREENED_HOOKS)];

/**
 * Every bundle a build makes, output path (without .js) → source, for the runtime (install.sh's
 * copy) and the plugin alike. They differ in two ways: a runtime's hooks are `<hook>.bundle.js`
 * behind a launcher (the plugin runs its bundles directly, without code caches),
 * and only a runtime carries the installer.
 */
export function bundleEntries({ runtime }) {
  return {
    ...Object.fromEntries(
      LAUNCHED_HOOKS.map((hook) => [`dist/hooks/${hook}${runtime ? '.bundle' : ''}`, `hooks/${hook}.ts`]),
    ),
    ...Object.fromEntries(
      Object.values(SCREENED_HOOKS).map((handler) => [`dist/hooks/${handler}.handler`, `lib/hook/${handler}.ts`]),
    ),
    'dist/hooks/_cleanup': 'hooks/_cleanup.ts',
    'dist/commands/cli-main': 'commands/cli.ts',
    'dist/commands/mcp-serve': 'commands/mcp-serve.ts',
    'dist/commands/search-main': 'commands/search-main.ts',
    'dist/commands/_slash': 'commands/_slash.ts',
    ...(runtime ? { 'dist/commands/_install': 'commands/_install.ts' } : {}),
  };
}

/** What Claude Code runs for hook `name`: its bundle, `<name>.bundle.js`, with the bundle's code cache. */
export function hookLauncher(name) {
  return `#!/usr/bin/env node
'use strict';
// The ${name} hook: runs ./${name}.bundle.js with the V8 code cache the build saved beside it
// (scripts/module-urls.mjs). A hook never hurts Claude Code: a bundle that cannot load is one line, exit 0.
try {
${runCached(`'${name}.bundle.js'`).replace(/^/gm, '  ')}
} catch (error) {
  process.stderr.write('[memory-hook] ${name}: cannot load the hook (' + String(error && error.message).split('\\n')[0] + ')\\n');
  process.exitCode = 0;
}
`;
}

// The runtime's `memory` command: Claude Code starts `memory mcp` once per session and waits for its
// first answer, so that exact command line loads the MCP server alone (mcp-serve.js); `memory search`
// with words and no flags (what /mem and most people run) compiles the search alone (search-main.js,
// the same test as commands/cli.ts's path for it); everything else is the CLI (cli-main.js). The
// bundles run with their code cache where the build saved one (the runtime, not the plugin: a cache
// belongs to one exact Node). Written by the build, not bundled: it is these lines and nothing more.
export const LAUNCHER = `#!/usr/bin/env node
'use strict';
// \`memory\`: \`memory mcp\` (as Claude Code starts it) loads the MCP server alone, \`memory search words\`
// the search alone; the rest is the CLI.
const args = process.argv.slice(2);
if (args.length === 1 && args[0] === 'mcp') require('./mcp-serve.js');
else {
  const plainSearch = args[0] === 'search' && args.length > 1 && args.every((word) => !word.startsWith('-'));
${runCached("plainSearch ? 'search-main.js' : 'cli-main.js'").replace(/^/gm, '  ')}
}
`;

/**
 * Turns a bundle's `#!` line (esbuild keeps the entry's) into a comment of the same length: a
 * launcher compiles the bundle inside a function wrapper, where `#!` is a syntax error.
 */
export function launchable(file) {
  const text = readFileSync(file, 'utf8');
  if (text.startsWith('#!')) writeFileSync(file, `//${text.slice(2)}`);
}
