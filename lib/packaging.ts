// Which copy of claude-memory-hooks this process is: the Claude Code plugin (its bundles are built
// by scripts/build-plugin.mjs, which sets MEMORY_PLUGIN) or anything else (the ./install.sh
// runtime, a checkout's dist/). Both use the same database and settings; they differ in who
// registers the hooks and how they are removed.

declare const MEMORY_PLUGIN: boolean | undefined;

export const IS_PLUGIN = typeof MEMORY_PLUGIN === 'boolean' && MEMORY_PLUGIN;

/** The plugin's name in .claude-plugin/plugin.json and the marketplace's in marketplace.json. */
export const PLUGIN_NAME = 'mem';
export const MARKETPLACE_NAME = 'claude-memory-hooks';
export const PLUGIN_ID = `${PLUGIN_NAME}@${MARKETPLACE_NAME}`;

/** What removes each copy, for doctor and the notices (the database stays either way). */
export const REMOVE_PLUGIN = `claude plugin uninstall ${PLUGIN_ID}`;
export const REMOVE_INSTALL_SH =
  'node ~/.claude/hooks/memory/dist/commands/_install.js --uninstall (what ./install.sh --uninstall runs)';
