// The search tool's `scope: "team"`: the local search and the team server's (approved memories of
// the projects the user's role belongs to, same tiers) merged, each result marked with its origin and
// author host, under the same bounds and escaping as the local scope. Loaded only for such a call,
// so `pg` never costs the server's start-up. A team server that is down is a note; local results stay.
import { bestMatches, type BestMatch } from '../search/best-match-queries.js';
import { FOUND_BY_THE_SERVER, searchHit, type SearchHit } from '../search/hit.js';
import { knownHostId } from '../team/local-queries.js';
import { searchTeam, type TeamHit } from '../team/server-search-queries.js';
import { teamRecord, toPublicRecord } from '../memory-record.js';
import { planSearch, type Tier } from '../search/plan.js';
import { likeSnippet } from '../search/snippet.js';
import { loadTeamConfig } from '../team/connection-string.js';
import { TeamError, withTeamServer } from '../team/connect.js';
import { mergeResults } from '../team/merge.js';
import { assertServerReady } from '../team/push.js';
import { attribute, Budget, DATA_NOTE, errorReply, plainSnippet, safe, shortTime, type ToolReply } from './reply.js';
import type { SearchArgs } from './schemas.js';
import { byAgent, forTheModel, isReply, noDatabase, relativePath, scopeOf, type ToolContext } from './context.js';

const TEAM_NOTE =
  "Results marked team come from teammates' machines through the team server (approved by a project maintainer); `get` opens only local ids.";

export async function teamSearchTool(args: SearchArgs, context: ToolContext): Promise<ToolReply> {
  const team = loadTeamConfig(context.env);
  if (!team.url) {
    return errorReply(
      `team memory is not set up on this machine (no CLAUDE_MEMORY_TEAM_URL and no "team" url in ${team.configPath}), so only scope "local" can be searched. The user can set it up with \`memory team\` (see the README's Team memory section).`,
    );
  }
  const scope = scopeOf(args, context);
  if (isReply(scope)) return scope;
  const plan = planSearch(args.query);
  if (!plan)
    return errorReply(
      'the query has nothing to search for once quotes, brackets and operators are removed: give words or parts of words',
    );
  const filters = { ...scope.filters, type: args.type ?? null, agent: args.agent ?? null };
  const window = args.offset + args.limit;

  // Local first: it needs no network, and it is answered whatever the server does.
  // The local half is the same best-match search as scope "local" (and `memory search --team`).
  const local = context.reader.read((db) => {
    const found = bestMatches(db, args.query, filters, { limit: window + 1 });
    return {
      found: { tier: found.tier, matches: found.matches },
      host: knownHostId(db),
    };
  });
  let remote: { tier: Tier; hits: readonly TeamHit[]; atLeast: boolean } = { tier: 'like', hits: [], atLeast: false };
  let failure: string | null = null;
  try {
    // Team projects are named, not pathed: the default scope is this project's name.
    const project = scope.label === '*' ? null : scope.label;
    remote = await withTeamServer(team, async (client, where) => {
      await assertServerReady(client, where, 'searching');
      return searchTeam(
        client,
        args.query,
        { project, type: filters.type, since: filters.since, agent: filters.agent },
        window + 1,
      );
    });
  } catch (error) {
    if (!(error instanceof TeamError)) throw error;
    failure = error.message;
  }
  if (local === null && failure !== null)
    return noDatabase('memory-search', context, { project: scope.label, results: [], team_error: safe(failure, 300) });

  const merged = mergeResults<BestMatch, TeamHit>(
    local?.found.matches ?? [],
    remote.hits,
    local?.host ?? null,
    window + 1,
  );
  const budget = new Budget(context.budgetTokens);
  const lines: string[] = [];
  const results: SearchHit[] = [];
  for (const item of merged.slice(args.offset, window)) {
    const entry =
      item.origin === 'local'
        ? localEntry(item.hit, local?.found.tier ?? 'like', plan.terms)
        : teamEntry(item.hit, remote.tier, plan.terms);
    if (!budget.take(entry.line, entry.item)) break;
    lines.push(entry.line);
    results.push(entry.item);
  }
  const shownTo = args.offset + results.length;
  const more = merged.length > shownTo;
  const localTier = local?.found.tier ?? 'like';
  const open = `<memory-search project="${attribute(scope.label)}" query="${attribute(args.query)}" scope="team" tier="${localTier}" team_tier="${failure === null ? remote.tier : 'none'}" offset="${args.offset}" shown="${results.length}">`;
  const body =
    results.length > 0
      ? lines
      : [
          args.offset > 0
            ? `No more matches past offset ${args.offset}.`
            : 'No memories match, here or on the team server.',
        ];
  const notes = [
    ...(results.some((result) => result.origin === 'team') ? [TEAM_NOTE] : []),
    ...(failure === null ? [] : [`The team server was not searched: ${safe(failure, 300)}`]),
    ...(local === null
      ? [
          `No memory database on this machine yet (${safe(context.reader.dbPath, 300)}): only the team server was searched.`,
        ]
      : []),
    ...(more
      ? [
          `More matches: call search again with offset ${shownTo} and scope "team"${results.length < Math.min(args.limit, merged.length - args.offset) ? ' (this page was cut to fit the reply size)' : ''}.`,
        ]
      : []),
  ];
  const text = [open, DATA_NOTE, ...body, ...notes, '</memory-search>'].join('\n');
  return {
    text,
    structured: {
      about: DATA_NOTE,
      project: scope.label,
      scope: 'team',
      tier: localTier,
      team_tier: failure === null ? remote.tier : null,
      offset: args.offset,
      results,
      ...(failure === null ? {} : { team_error: safe(failure, 300) }),
      ...(more ? { next_offset: shownTo, paging: notes.at(-1) } : {}),
    },
  };
}

function localEntry(match: BestMatch, tier: Tier, terms: readonly string[]): { line: string; item: SearchHit } {
  const row = match.row;
  const file = safe(relativePath(row), 200);
  const score = Math.round(match.score * 1000) / 1000;
  const snippet = plainSnippet(likeSnippet(row.content, terms), 240);
  const item = searchHit(toPublicRecord(row, forTheModel(snippet, true)), tier, {
    score,
    matched: match.matched.map((word) => safe(word, 100)),
  });
  const line = `#${row.id} ${shortTime(row.created_at)} ${item.type}${file ? ` ${file}` : ''} (${item.project}, here) score ${score}\n  ${snippet}`;
  return { line, item };
}

function teamEntry(hit: TeamHit, tier: Tier, terms: readonly string[]): { line: string; item: SearchHit } {
  const snippet = plainSnippet(likeSnippet(hit.content, terms), 240);
  const item = searchHit(teamRecord(hit, forTheModel(snippet, true)), tier, FOUND_BY_THE_SERVER);
  // Pushed paths are already relative to the project.
  const line = `team #${item.id} ${shortTime(hit.created_at)} ${item.type}${item.file_path ? ` ${item.file_path}` : ''} (${item.project}, by ${item.author}@${item.host})${byAgent(item.agent)}\n  ${snippet}`;
  return { line, item };
}
