// The real `memory mcp` spawned from the bundled runtime (dist/runtime/, what the installer copies) and driven by the SDK's own client over stdio, as Claude
// Code drives it; its stderr kept for assertions, closed when the test ends.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { RUNTIME, type Sandbox } from './helpers.js';

export interface McpSession {
  readonly client: Client;
  /** Everything the server wrote to stderr so far. */
  readonly stderr: () => string;
  /** Calls a tool; returns its text, structured content and error flag. */
  readonly call: (name: string, args: Record<string, unknown>) => Promise<ToolResult>;
  readonly close: () => Promise<void>;
}

export interface ToolResult {
  readonly text: string;
  readonly structured: Record<string, unknown> | undefined;
  readonly isError: boolean;
}

/** Starts the server; it is stopped when the test ends, or by `close()` when `shared` (a beforeAll server). */
export async function startMcp(box: Sandbox, env: Record<string, string> = {}, shared = false): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(RUNTIME, 'dist', 'commands', 'cli.js'), 'mcp'],
    env: { ...box.env, ...env },
    cwd: box.project,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'claude-memory-hooks-tests', version: '1.0.0' });
  await client.connect(transport);
  const close = () => client.close();
  if (!shared) onTestFinished(close);
  const call = async (name: string, args: Record<string, unknown>): Promise<ToolResult> => {
    const result = await client.callTool({ name, arguments: args });
    const content = result.content as Array<{ type: string; text?: string }>;
    return {
      text: content.map((part) => part.text ?? '').join(''),
      structured: result.structuredContent as Record<string, unknown> | undefined,
      isError: result.isError === true,
    };
  };
  return { client, stderr: () => stderr, call, close };
}
