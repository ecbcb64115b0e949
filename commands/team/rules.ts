// A project's rules on the server (maintainers): `auto-approve`, `ttl`, and `expire`, which deletes
// what is older than them.
import type { Command } from 'commander';
import { setProjectRules } from '../../lib/team/server-queries.js';
import { expireOld, projectRules } from '../../lib/team/server-review-queries.js';
import { UsageError } from '../../lib/errors.js';
import { cleanText } from '../../lib/text/sanitize.js';
import { withTeamServer } from '../../lib/team/connect.js';
import { assertServerReady } from '../../lib/team/push.js';
import { clip } from '../../lib/text/bounded.js';
import { cliConfig } from '../shared/database.js';
import { plural } from '../shared/format.js';
import { notMaintainer, run } from './shared.js';

export function registerRules(team: Command): void {
  team
    .command('auto-approve')
    .description('approve every push of a project as it arrives, or stop doing so (maintainers)')
    .argument('<project>', 'project name')
    .argument('<on|off>', 'on or off')
    .action((project: string, state: string) =>
      run(async (config) => {
        if (!/^(on|off)$/.test(state))
          throw new UsageError(`auto-approve expects on or off (got "${clip(state, 20)}")`);
        return withTeamServer(config, async (client, where) => {
          await assertServerReady(client, where);
          if (!(await setProjectRules(client, project, { autoApprove: state === 'on' }))) throw notMaintainer(project);
          return `Auto-approve is ${state} for ${cleanText(project)}.\n`;
        });
      }),
    );

  team
    .command('ttl')
    .description("how long a project's memories stay on the server (maintainers; default 180 days, errors 365)")
    .argument('<project>', 'project name')
    .option('--days <n>', 'days to keep memories and session summaries')
    .option('--error-days <n>', 'days to keep errors (at least --days)')
    .action((project: string, options: { days?: string; errorDays?: string }) =>
      run(async (config) => {
        const days = options.days === undefined ? undefined : dayCount('--days', options.days);
        const errorDays = options.errorDays === undefined ? undefined : dayCount('--error-days', options.errorDays);
        if (days === undefined && errorDays === undefined)
          throw new UsageError('give --days <n> and/or --error-days <n>');
        return withTeamServer(config, async (client, where) => {
          await assertServerReady(client, where);
          const current = await projectRules(client, project);
          // A member sees the project but may not change it; the administrator sees it with no role.
          if (!current || current.role === 'member') throw notMaintainer(project);
          const [keep, keepErrors] = [days ?? current.ttl_days, errorDays ?? current.error_ttl_days];
          if (keepErrors < keep)
            throw new UsageError(
              `errors are kept at least as long as other memories: --error-days would be ${keepErrors}, --days ${keep}`,
            );
          if (!(await setProjectRules(client, project, { ttlDays: keep, errorTtlDays: keepErrors })))
            throw notMaintainer(project);
          return `${cleanText(project)} keeps memories ${keep} days and errors ${keepErrors} days.\n`;
        });
      }),
    );

  team
    .command('expire')
    .description("delete what is older than its project's TTL (run daily from cron; maintainers and the administrator)")
    .action(() =>
      run(async (config) =>
        withTeamServer(config, async (client, where) => {
          await assertServerReady(client, where, 'expiring');
          const { memories, summaries } = await expireOld(client, cliConfig().now());
          return `Expired ${plural(memories, 'memory', 'memories')} and ${plural(summaries, 'session summary', 'session summaries')}.\n`;
        }),
      ),
    );
}

function dayCount(flag: string, value: string): number {
  const n = /^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(n >= 1 && n <= 36500))
    throw new UsageError(`${flag} expects a whole number of days from 1 to 36500 (got "${clip(value, 20)}")`);
  return n;
}
