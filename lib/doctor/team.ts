// `memory doctor`'s team checks: the server answers, has our schema, and uses a UTF-8 ctype (pg_trgm
// ignores Korean under C). Only when a team server is configured; an unreachable server is a note,
// since hooks and local search never depend on it.
import type { Check } from './check.js';
import { serverLocale, serverSchemaVersion, SERVER_SCHEMA_VERSION } from '../team/server-queries.js';
import type { Env } from '../paths.js';
import { loadTeamConfig } from '../team/connection-string.js';
import { TeamError, withTeamServer } from '../team/connect.js';
import { localeProblem } from '../team/locale.js';

export async function teamChecks(env: Env): Promise<Check[]> {
  const config = loadTeamConfig(env);
  if (!config.url) return [];
  const section = 'team';
  try {
    return await withTeamServer(config, async (client, where) => {
      const locale = await serverLocale(client);
      const version = await serverSchemaVersion(client);
      const checks: Check[] = [
        {
          section,
          status: 'ok',
          message: `${where} answers (PostgreSQL ${locale.serverVersion}, connected as ${locale.user})`,
        },
      ];
      const problem = localeProblem(locale);
      checks.push(
        problem
          ? {
              section,
              status: 'fail',
              message: problem,
              fix: 'move the team schema to a database created with a UTF-8 LC_CTYPE, then run `memory team init` there',
            }
          : {
              section,
              status: 'ok',
              message: `database ${locale.database}: ${locale.encoding}, ctype ${locale.ctype}`,
            },
      );
      if (version === null || version === 0) {
        checks.push({
          section,
          status: 'warn',
          message: 'no team schema on the server yet',
          fix: 'its administrator runs `memory team init`',
        });
      } else if (version > SERVER_SCHEMA_VERSION) {
        checks.push({
          section,
          status: 'fail',
          message: `team schema v${version} is newer than this install (v${SERVER_SCHEMA_VERSION})`,
          fix: 'update claude-memory-hooks',
        });
      } else {
        checks.push({
          section,
          status: version === SERVER_SCHEMA_VERSION ? 'ok' : 'warn',
          message: `team schema v${version}`,
          ...(version < SERVER_SCHEMA_VERSION
            ? { fix: 'its administrator runs `memory team init` to upgrade it' }
            : {}),
        });
      }
      return checks;
    });
  } catch (error) {
    if (!(error instanceof TeamError)) throw error;
    return [
      {
        section,
        status: 'warn',
        message: error.message,
        fix: 'team commands fail until the server answers; capture and local search are not affected',
      },
    ];
  }
}
