// `memory team share` and `unshare`: which projects this machine sends, and what the next push sends
// of one, counted by push's own cursors for the configured server.
import type { Command } from 'commander';
import type { Db } from '../../lib/db/open.js';
import {
  ensureTeamTables,
  FIRST_PUSH,
  hasPushed,
  isAnotherServer,
  projectExists,
  pushCursors,
  setShared,
  teamProject,
  unpushedCount,
  type PushCursors,
} from '../../lib/team/local-queries.js';
import { queueProjectRetraction } from '../../lib/team/tombstone-queries.js';
import { cleanText } from '../../lib/text/sanitize.js';
import { askServerId } from '../../lib/team/push.js';
import { cliConfig } from '../shared/database.js';
import { plural } from '../shared/format.js';
import { projectName, run, withLocal } from './shared.js';

export function registerShare(team: Command): void {
  team
    .command('share')
    .description('share a project (default: the current one): `memory team push` will send its memories')
    .argument('[project]', 'project name as `memory search --stats` shows it')
    .option('--from-now', "send only what is captured from now on, not the project's history")
    .action((project: string | undefined, options: { fromNow?: boolean }) =>
      run(async (config) =>
        withLocal(true, async (db) => {
          const name = projectName(project);
          const now = cliConfig().now().toISOString();
          ensureTeamTables(db);
          setShared(db, name, true, now, options.fromNow === true);
          const known = projectExists(db, name)
            ? ''
            : ` (no memories of "${cleanText(name)}" yet: check the name with \`memory search --stats\`)`;
          return `Shared ${cleanText(name)}${known}. ${nextPushOf(db, name, await askServerId(config))}\n`;
        }),
      ),
    );

  team
    .command('unshare')
    .description('stop sharing a project: nothing more of it leaves this machine')
    .argument('[project]', 'project name (default: the current one)')
    .option('--retract', 'also remove what this machine already pushed of it from the server (at the next push)')
    .action((project: string | undefined, options: { retract?: boolean }) =>
      run(async () =>
        withLocal(false, (db) => {
          const name = projectName(project);
          ensureTeamTables(db);
          const now = cliConfig().now().toISOString();
          setShared(db, name, false, now);
          const retracted = options.retract ? queueProjectRetraction(db, name, now) : 0;
          const more = options.retract
            ? ` ${plural(retracted, 'tombstone')} queued: the next \`memory team push\` removes what was pushed.`
            : ' What was already pushed stays on the server (--retract removes it).';
          return `Unshared ${cleanText(name)}: nothing more of it is pushed.${more}\n`;
        }),
      ),
    );
}

/** What `memory team push` will send of `project`, counted for the configured server by push's own cursors. */
function nextPushOf(db: Db, project: string, server: { readonly id: string } | { readonly why: string }): string {
  const counts = (from: PushCursors): string => {
    const n = unpushedCount(db, project, from);
    return `${plural(n.memories, 'memory', 'memories')} and ${plural(n.summaries, 'session summary', 'session summaries')}`;
  };
  const cursors = teamProject(db, project);
  if ('id' in server && isAnotherServer(db, server.id))
    return `\`memory team push\` sends ${counts(FIRST_PUSH)} so far, for review: this machine has not pushed to this team server before, so everything shared is offered again.`;
  if ('why' in server && hasPushed(db))
    return `\`memory team push\` sends ${counts(cursors)} so far to the team server this machine pushed to last, or ${counts(FIRST_PUSH)} to another one, for review (${server.why}).`;
  return `\`memory team push\` sends ${counts(pushCursors(db, cursors, null))} so far, for review.`;
}
