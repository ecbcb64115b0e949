// Every setting the package has, as data: its key in the settings file, its environment variable and
// its default. lib/config/config.ts reads them; docs/configuration.md says what each does (a test keeps the
// page and this table in step). Pure: no I/O.

/** One setting as docs/configuration.md lists it: its key in the file, its variable, its default. */
export interface Setting {
  /** Key in the settings file (`team.url` is the `url` of its `team` object); null: environment only. */
  readonly key: string | null;
  readonly env: string | null;
  readonly default: number | boolean | null;
}

/** Claude Code replaces hook output over 10,000 characters with a preview: stay well below. */
export const CONTEXT_CHARS_MAX = 9000;
/** A client bug once left stdin open forever; under load, reading can also take seconds. */
export const STDIN_TIMEOUT_MS = 9000;
/** Async capture runs beside the turn; past this its event goes to the spool instead. */
export const CAPTURE_BUDGET_MS = 8000;
/** Recall's budget from the hook's start: past it the prompt goes on without the block (the user is waiting). */
export const RECALL_DEADLINE_MS = 1000;
/**
 * On, by the documented rule (docs/recall.md; `npm run eval:recall`): recall ships on once at least 0.9
 * of what it injects on the development set is what the prompt was about, with 30 % of prompts
 * answered, Korean prompts included. `memory recall off` turns it off.
 */
export const RECALL_ON_BY_DEFAULT = true;
/** The kinds of personal data a team push can replace (lib/team/pii.ts has a pattern for each). */
export const TEAM_PII_KINDS = ['email', 'phone'] as const;
export type TeamPiiKind = (typeof TEAM_PII_KINDS)[number];

/** Defaults that are not a plain value (a path, the machine's name) are null here and said in the docs. */
export const SETTINGS = {
  db: { key: 'db', env: 'CLAUDE_MEMORY_DB', default: null },
  disabled: { key: 'disabled', env: 'CLAUDE_MEMORY_DISABLE', default: false },
  contextChars: { key: 'contextChars', env: 'CLAUDE_MEMORY_CONTEXT_CHARS', default: 2000 },
  contextDays: { key: 'contextDays', env: 'CLAUDE_MEMORY_CONTEXT_DAYS', default: 21 },
  retentionDays: { key: 'retentionDays', env: 'CLAUDE_MEMORY_RETENTION_DAYS', default: 90 },
  errorRetentionDays: { key: 'errorRetentionDays', env: 'CLAUDE_MEMORY_ERROR_RETENTION_DAYS', default: 365 },
  recall: { key: 'recall', env: 'CLAUDE_MEMORY_RECALL', default: RECALL_ON_BY_DEFAULT },
  stdinTimeoutMs: { key: 'stdinTimeoutMs', env: 'CLAUDE_MEMORY_STDIN_TIMEOUT_MS', default: STDIN_TIMEOUT_MS },
  captureBudgetMs: { key: 'captureBudgetMs', env: 'CLAUDE_MEMORY_CAPTURE_BUDGET_MS', default: CAPTURE_BUDGET_MS },
  recallDeadlineMs: { key: 'recallDeadlineMs', env: 'CLAUDE_MEMORY_RECALL_DEADLINE_MS', default: RECALL_DEADLINE_MS },
  teamUrl: { key: 'team.url', env: 'CLAUDE_MEMORY_TEAM_URL', default: null },
  teamHost: { key: 'team.host', env: 'CLAUDE_MEMORY_TEAM_HOST', default: null },
  teamPii: { key: 'team.pii', env: 'CLAUDE_MEMORY_TEAM_PII', default: null },
  teamPiiPatterns: { key: 'team.piiPatterns', env: null, default: null },
  teamConnectTimeoutMs: { key: 'team.connectTimeoutMs', env: 'CLAUDE_MEMORY_TEAM_TIMEOUT_MS', default: 5000 },
  teamAutoPushMinutes: { key: 'team.autoPushMinutes', env: 'CLAUDE_MEMORY_TEAM_AUTO_PUSH', default: 0 },
  now: { key: null, env: 'CLAUDE_MEMORY_NOW', default: null },
  configFile: { key: null, env: 'CLAUDE_MEMORY_CONFIG', default: null },
} as const satisfies Record<string, Setting>;
