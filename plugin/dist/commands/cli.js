#!/usr/bin/env node
'use strict';
// `memory`: `memory mcp` (as Claude Code starts it) loads the MCP server alone; the rest is the CLI.
const args = process.argv.slice(2);
require(args.length === 1 && args[0] === 'mcp' ? './mcp-serve.js' : './cli-main.js');
