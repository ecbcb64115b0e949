// Bundles the MCP server (our code, the SDK, zod) into one CommonJS file after tsc. Claude Code
// starts `memory mcp` once per session and waits for its `initialize` answer; loading the SDK as
// ~250 separate ES modules costs about twice what one parsed file does. better-sqlite3 stays
// external (a native addon) and, being required inside the lazily loaded store, is not loaded
// before the first tool call.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

await build({
  entryPoints: [`${root}dist/lib/mcp/server.js`],
  outfile: `${root}dist/lib/mcp/server.bundle.cjs`,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['better-sqlite3'],
  // Whitespace and syntax only: identifiers stay readable in a stack trace.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
});
