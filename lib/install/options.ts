// install.sh's flags (after its bootstrap has taken --no-build and --help) → what to do. Pure:
// argv in, options out, or a UsageError that says what was wrong.
import { UsageError } from '../errors.js';
import { DEFAULT_COMMAND_NAME } from './layout.js';

export type InstallOptions =
  | { readonly mode: 'install'; readonly commandName: string; readonly binDir?: string; readonly runImport: boolean }
  | { readonly mode: 'uninstall'; readonly binDir?: string; readonly purge: boolean };

export function parseInstallArgs(argv: readonly string[]): InstallOptions {
  let commandName = DEFAULT_COMMAND_NAME;
  let binDir: string | undefined;
  let uninstall = false;
  let purge = false;
  let runImport = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = (what: string): string => {
      if (inline !== undefined) return inline;
      const next = argv[++index];
      if (next === undefined) throw new UsageError(`${flag} needs a ${what}`);
      return next;
    };
    switch (flag) {
      case '--command-name':
        commandName = value('NAME');
        break;
      case '--bin-dir':
        binDir = value('DIR');
        break;
      case '--uninstall':
        uninstall = true;
        break;
      case '--purge':
        purge = true;
        break;
      case '--import':
        runImport = true;
        break;
      default:
        throw new UsageError(`unknown option: ${arg}`);
    }
  }
  if (!/^[A-Za-z0-9_-]+$/.test(commandName))
    throw new UsageError(`--command-name takes letters, digits, '-' and '_' (got '${commandName}')`);
  if (purge && !uninstall) throw new UsageError('--purge only goes with --uninstall');
  if (runImport && uninstall) throw new UsageError('--import does not go with --uninstall');
  const bin = binDir === undefined ? {} : { binDir };
  return uninstall ? { mode: 'uninstall', purge, ...bin } : { mode: 'install', commandName, runImport, ...bin };
}
