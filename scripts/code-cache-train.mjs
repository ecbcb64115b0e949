// `node code-cache-train.mjs <bundle> <args...>` (scripts/code-cache.mjs): runs a runtime bundle as
// its launcher does, through loadBundle (lib/bundle.ts), on whatever stdin and arguments it is
// given, starting from the cache beside it if any; a screened hook's bundle loads its handler bundle
// the same way (lib/hook/screened.ts). At exit the code cache of every bundle the run loaded is
// saved beside it: saved after the run, it holds every function the run compiled, not only the top level.
import { writeFileSync } from 'node:fs';

const { CACHE_SUFFIX, loadBundle, TRAINING_REGISTRY } = await import(
  new URL('../dist/lib/bundle.js', import.meta.url).href
);
const file = process.argv[2];
// The bundle reads its own arguments as if it had been started directly.
process.argv.splice(1, 2, file);
const loaded = new Map();
globalThis[TRAINING_REGISTRY] = loaded;
process.once('exit', () => {
  for (const [bundle, script] of loaded) writeFileSync(`${bundle}${CACHE_SUFFIX}`, script.createCachedData());
});
loadBundle(file);
