// `memory doctor`: placeholder wiring until the subcommand lands.
import type { Command } from 'commander';

export function registerDoctor(program: Command): void {
  program.command('doctor').description('not implemented yet').action(() => {
    throw new Error('memory doctor is not implemented yet');
  });
}
