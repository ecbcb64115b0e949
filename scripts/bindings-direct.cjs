// Stands in for the `bindings` package inside the runtime bundles: the addon sits at a known place,
// dist/better_sqlite3.node, one level above the bundle (dist/hooks/*.js, dist/commands/*.js).
'use strict';
const { join } = require('node:path');

module.exports = function bindings(name) {
  return require(join(__dirname, '..', name));
};
