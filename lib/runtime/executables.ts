// Every program this package ships, in one list: the build makes one bundle of each, and the plugin's
// hooks.json, the installer's settings.json entries and its MCP registration are all derived from it.
// Pure data: no I/O, and nothing here may import more than the shared vocabulary.
import { CAPTURED_TOOLS_MATCHER } from '../memory.js';

/**
 * What every command line we write runs Node with. Node 22 calls node:sqlite experimental and prints an
 * ExperimentalWarning on stderr the first time it loads, a second line beside a hook's one
 * `[memory-hook]` line; `--disable-warning` is Node's documented way to quiet it (Node 20.11+, 21.3+),
 * so it goes on each command line we register (hooks, the MCP server, the launchers) and each process we
 * start, instead of replacing a Node API inside the process.
 */
export const NODE_FLAGS = ['--disable-warning=ExperimentalWarning'] as const;
/** NODE_FLAGS as they stand after `node` in a shell command line. */
export const NODE_COMMAND = `node ${NODE_FLAGS.join(' ')}`;

export type HookEvent = 'SessionStart' | 'PostToolUse' | 'PostToolUseFailure' | 'Stop' | 'UserPromptSubmit';

/** One event an executable answers in Claude Code's settings (or the plugin's hooks.json). */
export interface HookRegistration {
  readonly event: HookEvent;
  /** Stop and UserPromptSubmit take no matcher (Claude Code ignores it there), so we write none. */
  readonly matcher?: string;
  /** SessionStart must stay synchronous or its context is lost; capture must never slow a turn. */
  readonly async: boolean;
  /** Seconds Claude Code waits before it kills the hook. */
  readonly timeout: number;
}

export interface Executable {
  /** The file name of its bundle, without `.js`. */
  readonly name: string;
  /** The bundle's folder under dist/: Claude Code's hooks in hooks/, the rest in commands/. */
  readonly folder: 'hooks' | 'commands';
  /** Its entry module, from the repository root. */
  readonly source: string;
  /** The events it answers; empty for what Claude Code does not start as a hook. */
  readonly hooks: readonly HookRegistration[];
  /** Shipped by ./install.sh only: the plugin is installed and removed by Claude Code itself. */
  readonly installOnly?: true;
}

const captured = (event: HookEvent): HookRegistration => ({
  event,
  matcher: CAPTURED_TOOLS_MATCHER,
  async: true,
  timeout: 30,
});

export const EXECUTABLES = [
  {
    name: 'session-start',
    folder: 'hooks',
    source: 'hooks/session-start.ts',
    hooks: [{ event: 'SessionStart', matcher: 'startup|resume|clear|compact', async: false, timeout: 10 }],
  },
  {
    name: 'post-tool-use',
    folder: 'hooks',
    source: 'hooks/post-tool-use.ts',
    hooks: [captured('PostToolUse'), captured('PostToolUseFailure')],
  },
  { name: 'stop', folder: 'hooks', source: 'hooks/stop.ts', hooks: [{ event: 'Stop', async: false, timeout: 10 }] },
  {
    name: 'user-prompt-submit',
    folder: 'hooks',
    source: 'hooks/user-prompt-submit.ts',
    hooks: [{ event: 'UserPromptSubmit', async: false, timeout: 5 }],
  },
  // The daily maintenance, started detached by session-start: never a hook of Claude Code's.
  { name: '_cleanup', folder: 'hooks', source: 'hooks/_cleanup.ts', hooks: [] },
  // `memory`, the CLI; `memory mcp` (MCP_ARGS, what Claude Code starts) runs the MCP server's executable.
  { name: 'cli', folder: 'commands', source: 'commands/cli.ts', hooks: [] },
  { name: 'mcp-server', folder: 'commands', source: 'commands/mcp-server.ts', hooks: [] },
  // What the /mem slash command runs.
  { name: '_slash', folder: 'commands', source: 'commands/_slash.ts', hooks: [] },
  { name: '_install', folder: 'commands', source: 'commands/_install.ts', hooks: [], installOnly: true },
] as const satisfies readonly Executable[];

/** The hooks Claude Code runs: one entry per event, in settings order. */
export type HookScript = Extract<(typeof EXECUTABLES)[number], { folder: 'hooks' }>['name'];

export interface HookSpec extends HookRegistration {
  readonly script: Exclude<HookScript, '_cleanup'>;
}

export const HOOK_SPECS: readonly HookSpec[] = EXECUTABLES.flatMap((executable: Executable) =>
  executable.hooks.map((hook) => ({ ...hook, script: executable.name as HookSpec['script'] })),
);

/** An executable's bundle, relative to a runtime (or plugin) root. */
export function bundlePath(executable: Pick<Executable, 'folder' | 'name'>): string {
  return `dist/${executable.folder}/${executable.name}.js`;
}

/** The `memory` command's bundle, and the arguments that make it the MCP server. */
export const CLI_BUNDLE = 'dist/commands/cli.js';
export const MCP_ARGS = ['mcp'] as const;
/** The MCP server's own executable, which `memory mcp` runs. */
export const MCP_SERVER = 'dist/commands/mcp-server.js';

/** One hook of ours in another agent's config: its event (in that agent's words), the script, how long it may run. */
export interface AgentHook {
  readonly event: string;
  readonly script: HookSpec['script'];
  readonly matcher?: string;
  /** In the agent's own unit: Codex counts seconds, Gemini CLI milliseconds. */
  readonly timeout: number;
}

/**
 * The hooks Codex CLI and Gemini CLI run: the same scripts, with the agent's name as their argument.
 * Codex: matchers of letters and `|` are exact tool names; SessionEnd and PostToolUseFailure are left
 * out (the first has nothing for us, the second never fires). Gemini CLI: its own event names, tool
 * matchers as regular expressions, lifecycle matchers as exact strings.
 */
export const AGENT_HOOKS = {
  codex: [
    { event: 'SessionStart', script: 'session-start', matcher: 'startup|resume|clear', timeout: 10 },
    { event: 'UserPromptSubmit', script: 'user-prompt-submit', timeout: 5 },
    { event: 'PostToolUse', script: 'post-tool-use', matcher: 'Bash|apply_patch', timeout: 30 },
    { event: 'Stop', script: 'stop', timeout: 10 },
  ],
  gemini: [
    // A lifecycle event's matcher is an exact string to Gemini CLI: none, so every source matches.
    { event: 'SessionStart', script: 'session-start', timeout: 10_000 },
    { event: 'BeforeAgent', script: 'user-prompt-submit', timeout: 5_000 },
    {
      event: 'AfterTool',
      script: 'post-tool-use',
      matcher: '^(run_shell_command|write_file|replace)$',
      timeout: 30_000,
    },
    { event: 'AfterAgent', script: 'stop', timeout: 10_000 },
  ],
} as const satisfies Readonly<Record<'codex' | 'gemini', readonly AgentHook[]>>;

/** One hook of ours in Cursor's hooks.json: its event (Cursor's camelCase name) and the script. */
export interface CursorHook {
  readonly event: string;
  readonly script: HookSpec['script'];
}

/**
 * The hooks Cursor runs from ~/.cursor/hooks.json (with `cursor` as their argument). Commands come
 * from postToolUse/postToolUseFailure (the exit code is in its tool_output), edits from afterFileEdit
 * (postToolUse's edit inputs are undocumented); the turn's end from afterAgentResponse (it carries the
 * answer; `stop` was reported not to fire) and sessionEnd. No timeout is written: its unit is undocumented.
 */
export const CURSOR_HOOKS: readonly CursorHook[] = [
  { event: 'sessionStart', script: 'session-start' },
  { event: 'beforeSubmitPrompt', script: 'user-prompt-submit' },
  { event: 'postToolUse', script: 'post-tool-use' },
  { event: 'postToolUseFailure', script: 'post-tool-use' },
  { event: 'afterFileEdit', script: 'post-tool-use' },
  { event: 'afterAgentResponse', script: 'stop' },
  { event: 'sessionEnd', script: 'stop' },
];

/** The hooks OpenCode's plugin (lib/install/opencode-plugin.ts) runs, by the plugin hook that starts each. */
export const OPENCODE_HOOKS = {
  sessionStart: 'session-start',
  prompt: 'user-prompt-submit',
  tool: 'post-tool-use',
  idle: 'stop',
} as const satisfies Readonly<Record<string, HookSpec['script']>>;
