// `node code-cache-train.mjs <bundle> <args...>` (scripts/code-cache.mjs): runs a runtime bundle as
// its launcher does, through loadBundle (lib/bundle.ts), on whatever stdin and arguments it is
// given, starting from the cache beside it if any. `node code-cache-train.mjs --front <hook> <args...>`
// runs a screened hook as Node does (lib/hook/screened.ts), which loads its handler bundle the same
// way. At exit the code cache of every bundle the run loaded is saved beside it: saved after the
// run, it holds every function the run compiled, not only the top level.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const { CACHE_SUFFIX, loadBundle, TRAINING_REGISTRY } = await import(
  new URL('../dist/lib/bundle.js', import.meta.url).href
);
const front = process.argv[2] === '--front';
const file = process.argv[front ? 3 : 2];
// The bundle reads its own arguments as if it had been started directly.
process.argv.splice(1, front ? 3 : 2, file);
const loaded = new Map();
globalThis[TRAINING_REGISTRY] = loaded;
process.once('exit', () => {
  for (const [bundle, script] of loaded) writeFileSync(`${bundle}${CACHE_SUFFIX}`, script.createCachedData());
});
if (front) createRequire(import.meta.url)(file);
else loadBundle(file);
