// Every command in a pipe whose reader has already left (`memory import | head -1`): the reader's end
// is closed before the command writes, so its first write meets EPIPE. It stops talking, exits as it
// would have (0) and prints nothing on stderr: no `write EPIPE` stack.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOW, memory, seed, summary } from '../cli-helpers.js';
import { RUNTIME, useSharedSandbox, type Sandbox } from '../helpers.js';
import { FIXTURES } from '../transcript-helpers.js';

interface Ended {
  readonly code: number | null;
  readonly stderr: string;
}

/** `memory <args>` with its stdout a pipe nobody reads any more; `started` may stop a server. */
function withClosedStdout(box: Sandbox, args: readonly string[], started?: () => Promise<void>): Promise<Ended> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(RUNTIME, 'dist', 'commands', 'cli.js'), ...args], {
      env: { ...box.env, CLAUDE_MEMORY_NOW: NOW, TZ: 'UTC', CLAUDE_MEMORY_RETENTION_DAYS: '3650' },
      cwd: box.project,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // Our end of the pipe closes before the child has started: every write it makes is EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin.on('error', () => undefined);
    child.stdin.end(args[0] === 'mcp' ? `${MCP_HELLO}\n` : '');
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stderr }));
    if (started) void started().then(() => child.kill('SIGTERM'), reject);
  });
}

const MCP_HELLO = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe-test', version: '1' } },
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Resolves once memory ui answers on the port (its address went to the closed stdout). */
async function answering(port: number): Promise<void> {
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('a command whose reader left (EPIPE)', () => {
  const box = useSharedSandbox((box) => {
    seed(
      box,
      Array.from({ length: 30 }, (_, n) => memory({ box, content: `npm run task-${n} greeting` })),
      [summary(box)],
    );
  });

  it.each([
    ['search words', ['search', 'greeting']],
    ['search with flags', ['search', 'greeting', '--limit', '20']],
    ['search --json', ['search', 'greeting', '--json']],
    ['search --stats', ['search', '--stats']],
    ['search --summaries', ['search', '--summaries']],
    ['show', ['show', '3']],
    ['forget (the dry run)', ['forget', '--match', 'greeting']],
    ['forget --list-tombstones', ['forget', '--list-tombstones']],
    ['import --dry-run', ['import', '--dry-run', FIXTURES]],
    ['import --json --dry-run', ['import', '--json', '--dry-run', FIXTURES]],
    ['redact (the dry run)', ['redact']],
    ['recall', ['recall']],
    ['recall --explain', ['recall', '--explain', 'greeting task']],
    ['team status', ['team', 'status']],
    ['--help', ['--help']],
    ['search --help', ['search', '--help']],
    ['--version', ['--version']],
    ['mcp', ['mcp']],
  ])('%s stops quietly and exits 0', async (_name, args) => {
    const ended = await withClosedStdout(box(), args);
    expect(ended).toEqual({ code: 0, stderr: '' });
  });

  // The sandbox has no installation: doctor says so with its own exit code, 1, whether or not anyone reads it.
  it.each([
    ['doctor', ['doctor']],
    ['doctor --json', ['doctor', '--json']],
  ])('%s stops quietly with the exit code of what it found', async (_name, args) => {
    const ended = await withClosedStdout(box(), args);
    expect(ended).toEqual({ code: 1, stderr: expect.stringMatching(/^memory: doctor found \d+ problems\n$/) });
  });

  it('import stores what it read, then stops quietly and exits 0', async () => {
    const ended = await withClosedStdout(box(), ['import', FIXTURES]);
    expect(ended).toEqual({ code: 0, stderr: '' });
  });

  it('ui keeps serving, and stops on SIGTERM with 0', async () => {
    const port = await freePort();
    const ended = await withClosedStdout(box(), ['ui', '--port', String(port)], () => answering(port));
    expect(ended).toEqual({ code: 0, stderr: '' });
  });
});
