// `memory search`: placeholder wiring until the subcommand lands.
import type { Command } from 'commander';

export function registerSearch(program: Command): void {
  program.command('search').description('not implemented yet').action(() => {
    throw new Error('memory search is not implemented yet');
  });
}
