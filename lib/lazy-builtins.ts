// Node modules a hook loads on first use. Each takes milliseconds to load (node:child_process loads
// net and stream as well), and most hook runs never need them: crypto only for a spool, a spawn only
// for the daily cleanup or a team push.
import { createRequire } from 'node:module';

let loadedCrypto: typeof import('node:crypto') | undefined;
let loadedChildProcess: typeof import('node:child_process') | undefined;

export function crypto(): typeof import('node:crypto') {
  loadedCrypto ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return loadedCrypto;
}

export function childProcess(): typeof import('node:child_process') {
  loadedChildProcess ??= createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
  return loadedChildProcess;
}
