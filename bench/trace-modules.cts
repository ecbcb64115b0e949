// Preloaded with --require: records every CommonJS file a process loads (better-sqlite3 and its
// helpers are CommonJS), written as JSON to $BENCH_TRACE_FILE at exit.
import Module = require('node:module');
import fs = require('node:fs');

const loaded = new Set<string>();
const original = (Module as unknown as { _load: (...args: unknown[]) => unknown })._load;
(Module as unknown as { _load: (...args: unknown[]) => unknown })._load = function load(
  request: unknown,
  parent: unknown,
  ...rest: unknown[]
) {
  const result = original.call(this, request, parent, ...rest);
  try {
    loaded.add(
      (Module as unknown as { _resolveFilename: (r: unknown, p: unknown) => string })._resolveFilename(request, parent),
    );
  } catch {
    loaded.add(String(request));
  }
  return result;
};
process.on('exit', () => {
  const file = process.env['BENCH_TRACE_FILE'];
  if (file) fs.writeFileSync(file, JSON.stringify([...loaded]));
});
