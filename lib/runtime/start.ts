#!/usr/bin/env node
// The first code of every executable (the build puts it at dist/<folder>/<name>.js): turns on Node's
// compile cache where Node has one (22.1 and newer), then loads the executable's bundle, <name>.main.js
// beside it. V8 then reads the bundle's compiled code from the cache instead of compiling it again in
// every short-lived hook. Node 20 has no compile cache: there the bundle runs through V8's code cache
// (lib/runtime/code-cache.ts), or as it is where that cache has no folder.
// A hook that cannot load never hurts Claude Code: one line on stderr, exit code 0.
import nodeModule, { createRequire } from 'node:module';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitZero, failWith } from './exit.js';
import { codeCacheDir, requireWithCodeCache } from './code-cache.js';

type WithCompileCache = { enableCompileCache?: (directory?: string) => unknown };

// The cache goes where Node puts it by default (NODE_COMPILE_CACHE, else the system's temp folder), so
// a read-only home or runtime folder stops nothing. Node checks each entry against the source text and
// its own version: a stale or foreign entry is compiled anew, never run.
const { enableCompileCache } = nodeModule as WithCompileCache;
enableCompileCache?.();

const self = fileURLToPath(import.meta.url);
const name = basename(self, '.js');
try {
  const bundle = `${dirname(self)}/${name}.main.js`;
  const cacheDir = enableCompileCache ? null : codeCacheDir();
  if (cacheDir) requireWithCodeCache(bundle, cacheDir);
  else createRequire(import.meta.url)(bundle);
} catch (error) {
  const isHook = basename(dirname(self)) === 'hooks';
  const reason = String(error instanceof Error ? error.message : error).split('\n')[0];
  if (isHook) {
    process.stderr.write(`[memory-hook] ${name}: cannot load the hook (${reason})\n`);
    exitZero();
  } else failWith('memory', new Error(`cannot start (${reason})`));
}
