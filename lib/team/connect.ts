// One connection to the team server per command: opened with a deadline, closed always, and every
// failure turned into a one-line TeamError that names the server without its password.
import type pg from 'pg';
import { MemoryError } from '../errors.js';
import { displayUrl, secretsOf, type TeamConfig } from './connection-string.js';

export class TeamError extends MemoryError {
  override readonly name = 'TeamError';
}

/** Not configured: said once, the same way by every team command. */
export function notConfigured(config: TeamConfig): TeamError {
  return new TeamError(
    `no team server configured: set CLAUDE_MEMORY_TEAM_URL or "team": {"url": …} in ${config.configPath}`,
  );
}

// Server-side limit per statement, so a stuck query cannot hold a command forever.
const STATEMENT_TIMEOUT_MS = 30_000;

/**
 * Connects, runs `work`, and always closes the connection. `work` may open more connections to the
 * same server with `another` (a push inserts on two at once); they are closed with the first.
 */
export async function withTeamServer<T>(
  config: TeamConfig,
  work: (client: pg.Client, where: string, another: () => Promise<pg.Client>) => Promise<T>,
): Promise<T> {
  if (!config.url) throw notConfigured(config);
  const url = config.url;
  const where = displayUrl(url);
  const driver = await loadPg();
  const opened: pg.Client[] = [];
  const open = async (): Promise<pg.Client> => {
    const client = new driver.Client({
      connectionString: url,
      // pg gives up a little after our own deadline, so its socket is gone soon after we report.
      connectionTimeoutMillis: config.connectTimeoutMs + 1000,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      // And a client-side limit for a server that stops answering mid-command (a network stall).
      query_timeout: STATEMENT_TIMEOUT_MS + 5000,
      application_name: 'claude-memory-hooks',
    });
    // A connection dropped while idle is reported here; the next query then fails and is reported.
    client.on('error', () => undefined);
    try {
      await connectBefore(client, config.connectTimeoutMs);
    } catch (error) {
      void client.end().catch(() => undefined);
      throw teamError(error, url, where, 'connect');
    }
    opened.push(client);
    // Every team statement is a short, index-bound one; PostgreSQL's JIT, which the planner starts
    // for any statement it costs high (a count over a large project, a search's window), spent more
    // compiling than the statement took. Off for this connection only; the server's settings stay.
    await client.query('SET jit = off');
    return client;
  };
  try {
    const client = await open();
    return await work(client, where, open);
  } catch (error) {
    if (error instanceof MemoryError) throw error;
    throw teamError(error, url, where, 'query');
  } finally {
    await Promise.all(opened.map((client) => client.end().catch(() => undefined)));
  }
}

/**
 * pg, loaded on first use: every `memory` command carries this module for `memory team`. As it
 * loads, pg asks whether it runs on Cloudflare Workers: through `navigator.userAgent` where Node has
 * a navigator (21 and later), else by building a fetch Response, which loads Node's undici in
 * every team command on Node 20. Node 21's own answer is given for that one question.
 */
async function loadPg(): Promise<typeof pg> {
  const lacksNavigator = !('navigator' in globalThis);
  if (lacksNavigator)
    Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'Node.js' }, configurable: true });
  try {
    return (await import('pg')).default;
  } finally {
    if (lacksNavigator) delete (globalThis as { navigator?: unknown }).navigator;
  }
}

class ConnectTimeout extends Error {}

function connectBefore(client: pg.Client, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ConnectTimeout()), ms);
    timer.unref();
  });
  const connecting = client.connect();
  connecting.catch(() => undefined);
  return Promise.race([connecting.then(() => undefined), deadline]).finally(() => clearTimeout(timer));
}

// SQLSTATE codes (https://www.postgresql.org/docs/current/errcodes-appendix.html) and Node socket codes.
const CONNECT_CODES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused (is the server running and listening there?)',
  ENOTFOUND: 'host not found',
  EHOSTUNREACH: 'host unreachable',
  ETIMEDOUT: 'timed out',
  ECONNRESET: 'the server closed the connection',
  '28P01': 'the server refused the password',
  '28000': 'the server refused this role (no pg_hba.conf entry, or no such role)',
  '3D000': 'no such database',
  '53300': 'the server has too many connections',
  '57P03': 'the server is starting up or shutting down',
};

function teamError(error: unknown, url: string, where: string, phase: 'connect' | 'query'): TeamError {
  if (error instanceof ConnectTimeout)
    return new TeamError(`team server ${where} did not answer within the connect timeout`);
  const code = (error as { code?: unknown } | null)?.code;
  const message = scrub(error instanceof Error ? error.message : String(error), url);
  if (phase === 'connect') {
    const known = typeof code === 'string' ? CONNECT_CODES[code] : undefined;
    return new TeamError(`cannot use team server ${where}: ${known ?? message}`);
  }
  if (code === '42501') return new TeamError(`team server ${where}: permission denied: ${message}`);
  if (code === '57014') return new TeamError(`team server ${where}: a statement ran out of time (${message})`);
  return new TeamError(`team server ${where}: ${message}`);
}

/** Removes the password from a message that might quote the connection string. */
function scrub(message: string, url: string): string {
  let out = message.split('\n')[0] ?? '';
  for (const secret of secretsOf(url)) out = out.replaceAll(secret, '***');
  return out;
}
