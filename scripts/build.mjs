// `npm run build`: empties dist/ (a file compiled from a since-deleted source must not live on in the
// runtime), compiles the TypeScript with tsc (tests and the bench run that output), bundles the MCP
// server (scripts/bundle-mcp.mjs) and the memory ui page (build:web), then bundles the runtime into
// dist/runtime/: one CommonJS file per hook and per command, better-sqlite3's addon, the MCP bundle
// and its code cache, the page, better-sqlite3 as a package (the MCP bundle requires it) and a
// package.json. dist/runtime/ is exactly what the installer copies to ~/.claude/hooks/memory.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CODE_CACHE_SUFFIX,
  hookLauncher,
  launchable,
  LAUNCHER,
  moduleUrlBanner,
  moduleUrls,
  builtinsOnCall,
  SCREENED_HOOKS,
  LAUNCHED_HOOKS,
  bundleEntries,
} from './module-urls.mjs';
import { trainCodeCaches } from './code-cache.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const RUNTIME = join(DIST, 'runtime');
const require = createRequire(import.meta.url);

// `--no-check` (npm test's pretest only, which runs `npm run typecheck` next over the same sources and
// more): tsc emits without type-checking, the same files in half the time. Any other build checks.
const NO_CHECK = process.argv.includes('--no-check');

rmSync(DIST, { recursive: true, force: true });
const tsc = spawnSync(
  process.execPath,
  [require.resolve('typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json'), ...(NO_CHECK ? ['--noCheck'] : [])],
  { cwd: ROOT, stdio: 'inherit' },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
const mcp = spawnSync(process.execPath, [join(ROOT, 'scripts', 'bundle-mcp.mjs')], { cwd: ROOT, stdio: 'inherit' });
if (mcp.status !== 0) process.exit(mcp.status ?? 1);
// `npm run build:web`'s bundle of the page, with the same options.
await build({
  entryPoints: [join(ROOT, 'web', 'main.ts')],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  legalComments: 'eof',
  outdir: join(DIST, 'web'),
  logLevel: 'warning',
});

// Same paths as the checkout's dist/ (dist/hooks/stop.js, dist/commands/cli.js), so settings.json
// entries, the launcher and the slash command name the same files in an old and a new runtime.
// Each hook starts through a launcher of its name that runs its bundle with its V8 code cache
// (scripts/module-urls.mjs). post-tool-use's and user-prompt-submit's bundles are screens: most of
// their events need nothing, and they load their handler bundle (with its cache) only when there is
// work (lib/hook/screened.ts). The detached daily cleanup is run directly.
const ENTRIES = bundleEntries({ runtime: true });

/** better-sqlite3's methods we never call resolve to a stub (scripts/better-sqlite3-unused.cjs). */
function unusedSqliteMethods() {
  return {
    name: 'better-sqlite3-unused-methods',
    setup(b) {
      b.onResolve({ filter: /^\.\/methods\/(?:backup|serialize|aggregate|table|inspect)$/ }, (args) =>
        /better-sqlite3[\\/]lib[\\/]database\.js$/.test(args.importer)
          ? { path: join(ROOT, 'scripts', 'better-sqlite3-unused.cjs') }
          : undefined,
      );
    },
  };
}

const bundled = await build({
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([out, source]) => [out, join(ROOT, source)])),
  outdir: RUNTIME,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // jsonc-parser's "main" is a UMD build whose inner requires esbuild cannot follow; its ESM build bundles.
  mainFields: ['module', 'main'],
  // better-sqlite3 finds its addon through `bindings`, which searches a dozen paths on every start:
  // the bundles load dist/better_sqlite3.node directly instead.
  alias: { bindings: join(ROOT, 'scripts', 'bindings-direct.cjs') },
  // picocolors is loaded lazily (only when there is colour to draw) through createRequire, which no
  // bundler follows: it stays a package next to the bundles.
  // pg-native is pg's optional native client, which we never use (pg requires it only when asked to).
  external: ['picocolors', 'pg-native'],
  // The screened hooks load their handlers as bundles (lib/hook/screened.ts).
  define: { MEMORY_HANDLER_BUNDLES: 'true' },
  plugins: [moduleUrls(ROOT), unusedSqliteMethods(), builtinsOnCall(ROOT)],
  banner: { js: moduleUrlBanner(1) },
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
// Which sources went into which bundle: the architecture test reads it (never copied to a runtime).
writeFileSync(join(DIST, 'bundle-meta.json'), JSON.stringify(bundled.metafile));
writeFileSync(join(RUNTIME, 'dist', 'commands', 'cli.js'), LAUNCHER, { mode: 0o755 });
for (const hook of LAUNCHED_HOOKS) {
  writeFileSync(join(RUNTIME, 'dist', 'hooks', `${hook}.js`), hookLauncher(hook), { mode: 0o755 });
  launchable(join(RUNTIME, 'dist', 'hooks', `${hook}.bundle.js`));
}
for (const handler of Object.values(SCREENED_HOOKS))
  launchable(join(RUNTIME, 'dist', 'hooks', `${handler}.handler.js`));
for (const cli of ['cli-main.js', 'search-main.js']) launchable(join(RUNTIME, 'dist', 'commands', cli));

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
// No "type": "module" here: the bundles are CommonJS, and the name is how the installer recognises a runtime.
writeFileSync(
  join(RUNTIME, 'package.json'),
  `${JSON.stringify({ name: pkg.name, version: pkg.version, description: pkg.description, license: pkg.license, private: true, type: 'commonjs' }, null, 2)}\n`,
);
copyFileSync(
  require.resolve('better-sqlite3/build/Release/better_sqlite3.node'),
  join(RUNTIME, 'dist', 'better_sqlite3.node'),
);
const picocolors = join(RUNTIME, 'node_modules', 'picocolors');
mkdirSync(picocolors, { recursive: true });
for (const file of ['package.json', 'picocolors.js', 'LICENSE'])
  copyFileSync(join(dirname(require.resolve('picocolors/package.json')), file), join(picocolors, file));
// The MCP bundle (loaded by `memory mcp` from dist/lib/mcp/) with its V8 code cache and the team
// scope's bundle it requires on demand, and the page `memory ui` serves from dist/web/.
mkdirSync(join(RUNTIME, 'dist', 'lib', 'mcp'), { recursive: true });
for (const file of ['server.bundle.cjs', 'server.bundle.cjs.v8-cache', 'team-search.bundle.cjs'])
  copyFileSync(join(DIST, 'lib', 'mcp', file), join(RUNTIME, 'dist', 'lib', 'mcp', file));
cpSync(join(DIST, 'web'), join(RUNTIME, 'dist', 'web'), { recursive: true });
// The MCP bundle keeps better-sqlite3 external (a native addon): it requires the package, which
// finds its addon through `bindings`.
for (const [name, files] of [
  ['better-sqlite3', ['package.json', 'LICENSE', 'lib', 'build/Release/better_sqlite3.node']],
  ['bindings', ['package.json', 'LICENSE.md', 'bindings.js']],
  ['file-uri-to-path', ['package.json', 'LICENSE', 'index.js']],
]) {
  const from = dirname(require.resolve(`${name}/package.json`));
  for (const file of files) cpSync(join(from, file), join(RUNTIME, 'node_modules', name, file), { recursive: true });
}

trainCodeCaches({
  runtime: join(RUNTIME, 'dist'),
  hooks: LAUNCHED_HOOKS,
  suffix: CODE_CACHE_SUFFIX,
});
