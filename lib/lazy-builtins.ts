// Node modules a hook loads on first use. Each takes milliseconds to load, and most hook runs never
// need them: crypto only for a spool, node:os only when HOME is not set (~0.5 ms of a noise event).
// (node:child_process is loaded on first call in every bundle by the build: scripts/module-urls.mjs.)
import { createRequire } from 'node:module';

let loadedCrypto: typeof import('node:crypto') | undefined;
let loadedOs: typeof import('node:os') | undefined;

export function crypto(): typeof import('node:crypto') {
  loadedCrypto ??= builtin<typeof import('node:crypto')>('node:crypto');
  return loadedCrypto;
}

export function os(): typeof import('node:os') {
  loadedOs ??= builtin<typeof import('node:os')>('node:os');
  return loadedOs;
}

function builtin<T>(name: string): T {
  // Every runtime bundle is CommonJS and has its own `require`; tsc's ES modules make one (which
  // loads node:module and parts of Node's ES module loader, a cost a bundle need not pay).
  const load = typeof require === 'function' ? require : createRequire(import.meta.url);
  return load(name) as T;
}
