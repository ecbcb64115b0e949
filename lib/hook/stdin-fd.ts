// Reading a hook's stdin without Node's stream machinery when it is already there. process.stdin on
// a socket or pipe (what Claude Code hands a hook) loads Node's net and stream modules and waits a
// turn of the event loop: ~5 ms of a hook that costs ~40. Claude Code writes the whole payload and
// closes its end as it starts the hook, so by the time a hook reads, the payload is almost always
// waiting. fd 0 is made non-blocking, exactly as process.stdin itself does (libuv's uv_pipe_open,
// reached through the pipe_wrap binding without net), and read until EOF; when it runs dry first (a
// slow writer, a burst of hundreds of hooks) the caller goes on with process.stdin, which waits in
// the event loop. A blocking read cannot be bounded, and a read on libuv's thread pool cannot be
// abandoned (Node joins the pool's threads at exit): neither is used.
import { fstatSync, readFileSync, readSync } from 'node:fs';
import type { StdinResult } from './io.js';

const CHUNK_BYTES = 64 * 1024;

/** What fd 0 gave without waiting: all of stdin, or the bytes so far (the rest comes through process.stdin). */
export type Fd0Read = { readonly whole: StdinResult } | { readonly partial: readonly Buffer[]; readonly size: number };

/**
 * Reads what fd 0 holds now when it is a file, a pipe or a socket; undefined when it cannot be read
 * this way (a terminal, no fd 0, a Node without the binding), and the caller uses process.stdin.
 */
export function readFd0(maxBytes: number): Fd0Read | undefined {
  let stats;
  try {
    stats = fstatSync(0);
  } catch {
    return undefined;
  }
  if (stats.isFile()) {
    if (stats.size > maxBytes) return { whole: { ok: false, reason: `stdin larger than ${maxBytes} bytes` } };
    return { whole: { ok: true, text: readFileSync(0, 'utf8') } };
  }
  if (!(stats.isFIFO() || stats.isSocket()) || !makeFd0NonBlocking()) return undefined;
  return readUntilDry(maxBytes);
}

function readUntilDry(maxBytes: number): Fd0Read {
  const chunks: Buffer[] = [];
  let size = 0;
  let buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  for (;;) {
    let read: number;
    try {
      read = readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'EAGAIN' || code === 'EWOULDBLOCK') return { partial: chunks, size };
      return { whole: { ok: false, reason: `stdin error: ${(error as Error).message}` } };
    }
    if (read === 0) return { whole: { ok: true, text: Buffer.concat(chunks, size).toString('utf8') } };
    size += read;
    if (size > maxBytes) return { whole: { ok: false, reason: `stdin larger than ${maxBytes} bytes` } };
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
