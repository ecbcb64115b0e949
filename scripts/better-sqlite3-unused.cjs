// Stands in, inside the runtime bundles, for the better-sqlite3 methods nothing of ours calls
// (backup, serialize, aggregate, table, inspect): about 10 KB less for every hook to load, and the
// stop hook's bundle back under its 150 KB. Called anyway, it says so.
'use strict';

module.exports = function unusedMethod() {
  throw new Error('this better-sqlite3 method is left out of the claude-memory-hooks bundles');
};
