// Shared by the runtime build (scripts/build.mjs) and the plugin build (scripts/build-plugin.mjs).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * Gives each of our modules the import.meta.url its tsc output has under dist/ (lib/team/auto-push.ts
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
        const text = rewrite(source, readFileSync(args.path, 'utf8'));
        return { contents: text.replaceAll('import.meta.url', `dist_module_url(${compiled})`), loader: 'ts' };
      });
    },
  };
}

/** The banner defining dist_module_url for a bundle `depth` folders below dist/ (dist/hooks/x.js: 1). */
export function moduleUrlBanner(depth) {
  const up = Array.from({ length: depth }, () => "'..'").join(', ');
  return `'use strict';\nconst dist_module_url = (file) => require('node:url').pathToFileURL(require('node:path').join(__dirname, ${up}, file)).href;`;
}

// The runtime's `memory` command: Claude Code starts `memory mcp` once per session and waits for its
// first answer, so that exact command line loads the MCP server alone (mcp-serve.js); everything else
// is the CLI (cli-main.js). Written by the build, not bundled: it is these lines and nothing more.
export const LAUNCHER = `#!/usr/bin/env node
'use strict';
// \`memory\`: \`memory mcp\` (as Claude Code starts it) loads the MCP server alone; the rest is the CLI.
const args = process.argv.slice(2);
require(args.length === 1 && args[0] === 'mcp' ? './mcp-serve.js' : './cli-main.js');
`;
