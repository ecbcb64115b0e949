// Loads a CommonJS bundle of the runtime with its V8 code cache: `npm run build` runs each bundle
// on sample input once and saves the compiled code beside it (scripts/code-cache.mjs), so a new
// process skips parsing and compiling it. A cache from another Node or V8 is rejected by V8 and the
// file compiles as usual. Used by `memory mcp` for its server and by the hooks for their handlers.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

export const CACHE_SUFFIX = '.v8-cache';

export interface LoadedBundle<T> {
  readonly exports: T;
  readonly script: Script;
  /** True when V8 used the saved code (false: no cache, or one from another Node). */
  readonly cached: boolean;
}

/**
 * Where the build's cache training (scripts/code-cache-train.mjs) collects every bundle a sample
 * run loads, to save each one's cache at exit. Absent in every other process.
 */
export const TRAINING_REGISTRY = Symbol.for('claude-memory-hooks.code-cache-training');

/**
 * The same wrapper as Node's CommonJS loader, so a bundle sees exports, require and module. V8
 * matches a code cache to the exact text it was made from: the runtime's launchers
 * (scripts/module-urls.mjs) wrap their bundles in these same bytes (tests/integration/code-cache.test.ts).
 */
export function wrapCommonJs(source: string): string {
  return `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
}

/**
 * Runs the CommonJS bundle at `file` as `require` would, with its code cache when `useCache`.
 * `moduleRequire`: the `require` the bundle gets, for a caller in the bundle's own folder whose
 * `require` resolves the same (a hook's screen and its handler); else one made for `file`.
 */
export function loadBundle<T>(file: string, useCache = true, moduleRequire?: NodeJS.Require): LoadedBundle<T> {
  const source = readFileSync(file, 'utf8');
  let cachedData: Buffer | undefined;
  if (useCache) {
    try {
      cachedData = readFileSync(`${file}${CACHE_SUFFIX}`);
    } catch {
      // Built without a cache: compile as usual.
    }
  }
  const script = new Script(wrapCommonJs(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const training = (globalThis as { [TRAINING_REGISTRY]?: Map<string, Script> })[TRAINING_REGISTRY];
  training?.set(file, script);
  const module = { exports: {} as T };
  (script.runInThisContext() as (...args: unknown[]) => void)(
    module.exports,
    moduleRequire ?? createRequire(file),
    module,
    file,
    dirname(file),
  );
  return { exports: module.exports, script, cached: cachedData !== undefined && !script.cachedDataRejected };
}
