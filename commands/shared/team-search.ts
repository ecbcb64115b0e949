// `memory search --team`: the local tiered search and the same tiers on the team server, merged,
// each result marked with where it came from and whose machine wrote it. A team server that is
// down, slow or refuses us costs one stderr line and exit code 1; the local results still print.
import { writeOut } from '../../lib/io/stdout.js';
import { openDb } from '../../lib/db/open.js';
import { bestMatches } from '../../lib/search/best-match-queries.js';
import { ensureTeamTables, hostId } from '../../lib/team/local-queries.js';
import { searchTeam, type TeamHit } from '../../lib/team/server-search-queries.js';
import { UsageError } from '../../lib/errors.js';
import { resolveProject } from '../../lib/capture/project.js';
import { cleanText } from '../../lib/text/sanitize.js';
import type { MemoryRow } from '../../lib/memory.js';
import { teamRecord, toPublicRecord } from '../../lib/memory-record.js';
import { planSearch, TIER_LABELS, type Tier } from '../../lib/search/plan.js';
import { FOUND_BY_THE_SERVER, searchHit, type HowFound, type SearchHit } from '../../lib/search/hit.js';
import { likeSnippet } from '../../lib/search/snippet.js';
import { loadTeamConfig } from '../../lib/team/connection-string.js';
import { TeamError, withTeamServer } from '../../lib/team/connect.js';
import { mergeResults } from '../../lib/team/merge.js';
import { assertServerReady } from '../../lib/team/push.js';
import { clip } from '../../lib/text/bounded.js';
import { cliConfig } from './database.js';
import { filtersFrom, limitFrom, type FilterOptions } from './flags.js';
import { colorsFor, plural, quoted, renderMemory, renderSnippet, type ColorChoice, type Colors } from './format.js';

/** A local row with how the engine found it; merged with the team's rows by their ids, then made hits. */
type LocalHit = MemoryRow & HowFound;

export async function runTeamSearch(
  query: readonly string[],
  options: FilterOptions & {
    readonly recent?: boolean;
    readonly stats?: boolean;
    readonly summaries?: boolean;
    readonly color?: ColorChoice;
  },
): Promise<void> {
  if (options.recent || options.stats || options.summaries)
    throw new UsageError('--team searches words: it does not go with --recent, --stats or --summaries');
  if (query.length === 0) throw new UsageError('give words to search for');
  const config = cliConfig();
  const team = loadTeamConfig(process.env);
  const now = config.now();
  const filters = filtersFrom(options, now);
  const limit = limitFrom(options, 20);
  const text = query.join(' ');
  const shown = clip(cleanText(text), 80);
  const plan = planSearch(text);
  if (!plan) {
    writeOut(options.json ? '[]\n' : `Nothing to search for in ${quoted(shown)}: try words or parts of words.\n`);
    return;
  }

  // Local first: it needs no network, and it is printed whatever the server does.
  let local: { tier: Tier; rows: readonly LocalHit[] } = { tier: 'like', rows: [] };
  let ownHost: string | null = null;
  const db = openDb(config.dbPath, { create: false });
  if (db) {
    try {
      const found = bestMatches(db, text, filters, { limit, here: resolveProject(process.env, process.cwd()).path });
      local = {
        tier: found.tier,
        rows: found.matches.map(({ row, score, matched, bridged, summarised, fixes }) => ({
          ...row,
          score,
          matched,
          bridged,
          summarised,
          fixes,
        })),
      };
      ensureTeamTables(db);
      ownHost = hostId(db);
    } finally {
      db.close();
    }
  }

  let remote: { tier: Tier; hits: readonly TeamHit[]; atLeast: boolean } = { tier: 'like', hits: [], atLeast: false };
  let failure: TeamError | null = null;
  try {
    const project = filters.project ?? (options.here ? resolveProject(process.env, process.cwd()).name : null);
    remote = await withTeamServer(team, async (client, where) => {
      await assertServerReady(client, where, 'searching');
      return searchTeam(
        client,
        text,
        { project, type: filters.type, since: filters.since, agent: filters.agent ?? null },
        limit,
      );
    });
  } catch (error) {
    if (!(error instanceof TeamError)) throw error;
    failure = error;
  }

  const merged = mergeResults(local.rows, remote.hits, ownHost, limit);
  const hits = merged.map((item) =>
    item.origin === 'local'
      ? searchHit(toPublicRecord(item.hit, {}, { origin: 'local', host: team.hostName }), local.tier, item.hit)
      : searchHit(teamRecord(item.hit), remote.tier, FOUND_BY_THE_SERVER),
  );
  if (options.json) {
    writeOut(`${JSON.stringify(hits, null, 2)}\n`);
  } else {
    // Either side filling its page means more may match than fit in `limit`.
    const capped = local.rows.length >= limit || remote.hits.length >= limit || remote.atLeast;
    writeOut(
      render(
        hits,
        shown,
        plan.terms,
        local.tier,
        remote.tier,
        failure !== null,
        now,
        colorsFor(process.stdout, process.env, options.color),
        team.hostName,
        capped,
      ),
    );
  }
  if (failure) throw failure;
}

function render(
  hits: readonly SearchHit[],
  shown: string,
  terms: readonly string[],
  localTier: Tier,
  teamTier: Tier,
  teamFailed: boolean,
  now: Date,
  c: Colors,
  hostName: string,
  capped: boolean,
): string {
  if (hits.length === 0)
    return `No memories match ${quoted(shown)}${teamFailed ? ' here (the team server was not searched)' : ', here or on the team server'}.\n`;
  const locals = hits.filter((hit) => hit.origin === 'local').length;
  const header =
    `${c.bold(`${capped ? 'at least ' : ''}${plural(hits.length, 'memory', 'memories')}`)} ${hits.length === 1 ? 'matches' : 'match'} ${quoted(shown)} ` +
    c.dim(
      `· ${locals} here (${TIER_LABELS[localTier]})${teamFailed ? '' : `, ${hits.length - locals} from the team (${TIER_LABELS[teamTier]})`}`,
    );
  const body = hits.map((hit) => {
    const text = renderMemory(hit, renderSnippet(likeSnippet(hit.content, terms), c), now, c);
    return hit.origin === 'local' ? text.replace('\n', `  ${c.dim(`local · ${cleanText(hostName)}`)}\n`) : text;
  });
  const more = capped ? `\n${c.dim(`Showing the first ${hits.length}; use --limit for more.`)}\n` : '';
  return `${header}\n\n${body.join('\n\n')}\n${more}`;
}
