// Bundles the MCP server (our code, the SDK, zod) into one CommonJS file after tsc, then saves V8's
// code cache for it. Claude Code starts `memory mcp` once per session and waits for its
// `initialize` answer: loading the SDK as ~250 ES modules costs about twice what one cached file
// does. better-sqlite3 stays external (a native addon) and, being required inside the lazily loaded
// store, is not loaded before the first tool call. The search tool's team scope (and pg with it) is
// a second bundle beside the first, required only when a search asks for the team: bundled in, it
// made every start-up parse it (~190 KB).
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { BUNDLE_NAME } = await import(`${root}dist/lib/mcp/bundle.js`);
const { CACHE_SUFFIX, loadBundle } = await import(`${root}dist/lib/bundle.js`);
const bundle = `${root}dist/lib/mcp/${BUNDLE_NAME}`;

const TEAM_BUNDLE = 'team-search.bundle.cjs';
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // pg-native is pg's optional native client, which we never use (pg requires it only when asked to).
  external: ['better-sqlite3', 'pg-native'],
  // Whitespace and syntax only: identifiers stay readable in a stack trace.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
  // lib/db/driver.ts reaches for import.meta.url only where `require` is missing (ESM); a CommonJS bundle has it.
  logOverride: { 'empty-import-meta': 'silent' },
};

await build({
  ...common,
  entryPoints: [`${root}dist/lib/mcp/server.js`],
  outfile: bundle,
  // import() becomes require(): the bundle runs in a vm.Script, which has no ES module loader.
  supported: { 'dynamic-import': false },
  plugins: [
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
  entryPoints: [`${root}dist/lib/mcp/team-search.js`],
  outfile: `${root}dist/lib/mcp/${TEAM_BUNDLE}`,
});

// Run what start-up runs (module bodies, building the server and its tools) so the cache holds
// those functions compiled, then save it. No I/O happens here: the database opens on the first call.
const { exports, script } = loadBundle(bundle, false);
exports.createMemoryServer({ env: {}, cwd: root, version: '0.0.0', log: () => undefined });
writeFileSync(`${bundle}${CACHE_SUFFIX}`, script.createCachedData());
