// The plugin's `memory` for the user's own shell. Claude Code puts the plugin's bin/ on the PATH of
// the model's Bash tool only, and the plugin's folder moves with every version
// (~/.claude/plugins/cache/<marketplace>/<plugin>/<version>/). So each SessionStart keeps one
// launcher at a path that does not move, in the plugin's data folder ($CLAUDE_PLUGIN_DATA/bin/memory),
// pointing at the version that runs now; the README's one line links it into the user's PATH.
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { isPlugin } from '../runtime/own-files.js';
import type { Env } from '../paths.js';
import { readRegularFile, writeFileAtomic } from '../io/safe-fs.js';

export function pluginLauncherText(pluginRoot: string): string {
  const cli = `${pluginRoot}/dist/commands/cli.js`;
  return `#!/bin/sh\n# claude-memory-hooks plugin: the \`memory\` command, rewritten by the plugin when its version changes.\nexec node '${cli.replace(/'/g, `'\\''`)}' "$@"\n`;
}

/** Writes the launcher when it is missing or names another version; silent and harmless on any failure. */
export function refreshPluginLauncher(env: Env): void {
  if (!isPlugin()) return;
  const root = env['CLAUDE_PLUGIN_ROOT'];
  const data = env['CLAUDE_PLUGIN_DATA'];
  if (!root || !data) return;
  const path = join(data, 'bin', 'memory');
  const text = pluginLauncherText(root);
  try {
    if (readRegularFile(path, 4096) === text) return;
    mkdirSync(join(data, 'bin'), { recursive: true, mode: 0o700 });
    writeFileAtomic(path, text);
    chmodSync(path, 0o755);
  } catch {
    // Only a convenience for the terminal: the hooks work without it.
  }
}
