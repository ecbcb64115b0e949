// What the three model-API mocks share: an HTTP server on 127.0.0.1 only, request bodies decoded
// (clients may compress them), and every request recorded — one JSON line each — so a test reads exactly
// what the model received. The mock answers; it never decides whether the client was right.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import * as zlib from 'node:zlib';

export type RequestKind = 'main' | 'side' | 'count_tokens' | 'other' | 'invalid';

/** One recorded request. `body` is what the client sent, parsed; `response` what the mock answered with. */
export interface Recorded {
  readonly n: number;
  readonly t: number;
  readonly method: string;
  readonly url: string;
  readonly kind: RequestKind;
  readonly turn: number | null;
  readonly model: string | null;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly response: unknown;
}

/** What a mock's handler decides for one request. */
export interface Answer {
  readonly kind: RequestKind;
  readonly turn?: number | null;
  readonly model?: string | null;
  readonly response?: unknown;
  readonly delayMs?: number;
  readonly send: (res: ServerResponse) => void;
}

export interface Request {
  readonly n: number;
  readonly method: string;
  readonly path: string;
  readonly url: string;
  readonly body: unknown;
}

export interface Mock {
  readonly url: string;
  readonly port: number;
  readonly requests: readonly Recorded[];
  close(): Promise<void>;
}

/** Headers worth keeping in the record; credentials only as "(set)". */
const KEPT_HEADERS = [
  'user-agent',
  'anthropic-version',
  'anthropic-beta',
  'x-app',
  'originator',
  'session_id',
  'x-goog-api-client',
];
const SECRET_HEADERS = ['authorization', 'x-api-key', 'x-goog-api-key'];

function decode(buffer: Buffer, encoding: string): Buffer {
  try {
    if (encoding === 'gzip') return gunzipSync(buffer);
    if (encoding === 'deflate') return inflateSync(buffer);
    if (encoding === 'br') return brotliDecompressSync(buffer);
    // Codex compresses with zstd; Node has it from 22.15/23.8, so it is looked up rather than imported.
    const zstd = (zlib as unknown as Record<string, unknown>)['zstdDecompressSync'];
    if (encoding === 'zstd' && typeof zstd === 'function') return (zstd as (b: Buffer) => Buffer)(buffer);
  } catch {
    // kept as it came: recorded as text
  }
  return buffer;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = decode(Buffer.concat(chunks), String(req.headers['content-encoding'] ?? '').toLowerCase()).toString(
    'utf8',
  );
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

/** Starts a mock on 127.0.0.1 at a free port. `log`, when given, gets one JSON line per request. */
export async function startMock(handle: (request: Request) => Answer, log: string | null): Promise<Mock> {
  if (log !== null) {
    mkdirSync(dirname(log), { recursive: true });
    writeFileSync(log, '');
  }
  const requests: Recorded[] = [];
  const started = Date.now();
  let count = 0;
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const n = ++count;
      const url = req.url ?? '/';
      let answer: Answer;
      try {
        answer = handle({ n, method: req.method ?? 'GET', url, path: url.split('?')[0] ?? '/', body });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        answer = {
          kind: 'invalid',
          response: message,
          send: (r) => sendJson(r, 500, { error: { message: `mock: ${message}` } }),
        };
      }
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
      for (const name of SECRET_HEADERS) if (req.headers[name] !== undefined) headers[name] = '(set)';
      const entry: Recorded = {
        n,
        t: Date.now() - started,
        method: req.method ?? 'GET',
        url,
        kind: answer.kind,
        turn: answer.turn ?? null,
        model: answer.model ?? null,
        headers,
        body,
        response: answer.response ?? null,
      };
      requests.push(entry);
      if (log !== null) appendFileSync(log, `${JSON.stringify(entry)}\n`);
      if (answer.delayMs) setTimeout(() => answer.send(res), answer.delayMs);
      else answer.send(res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Server-sent events on `res`: `event:` lines when `named`, else data lines only (Gemini). */
export function eventStream(res: ServerResponse, named: boolean): (type: string, data: unknown) => void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  return (type, data) => res.write(`${named ? `event: ${type}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
}
