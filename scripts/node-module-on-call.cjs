// Stands in for node:module inside the runtime bundles (scripts/build.mjs): our sources import only
// createRequire from it, and call it only where no CommonJS `require` is at hand. Loading node:module
// also loads parts of Node's ES module loader (~0.4 ms of every hook and search); here it is loaded
// on the first call, which a bundle's usual run never makes.
'use strict';

exports.createRequire = (filename) => require('node:module').createRequire(filename);
