// The one-file MCP server bundle `memory mcp` loads (through lib/bundle.ts, with its code cache):
// the build runs its start-up once and saves the compiled code, so `memory mcp` skips parsing and
// compiling ~1 MB of SDK and zod.
export const BUNDLE_NAME = 'server.bundle.cjs';
