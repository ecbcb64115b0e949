// `memory import`: placeholder wiring until the subcommand lands.
import type { Command } from 'commander';

export function registerImport(program: Command): void {
  program.command('import').description('not implemented yet').action(() => {
    throw new Error('memory import is not implemented yet');
  });
}
