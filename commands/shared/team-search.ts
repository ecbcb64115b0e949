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
import { likeSnippet } from '../../lib/search/snippet.js';
import { loadTeamConfig } from '../../lib/team/connection-string.js';
import { TeamError, withTeamServer } from '../../lib/team/connect.js';
import { mergeResults } from '../../lib/team/merge.js';
import { assertServerReady } from '../../lib/team/push.js';
import { clip } from '../../lib/text/bounded.js';
import { cliConfig } from './database.js';
import { filtersFrom, limitFrom, type FilterOptions } from './flags.js';
import {
  agentMark,
  colorsFor,
  plural,
  quoted,
  relativeTime,
  renderMemory,
  renderSnippet,
  type ColorChoice,
  type Colors,
} from './format.js';

/** A local row with its best-match score and the query words it holds. */
type LocalHit = MemoryRow & { readonly score: number; readonly matched: readonly string[] };

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
      local = { tier: found.tier, rows: found.matches.map(({ row, score, matched }) => ({ ...row, score, matched })) };
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
      await assertServerReady(client, where, true);
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
  if (options.json) {
    writeOut(
      `${JSON.stringify(
        merged.map((item) =>
          item.origin === 'local'
            ? {
                ...toPublicRecord(item.hit, {}, { origin: 'local', host: team.hostName }),
                tier: local.tier,
                score: item.hit.score,
                matched: item.hit.matched,
              }
            : { ...teamRecord(item.hit), tier: remote.tier },
        ),
        null,
        2,
      )}\n`,
    );
  } else {
    // Either side filling its page means more may match than fit in `limit`.
    const capped = local.rows.length >= limit || remote.hits.length >= limit || remote.atLeast;
    writeOut(
      render(
        merged,
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
  merged: ReturnType<typeof mergeResults<LocalHit, TeamHit>>,
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
  if (merged.length === 0)
    return `No memories match ${quoted(shown)}${teamFailed ? ' here (the team server was not searched)' : ', here or on the team server'}.\n`;
  const locals = merged.filter((item) => item.origin === 'local').length;
  const header =
    `${c.bold(`${capped ? 'at least ' : ''}${plural(merged.length, 'memory', 'memories')}`)} ${merged.length === 1 ? 'matches' : 'match'} ${quoted(shown)} ` +
    c.dim(
      `· ${locals} here (${TIER_LABELS[localTier]})${teamFailed ? '' : `, ${merged.length - locals} from the team (${TIER_LABELS[teamTier]})`}`,
    );
  const body = merged.map((item) => {
    if (item.origin === 'local') {
      const text = renderMemory(item.hit, renderSnippet(likeSnippet(item.hit.content, terms), c), now, c);
      return text.replace('\n', `  ${c.dim(`local · ${cleanText(hostName)}`)}\n`);
    }
    const hit = item.hit;
    const head = [
      c.dim(`team #${hit.id}`),
      c.yellow(relativeTime(hit.created_at, now)),
      c.cyan(cleanText(hit.project)),
      agentMark(hit.agent ?? undefined, c),
      c.magenta(`${cleanText(hit.tool_name)}/${cleanText(hit.type)}`),
      hit.file_path ? c.green(cleanText(hit.file_path)) : '',
      c.blue(`by ${cleanText(hit.author)}@${cleanText(hit.host_name)}`),
    ]
      .filter(Boolean)
      .join('  ');
    return `${head}\n    ${renderSnippet(likeSnippet(hit.content, terms), c)}`;
  });
  const more = capped ? `\n${c.dim(`Showing the first ${merged.length}; use --limit for more.`)}\n` : '';
  return `${header}\n\n${body.join('\n\n')}\n${more}`;
}
