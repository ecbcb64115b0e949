// The stdio MCP server: registers the four read-only tools on the official SDK and runs each call
// in a guard, so a bad argument or a broken database is a tool error and the server keeps serving.
// stdout belongs to the protocol; diagnostics go through the `log` callback (stderr).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { onClosedStdout } from '../io/stdout.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import type { z } from 'zod';
import { loadConfigWarning } from '../config/config.js';
import type { Env } from '../paths.js';
import { resolveProject } from '../capture/project.js';
import { errorReply, REPLY_TOKENS, type ToolReply } from './reply.js';
import { getInput, searchInput, sessionsInput, statsInput, TOOL_TEXT } from './schemas.js';
import type { MemoryReader } from './store.js';
import type { ToolContext } from './tools.js';

export interface ServerOptions {
  readonly env: Env;
  readonly cwd: string;
  readonly version: string;
  /** One diagnostic line (never stdout). */
  readonly log: (line: string) => void;
}

export const SERVER_NAME = 'claude-memory-hooks';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export function createMemoryServer(options: ServerOptions): { server: McpServer; close: () => void } {
  const config = loadConfigWarning(options.env, options.log);
  const here = resolveProject(options.env, options.cwd);
  let reader: MemoryReader | null = null;
  // The database layer (and better-sqlite3's native addon) loads on the first call, not at start-up.
  const contextFor = async (): Promise<ToolContext> => {
    const { MemoryReader: Reader } = await import('./store.js');
    reader ??= new Reader(config.dbPath);
    return { reader, here, now: config.now, budgetTokens: REPLY_TOKENS, env: options.env };
  };

  const server = new McpServer(
    { name: SERVER_NAME, version: options.version },
    {
      instructions:
        'Memory of earlier Claude Code sessions on this machine (commands, edits, errors, session summaries). Read-only.',
      // The SDK checks elicitation answers with Ajv, which this server never asks for: build it on first use.
      jsonSchemaValidator: lazyValidator(),
    },
  );
  const guard =
    <A>(
      name: string,
      run: (tools: typeof import('./tools.js'), args: A, context: ToolContext) => ToolReply | Promise<ToolReply>,
    ) =>
    async (args: A): Promise<CallToolResult> => {
      let reply: ToolReply;
      try {
        reply = await run(await import('./tools.js'), args, await contextFor());
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        options.log(`${name}: ${message}`);
        reply = errorReply(message);
      }
      return reply.isError
        ? { content: [{ type: 'text', text: reply.text }], isError: true }
        : { content: [{ type: 'text', text: reply.text }], structuredContent: reply.structured };
    };

  server.registerTool(
    'search',
    { ...TOOL_TEXT.search, inputSchema: searchInput, annotations: READ_ONLY },
    guard<z.infer<typeof searchInput>>('search', async (t, args, context) =>
      args.scope !== 'team'
        ? t.searchTool(args, context)
        : // The team server's driver (pg) loads only when a call asks for the team.
          (await import('./team-search.js')).teamSearchTool(args, context),
    ),
  );
  server.registerTool(
    'get',
    { ...TOOL_TEXT.get, inputSchema: getInput, annotations: READ_ONLY },
    guard<z.infer<typeof getInput>>('get', (t, args, context) => t.getTool(args, context)),
  );
  server.registerTool(
    'sessions',
    { ...TOOL_TEXT.sessions, inputSchema: sessionsInput, annotations: READ_ONLY },
    guard<z.infer<typeof sessionsInput>>('sessions', (t, args, context) => t.sessionsTool(args, context)),
  );
  server.registerTool(
    'stats',
    { ...TOOL_TEXT.stats, inputSchema: statsInput, annotations: READ_ONLY },
    guard<z.infer<typeof statsInput>>('stats', (t, args, context) => t.statsTool(args, context)),
  );

  return { server, close: () => reader?.close() };
}

function lazyValidator(): jsonSchemaValidator {
  let validator: jsonSchemaValidator | null = null;
  return { getValidator: (schema) => (validator ??= new AjvJsonSchemaValidator()).getValidator(schema) };
}

/** Serves on stdin/stdout until the client goes away. */
export async function serveStdio(options: ServerOptions): Promise<void> {
  const { server, close } = createMemoryServer(options);
  const transport = new StdioServerTransport();
  transport.onerror = (error) => options.log(`transport: ${error.message}`);
  // When stdin ends, the answers still pending are written and the process exits on its own.
  process.once('exit', close);
  // A client that closed our stdout has gone: nobody is left to answer.
  onClosedStdout(() => void server.close());
  await server.connect(transport);
}
