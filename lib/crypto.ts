// node:crypto, loaded on first use: it takes milliseconds to load, and most hook runs never need it.
import { createRequire } from 'node:module';

let loaded: typeof import('node:crypto') | undefined;

export function crypto(): typeof import('node:crypto') {
  loaded ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return loaded;
}
