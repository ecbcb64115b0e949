// `memory import [PATH…]`: backfills memories from the agents' own session files (Claude Code's
// transcripts, Codex's rollouts, Gemini CLI's chats, OpenCode's opencode.db), through the same capture
// pipeline as the live hooks. Progress bar on a terminal (stderr); counts on stdout.
import { writeOut } from '../lib/io/stdout.js';
import { exitBySignal, SIGNAL_EXIT } from '../lib/runtime/exit.js';
import type { Command } from 'commander';
import { join } from 'node:path';
import { MemoryError } from '../lib/errors.js';
import { findTranscripts, type SessionFileAgent, type TranscriptFile } from '../lib/import/files.js';
import { importTranscripts, type ImportProgress, type ImportSummary } from '../lib/import/importer.js';
import { renderProgress } from '../lib/import/progress.js';
import { cleanupPeriod, importReachNote, oldestTranscript } from '../lib/import/retention.js';
import {
  claudeDir,
  codexHome,
  geminiHome,
  homeDir,
  opencodeDbPath,
  opencodeSessionFilesDir,
  type Env,
} from '../lib/paths.js';
import { cliConfig } from './shared/database.js';
import { parseAgent } from './shared/flags.js';

interface ImportFlags {
  readonly json?: boolean;
  readonly dryRun?: boolean;
  readonly refresh?: boolean;
  readonly includeHeld?: boolean;
  readonly debugRss?: boolean;
  readonly agent?: string;
}

const SESSION_FILE_AGENTS: readonly SessionFileAgent[] = ['claude-code', 'codex', 'gemini', 'opencode'];

/**
 * Each agent's own folders, keeping only that agent's files: a `.jsonl` that is no chat in Gemini's
 * folder (a log, a checkpoint) is not a Claude Code transcript either.
 */
function findDefaults(
  agents: readonly SessionFileAgent[],
  roots: Record<SessionFileAgent, readonly string[]>,
): { readonly files: readonly TranscriptFile[]; readonly missing: readonly string[] } {
  const files: TranscriptFile[] = [];
  const missing: string[] = [];
  for (const agent of agents) {
    const found = findTranscripts(roots[agent]);
    files.push(...found.files.filter((file) => file.agent === agent));
    missing.push(...found.missing);
  }
  return { files, missing };
}

/** Where each agent keeps its session files, when no path is given. */
function defaultRoots(env: Env): Record<SessionFileAgent, readonly string[]> {
  return {
    'claude-code': [join(claudeDir(env), 'projects')],
    codex: [join(codexHome(env), 'sessions'), join(codexHome(env), 'archived_sessions')],
    gemini: [join(geminiHome(env), 'tmp')],
    opencode: [opencodeDbPath(env), opencodeSessionFilesDir(env)],
  };
}

export function registerImport(program: Command): void {
  program
    .command('import')
    .description("backfill memories from the agents' session files (Claude Code, Codex CLI, Gemini CLI, OpenCode)")
    .argument(
      '[paths...]',
      'session files or folders (default: ~/.claude/projects, ~/.codex/sessions, ~/.gemini/tmp, ~/.local/share/opencode/opencode.db and its storage/session, those that exist)',
    )
    .option('--agent <name>', 'only this agent: claude, codex, gemini or opencode (default: all four)')
    .option('--json', 'print the summary as JSON')
    .option('--dry-run', 'count what would be imported (or refreshed); write nothing')
    .option('--refresh', "re-derive the stored rows of these calls through today's capture (ids, times, sessions kept)")
    .option(
      '--include-held',
      'also add the missing calls of sessions stored before an upgrade from a build without tombstones (docs/secrets.md)',
    )
    .addOption(program.createOption('--debug-rss', 'report peak memory use in the JSON summary').hideHelp())
    .action(async (paths: string[], flags: ImportFlags) => {
      await runImport(paths, flags);
    });
}

async function runImport(paths: readonly string[], flags: ImportFlags): Promise<void> {
  const env = process.env;
  const config = cliConfig();
  const only = flags.agent === undefined ? null : parseAgent(flags.agent, SESSION_FILE_AGENTS);
  const roots = defaultRoots(env);
  const agents = SESSION_FILE_AGENTS.filter((agent) => only === null || agent === only);
  const defaults = agents.flatMap((agent) => roots[agent]);
  const searched = paths.length > 0 ? findTranscripts(paths) : findDefaults(agents, roots);
  const found = only === null ? searched : { ...searched, files: searched.files.filter((f) => f.agent === only) };
  const [missing] = found.missing;
  if (paths.length > 0 && missing !== undefined) throw new MemoryError(`no such file or directory: ${missing}`);
  // No session files yet is a normal first day, not a failure (install.sh --import runs this).
  if (paths.length === 0 && found.missing.length === defaults.length)
    process.stderr.write(`memory: no session files yet (looked in ${defaults.join(', ')})\n`);

  const bar = process.stderr.isTTY && !flags.json ? new ProgressLine() : null;
  const stop = new StopOnSignal();
  const summary = await importTranscripts({
    files: found.files,
    config,
    dryRun: flags.dryRun === true,
    refresh: flags.refresh === true,
    signal: stop.signal,
    ...(flags.includeHeld ? { admitHeld: () => true } : {}),
    onSkip: (path: string, why: string) =>
      process.stderr.write(`memory: skipped ${path}: not an OpenCode database we can read (${why})\n`),
    ...(bar ? { onProgress: (progress: ImportProgress) => bar.draw(progress) } : {}),
  }).finally(() => stop.release());
  bar?.clear();
  const stoppedBy = summary.stopped ? stop.received : null;
  if (stoppedBy) {
    exitBySignal(stoppedBy);
    process.stderr.write(
      `memory: stopped by ${stoppedBy === 'SIGINT' ? 'Ctrl-C (SIGINT)' : stoppedBy}: what was read before it is kept; ` +
        'run memory import again to finish (what is stored is skipped)\n',
    );
  }

  if (flags.json) {
    const extra = flags.debugRss ? { maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) } : {};
    const { refreshed, unchanged, notStored, stopped: _stopped, ...counts } = summary;
    const refresh = flags.refresh ? { refreshed, unchanged, notStored } : {};
    const stopped = stoppedBy ? { stoppedBy } : {};
    writeOut(
      `${JSON.stringify({ ...counts, ...refresh, ...stopped, dryRun: flags.dryRun === true, dbPath: config.dbPath, ...extra }, null, 2)}\n`,
    );
    return;
  }
  const where = tildify(config.dbPath, homeDir(env));
  writeOut(
    flags.refresh
      ? formatRefresh(summary, flags.dryRun === true, where)
      : formatSummary(summary, flags.dryRun === true, where, config.retentionDays, found.files.length),
  );
  // Only Claude Code's own folder is swept by its cleanup; files named on the command line are the user's.
  const claudeFiles = found.files.filter((file) => file.agent === 'claude-code');
  const note =
    paths.length === 0 && !flags.refresh && (only === null || only === 'claude-code')
      ? importReachNote(cleanupPeriod(env), config.retentionDays, oldestTranscript(claudeFiles), config.now())
      : null;
  if (note) writeOut(`${note}\n`);
}

// A shell reports a process ended by a signal as 128 + its number; an import stopped by one says the same.
type StopSignal = keyof typeof SIGNAL_EXIT;

/**
 * The first Ctrl-C or SIGTERM asks the import to stop after the line it is reading, so what was read
 * is stored and the summary printed; the handlers are removed then, so a second one ends the
 * process at once, as it would have without them.
 */
class StopOnSignal {
  private readonly controller = new AbortController();
  received: StopSignal | null = null;
  readonly signal = this.controller.signal;
  private readonly handlers = (Object.keys(SIGNAL_EXIT) as StopSignal[]).map(
    (name) => [name, () => this.stop(name)] as const,
  );

  constructor() {
    for (const [name, handler] of this.handlers) process.once(name, handler);
  }

  private stop(name: StopSignal): void {
    this.received = name;
    this.release();
    this.controller.abort();
  }

  release(): void {
    for (const [name, handler] of this.handlers) process.removeListener(name, handler);
  }
}

function tildify(path: string, home: string): string {
  return home && path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}

/** Redraws at most ten times a second, in place, on stderr. */
class ProgressLine {
  private readonly started = Date.now();
  private last = 0;

  draw(progress: ImportProgress): void {
    const now = Date.now();
    if (now - this.last < 100) return;
    this.last = now;
    process.stderr.write(`\r\x1b[K${renderProgress(progress, now - this.started, process.stderr.columns || 80)}`);
  }

  clear(): void {
    if (this.last > 0) process.stderr.write('\r\x1b[K');
  }
}

export function formatRefresh(summary: ImportSummary, dryRun: boolean, dbPath: string): string {
  const n = (count: number): string => count.toLocaleString('en-US');
  return [
    `${dryRun ? 'Dry run (nothing written): refresh of' : 'Refreshed from'} ${n(summary.files)} transcript files (${n(summary.toolCalls)} tool calls)${dryRun ? '' : ` in ${dbPath}`}`,
    `  ${dryRun ? 'would change' : 'changed'} ${n(summary.refreshed)} stored memories (text re-derived by today's capture; ids, times, sessions kept)`,
    `  unchanged  ${n(summary.unchanged)}`,
    `  not stored ${n(summary.notStored)} (calls with no stored row: never imported, deduplicated or deleted)`,
    '',
  ].join('\n');
}

export function formatSummary(
  summary: ImportSummary,
  dryRun: boolean,
  dbPath: string,
  retentionDays: number,
  filesTotal: number,
): string {
  const s = (count: number, word: string): string =>
    `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
  const head = dryRun ? 'Dry run (nothing written):' : 'Imported';
  const rows: Array<[string, number, string]> = [
    [
      dryRun ? 'would add' : 'added',
      summary.added,
      `${summary.added === 1 ? 'memory' : 'memories'}${summary.redactions > 0 ? ` (${s(summary.redactions, 'secret')} redacted)` : ''}`,
    ],
    ['duplicates', summary.duplicates, 'skipped (already stored)'],
    ...(summary.disabled > 0
      ? [
          ['memory off', summary.disabled, 'skipped (their sessions ran with CLAUDE_MEMORY_DISABLE=1)'] as [
            string,
            number,
            string,
          ],
        ]
      : []),
    ...(summary.held > 0
      ? [
          [
            'held',
            summary.held,
            'skipped (of sessions stored before the upgrade: perhaps forgotten then; --include-held adds them)',
          ] as [string, number, string],
        ]
      : []),
    ...(summary.forgotten > 0
      ? [
          ['forgotten', summary.forgotten, 'skipped (memory forget deleted them: memory forget --list-tombstones)'] as [
            string,
            number,
            string,
          ],
        ]
      : []),
    ['noise', summary.noise, 'skipped (read-only commands, ignored paths, interrupts)'],
    ['not run', summary.notRun, 'skipped (rejected, blocked by a hook, refused)'],
    ['too old', summary.tooOld, `skipped (older than ${retentionDays} days)`],
    ['bad lines', summary.badLines, 'skipped'],
  ];
  if (summary.unpaired > 0) rows.push(['unfinished', summary.unpaired, 'calls without a result, skipped']);
  if (summary.unreadableFiles > 0) rows.push(['unreadable', summary.unreadableFiles, 'files skipped']);
  const width = Math.max(...rows.map(([, count]) => count.toLocaleString('en-US').length));
  const into = dryRun ? '' : ` into ${dbPath}`;
  const lines = [
    summary.stopped
      ? `${dryRun ? 'Dry run stopped' : 'Stopped'} after ${s(summary.toolCalls, 'tool call')} (${s(summary.sessions, 'session')}; ${summary.files.toLocaleString('en-US')} of ${s(filesTotal, 'transcript file')} read to the end)${into}`
      : `${head} ${s(summary.files, 'transcript file')} (${s(summary.sessions, 'session')}, ${s(summary.toolCalls, 'tool call')})${into}`,
    ...rows.map(
      ([label, count, text]) => `  ${label.padEnd(11)}${count.toLocaleString('en-US').padStart(width)} ${text}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
