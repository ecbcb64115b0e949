// The `memory ui` HTTP server: node:http on 127.0.0.1 only, read-only database, every request
// checked (Host, method, token or cookie) before it is routed to the shell, an asset or the API.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { openReadOnly } from './queries.js';
import type { Db } from '../db/open.js';
import { MemoryError, MissingDatabaseError } from '../errors.js';
import { handleApi } from './api.js';
import { defaultAssetsDir, loadAssets, SHELL, type Asset } from './assets.js';
import {
  cookieName,
  cookieValue,
  hostAllowed,
  methodAllowed,
  newSecrets,
  secretMatches,
  SECURITY_HEADERS,
  sessionCookie,
  type Secrets,
} from './security.js';

export interface UiServerOptions {
  readonly dbPath: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly now: () => Date;
  readonly assetsDir?: string;
  /** Told about failures while serving (the request itself gets a 500). */
  readonly onError?: (error: unknown) => void;
}

export interface UiServer {
  /** The address to open: carries the token. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** The page's routes; the browser code draws each of them. */
const PAGES: ReadonlySet<string> = new Set(['/', '/timeline', '/search', '/overview']);

export async function startUiServer(options: UiServerOptions): Promise<UiServer> {
  const assets = loadAssets(options.assetsDir ?? defaultAssetsDir());
  const handle = openReadOnly(options.dbPath);
  if (!handle) throw new MissingDatabaseError(options.dbPath);
  const { db } = handle;
  const secrets = newSecrets();
  const state = { port: 0 };
  const server = createServer((request, response) => {
    try {
      respond(request, response, { db, options, assets, secrets, port: state.port });
    } catch (error) {
      options.onError?.(error);
      if (!response.headersSent)
        send(response, request, 500, 'application/json; charset=utf-8', JSON.stringify({ error: 'internal error' }));
      else response.destroy();
    }
  });
  try {
    state.port = await listen(server, options.port);
  } catch (error) {
    handle.close();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${state.port}/?token=${secrets.token}`,
    port: state.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          handle.close();
          resolve();
        });
      }),
  };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new MemoryError(`port ${port} is already in use; try --port 0 for a free one`)
          : error,
      );
    });
    server.listen({ host: '127.0.0.1', port }, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

interface Context {
  readonly db: Db;
  readonly options: UiServerOptions;
  readonly assets: ReadonlyMap<string, Asset>;
  readonly secrets: Secrets;
  readonly port: number;
}

const TEXT = 'text/plain; charset=utf-8';

function respond(request: IncomingMessage, response: ServerResponse, context: Context): void {
  const started = performance.now();
  const { port, secrets } = context;
  if (!hostAllowed(request.headers.host, port)) {
    send(
      response,
      request,
      403,
      TEXT,
      `Forbidden: this server answers only to 127.0.0.1:${port} and localhost:${port}.\n`,
    );
    return;
  }
  if (!methodAllowed(request.method)) {
    response.setHeader('Allow', 'GET, HEAD');
    send(response, request, 405, TEXT, 'Method not allowed: this page is read-only.\n');
    return;
  }
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
  if (url.searchParams.has('token')) {
    if (!secretMatches(url.searchParams.get('token'), secrets.token)) {
      send(response, request, 403, TEXT, 'Forbidden: this token is not the one `memory ui` printed.\n');
      return;
    }
    // The token leaves the address bar (and the history) at once; the cookie carries the session.
    url.searchParams.delete('token');
    response.setHeader('Set-Cookie', sessionCookie(port, secrets));
    response.setHeader('Location', `${url.pathname}${url.search}`);
    send(response, request, 303, TEXT, '');
    return;
  }
  if (!secretMatches(cookieValue(request.headers.cookie, cookieName(port)), secrets.session)) {
    send(
      response,
      request,
      403,
      TEXT,
      'Forbidden: open the address `memory ui` printed (it carries the access token).\n',
    );
    return;
  }

  const asset = context.assets.get(url.pathname) ?? (PAGES.has(url.pathname) ? SHELL : undefined);
  if (asset) {
    send(response, request, 200, asset.type, asset.body);
    return;
  }
  if (url.pathname.startsWith('/api/')) {
    const { db, options } = context;
    const result = handleApi({ db, dbPath: options.dbPath, now: options.now }, url.pathname, url.searchParams);
    const [status, body] = result ? [result.status, result.body] : [404, { error: 'no such API' }];
    response.setHeader('Server-Timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
    send(response, request, status, 'application/json; charset=utf-8', JSON.stringify(body));
    return;
  }
  send(response, request, 404, TEXT, 'Not found.\n');
}

function send(
  response: ServerResponse,
  request: IncomingMessage,
  status: number,
  type: string,
  body: string | Buffer,
): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
  response.setHeader('Content-Type', type);
  response.setHeader('Content-Length', Buffer.byteLength(body));
  response.writeHead(status);
  response.end(request.method === 'HEAD' ? undefined : body);
}
