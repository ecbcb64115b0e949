// `memory ui`: starts the local, read-only page over the memory database and prints its address;
// serves until Ctrl-C. The server is lib/ui/server.ts; this file only wires flags, output and signals.
import { writeOut } from '../lib/io/stdout.js';
import { spawn } from 'node:child_process';
import type { Command } from 'commander';
import { UsageError } from '../lib/errors.js';
import { startUiServer } from '../lib/ui/server.js';
import { describeError } from '../lib/narrow.js';
import { cliConfig } from './shared/database.js';

interface UiOptions {
  readonly port?: string;
  readonly open?: boolean;
}

export function registerUi(program: Command): void {
  program
    .command('ui')
    .description('a local, read-only page to browse memories: timeline, search, project overview')
    .option('--port <n>', 'port on 127.0.0.1 (default 0: any free port)')
    .option('--open', 'open the page in the default browser')
    .action(async (options: UiOptions) => {
      const config = cliConfig();
      const server = await startUiServer({
        dbPath: config.dbPath,
        port: portFrom(options.port),
        now: config.now,
        onError: (error) => process.stderr.write(`memory ui: ${describeError(error)}\n`),
      });
      // Listening for Ctrl-C before printing the address: whoever reads it may stop us at once.
      const stopped = new Promise<void>((resolve) => {
        const stop = (): void => {
          void server.close().then(resolve);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      writeOut(
        `memory ui: ${server.url}\nServing ${config.dbPath} read-only on 127.0.0.1:${server.port}. Press Ctrl-C to stop.\n`,
      );
      if (options.open) openBrowser(server.url);
      await stopped;
    });
}

function portFrom(value: string | undefined): number {
  if (value === undefined) return 0;
  const port = /^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(port >= 0 && port <= 65535))
    throw new UsageError(`--port expects a number from 0 to 65535 (got "${value.slice(0, 40)}")`);
  return port;
}

/** The platform's opener, detached; a missing one only costs the user a copy-paste of the printed address. */
function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  const child = spawn(command, args, { detached: true, stdio: 'ignore' });
  child.on('error', () =>
    process.stderr.write(`memory ui: could not start ${command}; open the address above yourself\n`),
  );
  child.unref();
}
