// `memory team init`: creates or upgrades the server's schema (its administrator), then moves the rows
// waiting for review out of memories (schema v6) and keys the rows pushed before search had keys.
import type { Command } from 'commander';
import { migrateServer, serverLocale, SERVER_SCHEMA_VERSION } from '../../lib/team/server-queries.js';
import { indexOldRows } from '../../lib/team/server-search-queries.js';
import { movePendingRows } from '../../lib/team/server-review-queries.js';
import { TeamError, withTeamServer } from '../../lib/team/connect.js';
import { localeProblem } from '../../lib/team/locale.js';
import { plural } from '../shared/format.js';
import { run } from './shared.js';

export function registerInit(team: Command): void {
  team
    .command('init')
    .description('create or upgrade the team schema on the server (run by its administrator; safe to repeat)')
    .action(() =>
      run(async (config) =>
        withTeamServer(config, async (client, where) => {
          const locale = await serverLocale(client);
          const problem = localeProblem(locale);
          if (problem) throw new TeamError(problem);
          const { from, to } = await migrateServer(client);
          if (from > to || from > SERVER_SCHEMA_VERSION)
            throw new TeamError(
              `team schema v${from} on ${where} is newer than this version (v${SERVER_SCHEMA_VERSION})`,
            );
          // In batches after the migration's transaction (resumed by the next init if stopped).
          const moved = await movePendingRows(client);
          const indexed = await indexOldRows(client);
          const what =
            from === to
              ? `already at schema v${to}`
              : from === 0
                ? `schema v${to} created`
                : `schema upgraded v${from} → v${to}`;
          return (
            `Team server ${where}: ${what} (database ${locale.database}, ${locale.encoding}, ctype ${locale.ctype}).\n` +
            (moved > 0
              ? `Moved ${plural(moved, 'memory', 'memories')} waiting for review or rejected out of the searched table.\n`
              : '') +
            (indexed > 0 ? `Indexed ${plural(indexed, 'memory', 'memories')} pushed before for search.\n` : '') +
            (from === 0
              ? 'Next: create a login role per teammate, then `memory team member add <role> <project> [--maintainer]`.\n'
              : '')
          );
        }),
      ),
    );
}
