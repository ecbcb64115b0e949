// `node code-cache-train.mjs <bundle> <args...>` (scripts/code-cache.mjs): runs a runtime bundle as
// its launcher does, through loadBundle (lib/mcp/bundle.ts, the loader `memory mcp` uses), on
// whatever stdin and arguments it is given, starting from the cache beside it if any, and at exit
// saves V8's code cache there. Saved after the run, the cache holds every function the run
// compiled, not only the top level.
import { writeFileSync } from 'node:fs';

const { CACHE_SUFFIX, loadBundle } = await import(new URL('../dist/lib/mcp/bundle.js', import.meta.url).href);
const file = process.argv[2];
// The bundle reads its own arguments as if it had been started directly.
process.argv.splice(1, 2, file);
let script;
process.once('exit', () => {
  if (script) writeFileSync(`${file}${CACHE_SUFFIX}`, script.createCachedData());
});
({ script } = loadBundle(file));
