// `memory forget`: placeholder wiring until the subcommand lands.
import type { Command } from 'commander';

export function registerForget(program: Command): void {
  program.command('forget').description('not implemented yet').action(() => {
    throw new Error('memory forget is not implemented yet');
  });
}
