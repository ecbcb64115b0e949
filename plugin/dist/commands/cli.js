#!/usr/bin/env node
'use strict';
// `memory`: `memory mcp` (as Claude Code starts it) loads the MCP server alone, `memory search words`
// the search alone; the rest is the CLI.
const args = process.argv.slice(2);
if (args.length === 1 && args[0] === 'mcp') require('./mcp-serve.js');
else {
  const plainSearch = args[0] === 'search' && args.length > 1 && args.every((word) => !word.startsWith('-'));
  const { readFileSync } = require('node:fs');
  const file = __dirname + '/' + (plainSearch ? 'search-main.js' : 'cli-main.js');
  let cachedData;
  try {
    cachedData = readFileSync(file + '.v8-cache');
  } catch {}
  const wrapped = "(function (exports, require, module, __filename, __dirname) {" + readFileSync(file, 'utf8') + "\n})";
  new (require('node:vm').Script)(wrapped, { filename: file, cachedData }).runInThisContext()(exports, require, module, file, __dirname);
}
