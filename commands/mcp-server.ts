// The MCP server Claude Code starts once per session (`memory mcp`, as install.sh and the plugin
// register it): lib/mcp/server.ts over stdio. An executable of its own, so that no other command
// loads the MCP SDK and its schema libraries.
import { loadConfig } from '../lib/config/config.js';
import { failWith } from '../lib/runtime/exit.js';
import { withDamageHint } from '../lib/faults/faults.js';
import { serveStdio } from '../lib/mcp/server.js';
import { ownVersion } from '../lib/runtime/own-files.js';

// A plain call, not a top-level await: the bundles are CommonJS.
serveStdio({
  env: process.env,
  cwd: process.cwd(),
  version: ownVersion(),
  log: (line) => process.stderr.write(`[memory-mcp] ${line}\n`),
}).catch((error: unknown) => failWith('memory', withDamageHint(error, loadConfig(process.env).dbPath)));
