// install.sh's flags (after its bootstrap has taken --no-build and --help) → what to do. Pure:
// argv in, options out, or a UsageError that says what was wrong.
import { UsageError } from '../errors.js';
import { DEFAULT_COMMAND_NAME } from './layout.js';
import { INSTALL_AGENTS, type InstallAgent } from './agents.js';

export type InstallOptions =
  | {
      readonly mode: 'install';
      readonly commandName: string;
      readonly binDir?: string;
      readonly runImport: boolean;
      /** --agent: the agents to register hooks with; absent = Claude Code and every agent found. */
      readonly agents?: readonly InstallAgent[];
    }
  | { readonly mode: 'uninstall'; readonly binDir?: string; readonly purge: boolean };

export function parseInstallArgs(argv: readonly string[]): InstallOptions {
  let commandName = DEFAULT_COMMAND_NAME;
  let binDir: string | undefined;
  let uninstall = false;
  let purge = false;
  let runImport = false;
  const agents: InstallAgent[] = [];
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
      case '--agent':
        for (const name of value('AGENT').split(',')) {
          if (name === 'all') agents.push(...INSTALL_AGENTS);
          else if ((INSTALL_AGENTS as readonly string[]).includes(name)) agents.push(name as InstallAgent);
          else throw new UsageError(`--agent takes ${INSTALL_AGENTS.join(', ')} or all (got '${name}')`);
        }
        break;
      default:
        throw new UsageError(`unknown option: ${arg}`);
    }
  }
  if (!/^[A-Za-z0-9_-]+$/.test(commandName))
    throw new UsageError(`--command-name takes letters, digits, '-' and '_' (got '${commandName}')`);
  if (purge && !uninstall) throw new UsageError('--purge only goes with --uninstall');
  if (runImport && uninstall) throw new UsageError('--import does not go with --uninstall');
  if (agents.length > 0 && uninstall)
    throw new UsageError('--agent does not go with --uninstall (it takes our hooks out of every agent)');
  const bin = binDir === undefined ? {} : { binDir };
  const chosen = agents.length === 0 ? {} : { agents: [...new Set(agents)] };
  return uninstall
    ? { mode: 'uninstall', purge, ...bin }
    : { mode: 'install', commandName, runImport, ...bin, ...chosen };
}
