// `memory doctor`'s view of which copy of claude-memory-hooks runs: the SQLite driver this Node
// gives it, the Claude Code plugin and the ./install.sh runtime, and which of the two captures when
// both are installed (./install.sh's: the plugin's hooks then exit at once, see lib/hook/gate.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sqliteDriver } from '../db/driver.js';
import { installShCaptures, isPlugin } from '../runtime/own-files.js';
import { PLUGIN_ID, REMOVE_INSTALL_SH, REMOVE_PLUGIN } from '../runtime/packaging.js';
import { claudeDir, type Env } from '../paths.js';
import type { Check } from './check.js';

export function checkDriver(): Check {
  const section = 'environment';
  const driver = sqliteDriver();
  if (!driver.ok)
    return {
      section,
      status: 'fail',
      message: `no SQLite driver works: ${driver.problem}; the hooks record nothing`,
      fix: driver.fix,
    };
  if (driver.name === 'better-sqlite3')
    return {
      section,
      status: 'ok',
      message: `SQLite driver: better-sqlite3 (its addon loads in Node ${process.version})`,
    };
  const message = `SQLite driver: node:sqlite, Node's own (${driver.addonProblem ?? 'the addon did not load'})`;
  return isPlugin()
    ? { section, status: 'ok', message }
    : {
        section,
        status: 'warn',
        message,
        fix: 'run ./install.sh again with this Node: it rebuilds better-sqlite3 for it',
      };
}

/** The plugin's own copy: its hooks file, and whether ./install.sh's hooks capture instead. */
export function checkPluginCopy(env: Env, root: string): Check[] {
  const section = 'plugin';
  const checks: Check[] = [];
  const hooksFile = join(root, 'hooks', 'hooks.json');
  checks.push(
    existsSync(hooksFile)
      ? { section, status: 'ok', message: `running as the Claude Code plugin ${PLUGIN_ID} from ${root}` }
      : {
          section,
          status: 'fail',
          message: `${hooksFile} is missing: Claude Code runs no hooks of this copy`,
          fix: `reinstall the plugin: ${REMOVE_PLUGIN}, then claude plugin install ${PLUGIN_ID}`,
        },
  );
  if (installShCaptures(env, 'post-tool-use')) checks.push(bothInstalled('plugin'));
  return checks;
}

/** For the ./install.sh runtime: a note when the plugin is installed and enabled as well. */
export function checkPluginAlongside(env: Env): Check | null {
  return pluginEnabled(env) ? bothInstalled('install.sh') : null;
}

function bothInstalled(from: 'plugin' | 'install.sh'): Check {
  return {
    section: from === 'plugin' ? 'plugin' : 'hooks',
    status: 'warn',
    message: `both the plugin ${PLUGIN_ID} and ./install.sh's hooks are installed: ./install.sh's hooks capture and inject, the plugin's stay silent (same database either way; Claude Code starts both MCP servers)`,
    fix: `keep one: remove ./install.sh's with ${REMOVE_INSTALL_SH}, or the plugin with ${REMOVE_PLUGIN}`,
  };
}

/** Installed (Claude Code's installed_plugins.json) and not switched off in the user's settings. */
export function pluginEnabled(env: Env): boolean {
  const dir = claudeDir(env);
  try {
    const installed = JSON.parse(readFileSync(join(dir, 'plugins', 'installed_plugins.json'), 'utf8')) as {
      plugins?: Record<string, unknown>;
    };
    if (!installed.plugins || !(PLUGIN_ID in installed.plugins)) return false;
  } catch {
    return false;
  }
  try {
    const settings = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as {
      enabledPlugins?: Record<string, unknown>;
    };
    return settings.enabledPlugins?.[PLUGIN_ID] !== false;
  } catch {
    return true;
  }
}
