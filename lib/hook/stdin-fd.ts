// Reading a hook's stdin without Node's stream machinery when it is already there. process.stdin on
// a socket or pipe (what Claude Code hands a hook) loads Node's net and stream modules and waits a
// turn of the event loop: ~5 ms of a hook that costs ~40. Claude Code writes the whole payload and
// closes its end as it starts the hook, so by the time a hook reads, the payload is almost always
// waiting. fd 0 is made non-blocking, exactly as process.stdin itself does (libuv's uv_pipe_open,
// reached through the pipe_wrap binding without net), and read until EOF; when it runs dry first (a
// slow writer, a burst of hundreds of hooks) the caller goes on with process.stdin, which waits in
// the event loop. A blocking read cannot be bounded, and a read on libuv's thread pool cannot be
// abandoned (Node joins the pool's threads at exit): neither is used.
import { readSync } from 'node:fs';
import type { StdinResult } from './io.js';

const CHUNK_BYTES = 64 * 1024;

/** What fd 0 gave without waiting: all of stdin, or the bytes so far (the rest comes through process.stdin). */
export type Fd0Read = { readonly whole: StdinResult } | { readonly partial: readonly Buffer[]; readonly size: number };

/**
 * Reads what fd 0 holds now (a pipe, a socket, a file); undefined when it cannot be read this way (a
 * terminal, no fd 0, a Node without the bindings), and the caller uses process.stdin.
 */
export function readFd0(maxBytes: number): Fd0Read | undefined {
  if (!makeFd0NonBlocking()) return undefined;
  return readUntilDry(maxBytes);
}

// One buffer, grown as a read fills it: a payload is decoded once, from where it was read. (Node's
// own functions a hook calls for the first time are compiled then: fstat, Buffer.concat and the
// like cost a tenth of a millisecond each, which is why this file uses so few of them.)
function readUntilDry(maxBytes: number): Fd0Read {
  let buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let size = 0;
  for (;;) {
    if (size === buffer.length) {
      const larger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(larger, 0, 0, size);
      buffer = larger;
    }
    let read: number;
    try {
      read = readSync(0, buffer, size, buffer.length - size, null);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'EAGAIN' || code === 'EWOULDBLOCK') return { partial: [buffer.subarray(0, size)], size };
      return { whole: { ok: false, reason: `stdin error: ${(error as Error).message}` } };
    }
    if (read === 0) return { whole: { ok: true, text: utf8(buffer, size) } };
    size += read;
    if (size > maxBytes) return { whole: { ok: false, reason: `stdin larger than ${maxBytes} bytes` } };
  }
}

/**
 * The first `size` bytes as UTF-8. Buffer's utf8Slice is what toString('utf8') calls after choosing
 * the encoding; called directly it skips ~0.5 M instructions of first-call work in a process this
 * short. It is not documented, so toString stands in where it is missing.
 */
function utf8(buffer: Buffer, size: number): string {
  const slice = (buffer as { utf8Slice?: (start: number, end: number) => string }).utf8Slice;
  return typeof slice === 'function' ? slice.call(buffer, 0, size) : buffer.toString('utf8', 0, size);
}

interface PipeBinding {
  readonly Pipe: new (type: number) => { open(fd: number): number };
  readonly constants: { readonly SOCKET: number };
}

interface TtyBinding {
  readonly isTTY: (fd: number) => boolean;
}

/**
 * Puts fd 0 in non-blocking mode through the pipe_wrap binding, as process.stdin does for a pipe or
 * socket; false when there is no fd 0, and for a terminal: its mode is the shell's too, and Node
 * restores it only at a normal exit, not when a hook is killed at its timeout (process.stdin reads a
 * terminal through a descriptor of its own). On a file or a device, non-blocking changes nothing.
 * (The terminal test is tty_wrap's, not fstat's: fs.fstatSync's first call costs ~0.2 ms.)
 * process.binding is deprecated (documentation only, a warning under --pending-deprecation, which is
 * silenced for these calls): on a Node without it the caller uses process.stdin.
 */
function makeFd0NonBlocking(): boolean {
  const binding = (process as unknown as { binding?: (name: string) => unknown }).binding;
  if (typeof binding !== 'function') return false;
  const warnings = process.noDeprecation;
  process.noDeprecation = true;
  try {
    if ((binding.call(process, 'tty_wrap') as TtyBinding).isTTY(0)) return false;
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
