// Node's own modules that a short-lived process loads only when it uses them: node:crypto (a
// tombstone's digest, a spool file's name, a host id) and node:child_process (a detached cleanup or
// push) are loaded by most hook runs never, and cost milliseconds to load (BENCHMARKS.md). Through
// process.getBuiltinModule, Node's documented way to load a built-in module where it is needed.

export function crypto(): typeof import('node:crypto') {
  return process.getBuiltinModule('node:crypto');
}

export function childProcess(): typeof import('node:child_process') {
  return process.getBuiltinModule('node:child_process');
}
