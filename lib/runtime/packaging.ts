// The names the two ways of installing go by: the Claude Code plugin and ./install.sh's runtime. Both
// use the same database and settings; they differ in who registers the hooks and how they are removed
// (lib/runtime/own-files.ts tells which one is running).

/** The plugin's name in .claude-plugin/plugin.json and the marketplace's in marketplace.json. */
export const PLUGIN_NAME = 'mem';
export const MARKETPLACE_NAME = 'claude-memory-hooks';
export const PLUGIN_ID = `${PLUGIN_NAME}@${MARKETPLACE_NAME}`;

/** What removes each copy, for doctor and the notices (the database stays either way). */
export const REMOVE_PLUGIN = `claude plugin uninstall ${PLUGIN_ID}`;
export const REMOVE_INSTALL_SH =
  'node ~/.claude/hooks/memory/dist/commands/_install.js --uninstall (what ./install.sh --uninstall runs)';
