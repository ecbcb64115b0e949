// `memory team member add|remove`: who belongs to which project (the administrator).
import type { Command } from 'commander';
import { addMember, removeMember, roleExists } from '../../lib/team/server-queries.js';
import { cleanText } from '../../lib/text/sanitize.js';
import { TeamError, withTeamServer } from '../../lib/team/connect.js';
import { assertServerReady } from '../../lib/team/push.js';
import { run } from './shared.js';

export function registerMember(team: Command): void {
  const member = team.command('member').description('who belongs to which project (the administrator)');
  member
    .command('add')
    .description('add a PostgreSQL role to a project (creating the project), as member or maintainer')
    .argument('<role>', 'an existing login role')
    .argument('<project>', 'project name')
    .option('--maintainer', "may review, approve and set the project's rules")
    .action((role: string, project: string, options: { maintainer?: boolean }) =>
      run(async (config) =>
        withTeamServer(config, async (client, where) => {
          await assertServerReady(client, where);
          if (!(await roleExists(client, role)))
            throw new TeamError(
              `no role "${role}" on ${where}: create it first (CREATE ROLE ${role} LOGIN PASSWORD '…')`,
            );
          const as = options.maintainer ? 'maintainer' : 'member';
          await addMember(client, role, project, as);
          return `${role} is a ${as} of ${cleanText(project)}.\n`;
        }),
      ),
    );
  member
    .command('remove')
    .description('remove a role from a project')
    .argument('<role>', 'the role')
    .argument('<project>', 'project name')
    .action((role: string, project: string) =>
      run(async (config) =>
        withTeamServer(config, async (client, where) => {
          await assertServerReady(client, where);
          if (!(await removeMember(client, role, project)))
            throw new TeamError(`${role} is not a member of ${cleanText(project)} (or you may not change its members)`);
          return `${role} no longer belongs to ${cleanText(project)}.\n`;
        }),
      ),
    );
}
