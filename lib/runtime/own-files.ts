// Where this running copy keeps its own files, and which copy it is (the plugin or ./install.sh's). Every executable is a bundle at
// <root>/dist/<hooks|commands>/<name>.js (lib/runtime/executables.ts), and a bundle's import.meta.url is its
// own file, so the root is two folders up: the same in a checkout's dist/runtime/, the installed runtime
// and the plugin. Reads only the one marker file that tells the plugin apart.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { claudeDir, installedRuntimeDir, type Env } from '../paths.js';
import { readRegularFile } from '../io/safe-fs.js';

const SETTINGS_MAX_BYTES = 4 * 1024 * 1024;

/** The copy's root folder: package.json, dist/ and, for the plugin, .claude-plugin/. */
export function ownRoot(): string {
  return fileURLToPath(new URL('../..', import.meta.url));
}

export function ownFile(...parts: string[]): string {
  return join(ownRoot(), ...parts);
}

let plugin: boolean | undefined;

/**
 * Whether this copy is the Claude Code plugin (Claude Code registers and removes its hooks) rather
 * than ./install.sh's runtime: the plugin's folder holds its manifest.
 */
export function isPlugin(): boolean {
  // Only a bundle's root can hold the manifest: tsc's modules (the bench, a fixture) two folders up from
  // dist/lib/runtime/ are in dist/, which never does.
  plugin ??= existsSync(ownFile('.claude-plugin', 'plugin.json'));
  return plugin;
}

/** The version in the copy's package.json, or `unknown`. */
export function ownVersion(): string {
  try {
    const version = (JSON.parse(readFileSync(ownFile('package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * True when the user's settings.json runs ./install.sh's copy of this hook. The runtime path in a
 * hook command is what marks ours (as lib/install/settings.ts's isOurCommand reads it).
 */
export function installShCaptures(env: Env, hookName: string): boolean {
  const runtime = installedRuntimeDir(env);
  if (!existsSync(join(runtime, 'dist', 'hooks', `${hookName}.js`))) return false;
  const settings = readRegularFile(join(claudeDir(env), 'settings.json'), SETTINGS_MAX_BYTES);
  return (
    settings !== null &&
    (settings.includes(`${runtime}/dist/hooks/`) ||
      settings.includes(`${JSON.stringify(runtime).slice(1, -1)}/dist/hooks/`))
  );
}
