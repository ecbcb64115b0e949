// Reading a hook's stdin without Node's stream machinery. process.stdin on a socket or pipe (what
// Claude Code hands a hook) loads Node's net and stream modules and waits a turn of the event loop:
// ~5 ms of a hook that costs ~40. A blocking read of fd 0 costs ~0.3 ms but waits forever on a
// writer that never closes, and a read on libuv's thread pool cannot be abandoned (Node joins the
// pool's threads at exit). So fd 0 is made non-blocking, exactly as process.stdin itself does
// (libuv's uv_pipe_open, reached through the pipe_wrap binding without net), and read until EOF,
// sleeping a millisecond whenever it is empty, up to the deadline.
import { fstatSync, readFileSync, readSync } from 'node:fs';
import type { StdinResult } from './io.js';

const CHUNK_BYTES = 64 * 1024;
const IDLE_SLEEP_MS = 1;

/**
 * Reads fd 0 to EOF when it is a file, a pipe or a socket; undefined when it cannot be read this way
 * (a terminal, no fd 0, a Node without the binding), and the caller falls back to process.stdin.
 */
export function readFd0(maxBytes: number, timeoutMs: number): StdinResult | undefined {
  let kind: 'file' | 'stream';
  try {
    const stats = fstatSync(0);
    if (stats.isFile()) {
      if (stats.size > maxBytes) return { ok: false, reason: `stdin larger than ${maxBytes} bytes` };
      kind = 'file';
    } else if (stats.isFIFO() || stats.isSocket()) kind = 'stream';
    else return undefined;
  } catch {
    return undefined;
  }
  if (kind === 'file') return { ok: true, text: readFileSync(0, 'utf8') };
  if (!makeFd0NonBlocking()) return undefined;
  return readUntilEof(maxBytes, timeoutMs);
}

function readUntilEof(maxBytes: number, timeoutMs: number): StdinResult {
  const deadline = Date.now() + timeoutMs;
  const chunks: Buffer[] = [];
  let size = 0;
  let buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  const text = (): string => Buffer.concat(chunks, size).toString('utf8');
  for (;;) {
    let read: number;
    try {
      read = readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== 'EAGAIN' && code !== 'EWOULDBLOCK') {
        return { ok: false, reason: `stdin error: ${(error as Error).message}` };
      }
      if (Date.now() >= deadline) {
        return size > 0 ? { ok: true, text: text() } : { ok: false, reason: `no input on stdin after ${timeoutMs} ms` };
      }
      Atomics.wait(sleeper, 0, 0, IDLE_SLEEP_MS);
      continue;
    }
    if (read === 0) return { ok: true, text: text() };
    size += read;
    if (size > maxBytes) return { ok: false, reason: `stdin larger than ${maxBytes} bytes` };
    chunks.push(buffer.subarray(0, read));
    // The rest of the buffer takes the next read, unless too little of it is left.
    buffer = buffer.length - read >= 1024 ? buffer.subarray(read) : Buffer.allocUnsafe(CHUNK_BYTES);
  }
}

interface PipeBinding {
  readonly Pipe: new (type: number) => { open(fd: number): number };
  readonly constants: { readonly SOCKET: number };
}

/**
 * Puts fd 0 in non-blocking mode through the pipe_wrap binding, as process.stdin does for a pipe or
 * socket. process.binding is deprecated (documentation only, a warning under --pending-deprecation,
 * which is silenced for this call): on a Node without it the caller uses process.stdin.
 */
function makeFd0NonBlocking(): boolean {
  const binding = (process as unknown as { binding?: (name: string) => unknown }).binding;
  if (typeof binding !== 'function') return false;
  const warnings = process.noDeprecation;
  process.noDeprecation = true;
  try {
    const { Pipe, constants } = binding.call(process, 'pipe_wrap') as PipeBinding;
    // Node keeps an open handle alive until it is closed, so fd 0 stays open with nothing holding it.
    return new Pipe(constants.SOCKET).open(0) === 0;
  } catch {
    return false;
  } finally {
    if (warnings === undefined) delete (process as { noDeprecation?: boolean }).noDeprecation;
    else process.noDeprecation = warnings;
  }
}
