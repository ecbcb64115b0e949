// `node code-cache-train.cjs <bundle> <args...>` (scripts/build.mjs): runs a runtime bundle as its
// launcher does (scripts/module-urls.mjs), on whatever stdin and arguments it is given, and at exit
// saves V8's code cache beside it. Saved after the run, the cache holds every function the run
// compiled, not only the top level.
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
const { Script } = require('node:vm');
const { createRequire } = require('node:module');

const file = process.argv[2];
const suffix = process.env.CODE_CACHE_SUFFIX;
const head = process.env.CODE_CACHE_WRAP_HEAD;
const tail = process.env.CODE_CACHE_WRAP_TAIL;
// The bundle reads its own arguments as if it had been started directly.
process.argv.splice(1, 2, file);
let cachedData;
try {
  // What earlier samples compiled stays in the cache this run saves.
  cachedData = readFileSync(file + suffix);
} catch {}
const script = new Script(head + readFileSync(file, 'utf8') + tail, { filename: file, cachedData });
process.once('exit', () => writeFileSync(file + suffix, script.createCachedData()));
script.runInThisContext()(exports, createRequire(file), module, file, dirname(file));
