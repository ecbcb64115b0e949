// Stands in for node:child_process inside the runtime bundles (scripts/build.mjs). Loading it loads
// Node's net, stream and dgram modules (~4 ms), and commander requires it at the top of every CLI
// start although it spawns only for executable subcommands, which `memory` has none of; our own
// modules spawn only in doctor, the installer, the MCP health checks and the hooks' detached daily
// cleanup and team push. Here it is loaded on the first call. Only the functions the bundles call are forwarded: importing another one fails the
// build (an ES module's missing export is an esbuild error).

const load = () => require('node:child_process');
export const spawn = (...args) => load().spawn(...args);
export const spawnSync = (...args) => load().spawnSync(...args);
