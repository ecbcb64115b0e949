// The MCP tools as the model sees them: names, descriptions that say when to reach for each, and
// bounded input schemas. Strict objects: an unknown argument (a `path`, say) is an error, not ignored.
import { z } from 'zod';
import { AGENTS, MEMORY_TYPES } from '../memory.js';

export const QUERY_MAX_CHARS = 1000;
export const SEARCH_LIMIT_MAX = 50;
export const OFFSET_MAX = 500;
export const GET_IDS_MAX = 20;
export const CONTEXT_MAX = 10;

const project = z
  .string()
  .min(1)
  .max(200)
  .optional()
  .describe(
    'Project name (the basename of its folder, as `memory search --stats` lists them), or "*" for every project. Default: the project Claude Code is running in.',
  );
const since = z
  .string()
  .min(1)
  .max(40)
  .optional()
  .describe('Only newer than this: a duration such as 7d, 12h, 30m, 2w, or a date such as 2026-11-01.');
const type = z
  .enum(MEMORY_TYPES)
  .optional()
  .describe('Only this kind: observation (file reads, other tools), file_edit, command or error.');
const offset = z
  .number()
  .int()
  .min(0)
  .max(OFFSET_MAX)
  .default(0)
  .describe('Skip this many results (for paging: the previous reply says which offset to use next).');

export const searchInput = z.strictObject({
  query: z
    .string()
    .min(1)
    .max(QUERY_MAX_CHARS, {
      error: `query is longer than ${QUERY_MAX_CHARS} characters: search for a few distinctive words instead`,
    })
    .describe(
      'Words to find. Every word must match; quotes and operators are searched as plain text. Partial words and error codes work (SQLITE_BUSY, 인증).',
    ),
  project,
  type,
  since,
  agent: z
    .enum(AGENTS)
    .optional()
    .describe(
      'Only what this coding agent did (Claude Code is "claude-code"). Default: every agent. With scope "team", team memories pushed before the server kept agents are left out.',
    ),
  limit: z
    .number()
    .int()
    .min(1)
    .max(SEARCH_LIMIT_MAX)
    .default(10)
    .describe(`How many results (1–${SEARCH_LIMIT_MAX}, default 10).`),
  offset,
  scope: z
    .enum(['local', 'team'])
    .default('local')
    .describe(
      '"local" (default): this machine\'s memory. "team": also the team server\'s memories that a maintainer approved (when the user set up team memory), merged with the local ones, each marked with its origin and author host.',
    ),
});

export const getInput = z.strictObject({
  ids: z
    .array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER))
    .min(1)
    .max(GET_IDS_MAX, { error: `at most ${GET_IDS_MAX} ids per call` })
    .describe(`Memory ids, as shown by search (#123 → 123); up to ${GET_IDS_MAX}.`),
  context: z
    .number()
    .int()
    .min(0)
    .max(CONTEXT_MAX)
    .default(0)
    .describe(
      `Also show this many memories before and after each one in the same session (0–${CONTEXT_MAX}): what led up to it and what came after.`,
    ),
});

export const sessionsInput = z.strictObject({
  project,
  since,
  limit: z
    .number()
    .int()
    .min(1)
    .max(SEARCH_LIMIT_MAX)
    .default(10)
    .describe(`How many sessions (1–${SEARCH_LIMIT_MAX}, default 10), newest first.`),
  offset,
});

export const statsInput = z.strictObject({
  project,
  since,
  top: z.number().int().min(1).max(20).default(10).describe('How many files and commands to list (1–20, default 10).'),
});

export type SearchArgs = z.infer<typeof searchInput>;
export type GetArgs = z.infer<typeof getInput>;
export type SessionsArgs = z.infer<typeof sessionsInput>;
export type StatsArgs = z.infer<typeof statsInput>;

export const TOOL_TEXT = {
  search: {
    title: 'Search past sessions',
    description:
      'Search the memory of earlier Claude Code sessions on this machine (commands run, files edited, errors, and what came after them), captured by claude-memory-hooks. ' +
      'Use it when the task touches something that may have come up before: "how did we fix this error last time", "when did this test start failing", "which files handle auth", an error message you are seeing now. ' +
      'Searches the current project unless project is given ("*" for all). Returns ids with a snippet each; pass ids to `get` for the full text and the surrounding session. ' +
      'With scope "team" it also searches what teammates shared and a maintainer approved (when the user set up team memory).',
  },
  get: {
    title: 'Read memories in full',
    description:
      'Read memories by id (from `search` or `sessions` results) in full, optionally with the memories just before and after each one in the same session (context). ' +
      'Use it when a search snippet is not enough: to see the whole error output, or the commands and edits that led up to a failure and the ones that fixed it.',
  },
  sessions: {
    title: 'Recent session summaries',
    description:
      'List summaries of recent Claude Code sessions of a project, newest first: what each session did, files changed, errors hit. ' +
      'Use it to get oriented at the start of a task ("what was I doing here yesterday") or to find when something was worked on.',
  },
  stats: {
    title: 'Memory statistics',
    description:
      'Counts for a project (or all with project "*"): memories by kind, error rate, the most edited files and the most run commands. ' +
      'Use it to learn how a project is usually built and tested, or which files keep changing or breaking.',
  },
} as const;
