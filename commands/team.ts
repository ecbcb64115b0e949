// `memory team …`: share chosen projects with teammates on a PostgreSQL server behind an approval
// gate. Thin: each subcommand is a file of commands/team/; the local bookkeeping is
// lib/team/local-queries.ts, the server SQL lib/team/server-*-queries.ts, the push lib/team/push.ts.
// The connection string is only ever shown without its password.
import type { Command } from 'commander';
import { registerInit } from './team/init.js';
import { registerMember } from './team/member.js';
import { registerPush } from './team/push.js';
import { registerReview } from './team/review.js';
import { registerRules } from './team/rules.js';
import { registerShare } from './team/share.js';
import { registerStatus } from './team/status.js';

export { sendTombstonesNow } from './team/push.js';

export function registerTeam(program: Command): void {
  const team = program
    .command('team')
    .description('share chosen projects with teammates on a PostgreSQL server, behind an approval gate')
    .addHelpText(
      'after',
      `
The server is a PostgreSQL connection string in CLAUDE_MEMORY_TEAM_URL, or "team": {"url": "…"} in
~/.claude/memory.json. Nothing is shared until you \`memory team share <project>\`; pushed memories wait
for a maintainer's approval before teammates see them.`,
    );
  for (const register of [
    registerInit,
    registerShare,
    registerPush,
    registerReview,
    registerRules,
    registerMember,
    registerStatus,
  ])
    register(team);
}
