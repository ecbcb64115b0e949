// Where an installation puts its files, all derived from paths.ts's Claude directory and HOME:
// the runtime copy, settings.json, the slash command, the launcher, the install record, the lock.
// Pure path arithmetic: never touches the file system.
import { isAbsolute, join, resolve } from 'node:path';
import { claudeDir, homeDir, type Env } from '../paths.js';

export const DEFAULT_COMMAND_NAME = 'mem';

export interface Layout {
  readonly claudeDir: string;
  /** `<claude>/hooks`: the parent of the runtime, where it is staged and swapped. */
  readonly hooksDir: string;
  readonly runtime: string;
  readonly settings: string;
  readonly commandsDir: string;
  /** The slash command file for the chosen name (`mem.md`). */
  readonly commandFile: string;
  readonly binDir: string;
  readonly launcher: string;
  /** What the last install wrote outside the runtime, so a later run finds it again. */
  readonly record: string;
  /** Held for the whole of an install or uninstall. */
  readonly lock: string;
}

export interface LayoutChoices {
  readonly commandName?: string;
  readonly binDir?: string;
}

export function installLayout(env: Env, choices: LayoutChoices = {}, cwd = process.cwd()): Layout {
  const claude = resolve(cwd, claudeDir(env));
  const hooksDir = join(claude, 'hooks');
  const runtime = runtimeDir(env, cwd);
  const binDir =
    choices.binDir === undefined
      ? join(homeDir(env), '.local', 'bin')
      : isAbsolute(choices.binDir)
        ? choices.binDir
        : resolve(cwd, choices.binDir);
  const commandsDir = join(claude, 'commands');
  return {
    claudeDir: claude,
    hooksDir,
    runtime,
    settings: join(claude, 'settings.json'),
    commandsDir,
    commandFile: join(commandsDir, `${choices.commandName ?? DEFAULT_COMMAND_NAME}.md`),
    binDir,
    launcher: join(binDir, 'memory'),
    record: join(runtime, '.install-manifest'),
    lock: join(claude, '.memory-install.lock'),
  };
}

/** Where the installer copies the runtime (the checkout's dist/runtime/: bundles and the addon). */
export function runtimeDir(env: Env, cwd = process.cwd()): string {
  return join(resolve(cwd, claudeDir(env)), 'hooks', 'memory');
}

/** The runtime's own entry points, which settings.json, the slash command and the launcher run. */
export function cliPath(runtime: string): string {
  return `${runtime}/dist/commands/cli.js`;
}

export function slashEntryPath(runtime: string): string {
  return `${runtime}/dist/commands/_slash.js`;
}
