// The four MCP tools' work: validated arguments → the same queries `memory search` runs → a bounded,
// sanitised reply. Never writes; a missing database is an empty answer with a hint, not an error.
export type { ToolContext } from './context.js';
import { memoriesByIds, sessionNeighbours } from '../db/lookup.js';
import { bestMatches } from '../search/best-match-queries.js';
import { sessionSummaries } from '../search/queries.js';
import { memoryStats } from '../overview/queries.js';
import { DEFAULT_AGENT, type MemoryRow } from '../memory.js';
import { toPublicRecord } from '../memory-record.js';
import { searchHit, type SearchHit } from '../search/hit.js';
import { searchTerms } from '../search/plan.js';
import { likeSnippet } from '../search/snippet.js';
import { topCommands } from '../overview/stats.js';
import {
  attribute,
  Budget,
  DATA_NOTE,
  errorReply,
  plainSnippet,
  safe,
  safeBlock,
  shortTime,
  type ToolReply,
} from './reply.js';
import type { GetArgs, SearchArgs, SessionsArgs, StatsArgs } from './schemas.js';
import { byAgent, forTheModel, isReply, noDatabase, relativePath, scopeOf, type ToolContext } from './context.js';

export function searchTool(args: SearchArgs, context: ToolContext): ToolReply {
  const scope = scopeOf(args, context);
  if (isReply(scope)) return scope;
  if (searchTerms(args.query).length === 0)
    return errorReply(
      'the query has nothing to search for once quotes, brackets and operators are removed: give words or parts of words',
    );
  const filters = { ...scope.filters, type: args.type ?? null, agent: args.agent ?? null };
  const found = context.reader.read((db) =>
    bestMatches(db, args.query, filters, { limit: args.limit, offset: args.offset }),
  );
  if (found === null) return noDatabase('memory-search', context, { project: scope.label, results: [] });

  const hits = found.matches;
  const budget = new Budget(context.budgetTokens);
  const lines: string[] = [];
  const results: SearchHit[] = [];
  for (const match of hits) {
    const { row, score, fixes } = match;
    const matched = match.matched.map((word) => safe(word, 100));
    const file = safe(relativePath(row), 200);
    const snippet = plainSnippet(likeSnippet(row.content, match.matched), 240);
    const item = searchHit(toPublicRecord(row, forTheModel(snippet, true)), found.tier, {
      ...match,
      matched,
      bridged: match.bridged.map((word) => safe(word, 100)),
      summarised: match.summarised.map((word) => safe(word, 100)),
    });
    const why = row.intent ? plainSnippet(likeSnippet(row.intent, match.matched, 160), 200) : null;
    const partial =
      fixes !== undefined
        ? ` the next step after error #${fixes}`
        : matched.length < found.words.length
          ? ` matched: ${matched.join(', ')}`
          : '';
    const line = `#${row.id} ${shortTime(row.created_at)} ${item.type}${file ? ` ${file}` : ''}${scope.label === '*' ? ` (${item.project})` : ''}${byAgent(item.agent)} score ${score}${partial}\n  ${snippet}${why === null ? '' : `\n  why: ${why}`}`;
    if (!budget.take(line, item)) break;
    lines.push(line);
    results.push(item);
  }
  const shownTo = args.offset + results.length;
  const more = found.more || results.length < hits.length;
  const open = `<memory-search project="${attribute(scope.label)}" query="${attribute(args.query)}" tier="${found.tier}" offset="${args.offset}" shown="${results.length}">`;
  const body =
    results.length > 0
      ? lines
      : [args.offset > 0 ? `No more matches past offset ${args.offset}.` : 'No memories match.'];
  const note = more
    ? `More matches: call search again with offset ${shownTo}${results.length < hits.length ? ' (this page was cut to fit the reply size)' : ''}.`
    : null;
  const text = [open, DATA_NOTE, ...body, ...(note ? [note] : []), '</memory-search>'].join('\n');
  return {
    text,
    structured: {
      about: DATA_NOTE,
      project: scope.label,
      tier: found.tier,
      offset: args.offset,
      results,
      ...(note ? { next_offset: shownTo, paging: note } : {}),
    },
  };
}

export function getTool(args: GetArgs, context: ToolContext): ToolReply {
  const ids = [...new Set(args.ids)];
  const found = context.reader.read((db) => {
    const rows = new Map(memoriesByIds(db, ids).map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [{ row, around: sessionNeighbours(db, row, args.context) }] : [];
    });
  });
  if (found === null) return noDatabase('memory-get', context, { memories: [], missing: ids });
  const missing = ids.filter((id) => !found.some(({ row }) => row.id === id));
  if (found.length === 0)
    return errorReply(
      `no memory has id ${missing.join(', ')}: ids come from search or sessions results (forgotten or expired memories are gone)`,
    );

  const budget = new Budget(context.budgetTokens);
  const blocks: string[] = [];
  const memories: Array<Record<string, unknown>> = [];
  for (const [index, { row, around }] of found.entries()) {
    // A neighbour is one line: its content's lines joined and cut.
    const neighbour = (other: MemoryRow) => {
      const oneLine = other.content
        .split('\n')
        .map((part) => part.trim())
        .filter(Boolean)
        .join(' | ');
      const content = safe(oneLine, 200);
      return { record: toPublicRecord(other, forTheModel(content, content !== safe(oneLine, Infinity))), other };
    };
    const before = around.before.map(neighbour);
    const after = around.after.map(neighbour);
    const contextCost = [...before, ...after].reduce((sum, { record }) => sum + record.content.length + 40, 0);
    // The first memory always goes in, its content cut to what the budget leaves.
    const contentMax = index === 0 ? Math.max(200, Math.min(8000, (budget.remaining - contextCost / 4) * 2)) : 8000;
    const content = safeBlock(row.content, contentMax);
    const file = safe(relativePath(row), 300);
    const item = {
      memory: toPublicRecord(row, forTheModel(content, content !== safeBlock(row.content, Infinity))),
      ...(row.intent ? { why: safe(row.intent, 400) } : {}),
      before: before.map(({ record }) => record),
      after: after.map(({ record }) => record),
    };
    const line = ({ record, other }: ReturnType<typeof neighbour>, mark: string) => {
      const otherFile = safe(relativePath(other), 200);
      return `${mark} #${other.id} ${shortTime(other.created_at)} ${record.type}${otherFile ? ` ${otherFile}` : ''}: ${record.content}`;
    };
    const block = [
      `<memory id="${row.id}" time="${shortTime(row.created_at)}" type="${row.type}" tool="${attribute(row.tool_name, 40)}" project="${attribute(row.project, 100)}"${file ? ` file="${attribute(file, 300)}"` : ''}${row.exit_code === null ? '' : ` exit="${row.exit_code}"`} session="${attribute(row.session_id, 80)}">`,
      ...before.map((other) => line(other, 'before')),
      ...(before.length > 0 || after.length > 0 ? [`this #${row.id}:`] : []),
      content,
      ...(item.why ? [`why: ${item.why}`] : []),
      ...after.map((other) => line(other, 'after')),
      '</memory>',
    ].join('\n');
    if (!budget.take(block, item) && index > 0) break;
    blocks.push(block);
    memories.push(item);
  }
  const unshown = found.slice(memories.length).map(({ row }) => row.id);
  const notes = [
    ...(missing.length > 0 ? [`No memory has id ${missing.join(', ')}.`] : []),
    ...(unshown.length > 0
      ? [
          `Not shown, to keep the reply short: ${unshown.join(', ')}. Call get again with those ids (or a smaller context).`,
        ]
      : []),
  ];
  const text = ['<memory-get>', DATA_NOTE, ...blocks, ...notes, '</memory-get>'].join('\n');
  return {
    text,
    structured: {
      about: DATA_NOTE,
      memories,
      missing,
      ...(unshown.length > 0 ? { unshown, paging: notes.at(-1) } : {}),
    },
  };
}

export function sessionsTool(args: SessionsArgs, context: ToolContext): ToolReply {
  const scope = scopeOf(args, context);
  if (isReply(scope)) return scope;
  const window = args.offset + args.limit;
  const rows = context.reader.read((db) => sessionSummaries(db, scope.filters, window + 1));
  if (rows === null) return noDatabase('memory-sessions', context, { project: scope.label, sessions: [] });
  const page = rows.slice(args.offset, window);
  const budget = new Budget(context.budgetTokens);
  const blocks: string[] = [];
  const sessions: Array<Record<string, unknown>> = [];
  for (const row of page) {
    const item = {
      session_id: safe(row.session_id, 80),
      project: safe(row.project, 100),
      started_at: row.started_at,
      ended_at: row.ended_at,
      duration_sec: row.duration_sec,
      memory_count: row.memory_count,
      error_count: row.error_count,
      files_changed: row.files_changed
        .slice(0, 20)
        .map((file) => safe(relativePath({ file_path: file, project_path: row.project_path }), 200)),
      tools_used: row.tools_used.slice(0, 20).map((tool) => safe(tool, 40)),
      summary: safeBlock(row.summary, 1500),
      ...(row.agent && row.agent !== DEFAULT_AGENT ? { agent: row.agent } : {}),
    };
    const by = item.agent ? ` agent="${attribute(item.agent, 20)}"` : '';
    const block = [
      `<session id="${attribute(row.session_id, 80)}" project="${attribute(row.project, 100)}"${by} start="${shortTime(row.started_at)}" end="${shortTime(row.ended_at)}" memories="${row.memory_count}" errors="${row.error_count}">`,
      item.summary,
      ...(item.files_changed.length > 0 ? [`files changed: ${item.files_changed.join(', ')}`] : []),
      '</session>',
    ].join('\n');
    if (!budget.take(block, item)) break;
    blocks.push(block);
    sessions.push(item);
  }
  const shownTo = args.offset + sessions.length;
  const more = rows.length > shownTo;
  const empty =
    args.offset > 0
      ? `No more sessions past offset ${args.offset}.`
      : 'No session summaries yet (one is written when a session ends).';
  const note = more ? [`More sessions: call sessions again with offset ${shownTo}.`] : [];
  const text = [
    `<memory-sessions project="${attribute(scope.label)}" offset="${args.offset}" shown="${sessions.length}">`,
    DATA_NOTE,
    ...(blocks.length > 0 ? blocks : [empty]),
    ...note,
    '</memory-sessions>',
  ].join('\n');
  return {
    text,
    structured: {
      about: DATA_NOTE,
      project: scope.label,
      offset: args.offset,
      sessions,
      ...(more ? { next_offset: shownTo, paging: note[0] } : {}),
    },
  };
}

export function statsTool(args: StatsArgs, context: ToolContext): ToolReply {
  const scope = scopeOf(args, context);
  if (isReply(scope)) return scope;
  // No per-day chart here: no days asked for.
  const raw = context.reader.read((db) => memoryStats(db, scope.filters, [], args.top));
  if (raw === null) return noDatabase('memory-stats', context, { project: scope.label, total: 0 });
  const count = (list: ReadonlyArray<{ name: string; count: number }>, max: number) =>
    list.slice(0, max).map(({ name, count: n }) => ({ name: safe(name, 100), count: n }));
  const structured = {
    about: DATA_NOTE,
    project: scope.label,
    total: raw.total,
    sessions: raw.sessions,
    summaries: raw.summaries,
    errors: raw.errors,
    error_rate: raw.total === 0 ? 0 : Math.round((raw.errors / raw.total) * 1000) / 1000,
    oldest: raw.oldest,
    newest: raw.newest,
    by_type: count(raw.byType, 10),
    by_tool: count(raw.byTool, 10),
    ...(scope.label === '*' ? { by_project: count(raw.byProject, args.top) } : {}),
    top_files: raw.topFiles.slice(0, args.top).map((file) => ({
      file: safe(relativePath({ file_path: file.name, project_path: file.project_path }), 200),
      count: file.count,
    })),
    top_commands: topCommands(raw.commandHeads, args.top).map(({ command, count: n }) => ({
      command: safe(command, 100),
      count: n,
    })),
  };
  const list = (pairs: ReadonlyArray<readonly [string, number]>) =>
    pairs.length === 0 ? 'none' : pairs.map(([name, n]) => `${name} ${n}`).join(', ');
  const text = [
    `<memory-stats project="${attribute(scope.label)}">`,
    DATA_NOTE,
    `memories ${raw.total} in ${raw.sessions} sessions (${raw.summaries} summarised); errors ${raw.errors} (${(structured.error_rate * 100).toFixed(1)}%)`,
    `from ${raw.oldest ? shortTime(raw.oldest) : '-'} to ${raw.newest ? shortTime(raw.newest) : '-'}`,
    `by type: ${list(structured.by_type.map(({ name, count: n }) => [name, n] as const))}`,
    `by tool: ${list(structured.by_tool.map(({ name, count: n }) => [name, n] as const))}`,
    ...(structured.by_project
      ? [`by project: ${list(structured.by_project.map(({ name, count: n }) => [name, n] as const))}`]
      : []),
    `top files: ${list(structured.top_files.map(({ file, count: n }) => [file, n] as const))}`,
    `top commands: ${list(structured.top_commands.map(({ command, count: n }) => [command, n] as const))}`,
    '</memory-stats>',
  ].join('\n');
  return { text, structured };
}
