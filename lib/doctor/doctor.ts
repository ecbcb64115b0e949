// The checks behind `memory doctor`, as data: each one a status, what was found, and how to fix it.
// Runs the installed hooks only against a scratch database in a temp dir, never the real one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readSettings, type Config, type RecallSetting, type Settings } from '../config/config.js';
import { findTranscripts } from '../import/files.js';
import { cleanupPeriod, daysAgo, describePeriod, oldestTranscript } from '../import/retention.js';
import { rowCounts } from '../db/health.js';
import { sqliteDriver } from '../db/driver.js';
import { countStoredRewrites } from '../db/rewrite.js';
import { checkDatabase } from './database.js';
import { PLUGIN_ID, REMOVE_PLUGIN } from '../runtime/packaging.js';
import { installShCaptures, isPlugin, ownRoot } from '../runtime/own-files.js';
import { checkDriver, checkPluginAlongside, checkPluginCopy } from './copies.js';
import { readSettingsFile } from '../install/files.js';
import { checkMcpServer } from './mcp.js';
import { checkAgents } from './agents.js';
import { ourEntry } from '../mcp/registration.js';
import { claudeDir, cleanupMarkerPath, type Env } from '../paths.js';
import { redactStoredRow } from '../redact/redact.js';
import { launcherRuns, parseRecord } from '../install/launcher.js';
import { cliPath, installLayout } from '../install/layout.js';
import {
  HOOK_SPECS,
  hookCommand,
  hookScriptPath,
  isOurCommand,
  listHandlers,
  type HookSpec,
  type RegisteredHandler,
} from '../install/settings.js';
import { isOurSlashCommand } from '../install/slash.js';
import type { Check, Status } from './check.js';

export type { Check, Status };

export interface DoctorReport {
  readonly ok: boolean;
  readonly settingsPath: string;
  readonly runtimeDir: string;
  readonly dbPath: string;
  readonly checks: readonly Check[];
}

const REINSTALL = 'run ./install.sh from the claude-memory-hooks checkout (it is safe to re-run)';
const PLUGIN_REINSTALL = `reinstall the plugin: ${REMOVE_PLUGIN}, then claude plugin install ${PLUGIN_ID} (the database stays)`;

export function runDoctor(env: Env, nodeVersion: string): DoctorReport {
  const settings = readSettings(env);
  const { config } = settings;
  const layout = installLayout(env);
  const runtime = layout.runtime;
  const settingsPath = layout.settings;
  const checks: Check[] = isPlugin() ? [checkDriver()] : [checkNode(nodeVersion), checkDriver()];
  if (config.disabled) {
    checks.push({
      section: 'environment',
      status: 'warn',
      message: 'CLAUDE_MEMORY_DISABLE is set: the hooks capture nothing and inject nothing',
      fix: 'unset CLAUDE_MEMORY_DISABLE to turn capture back on',
    });
  }
  checks.push(checkRecall(settings.recall));
  const values = checkSettingValues(settings);
  if (values) checks.push(values);
  // The plugin: Claude Code registers its hooks, command and MCP server; ./install.sh's parts are not its business.
  if (isPlugin()) {
    const root = ownRoot();
    checks.push(...checkPluginCopy(env, root));
    checks.push(...databaseChecks(config.dbPath, env, nodeVersion));
    checks.push(checkTranscripts(env, config));
    // Sample runs only where they can show something the checks above did not.
    if (sqliteDriver().ok && !installShCaptures(env, 'post-tool-use'))
      checks.push(...sampleRuns(env, root, new Map(), PLUGIN_REINSTALL));
    return {
      ok: checks.every((check) => check.status !== 'fail'),
      settingsPath,
      runtimeDir: root,
      dbPath: config.dbPath,
      checks,
    };
  }
  const registered = checkSettings(settingsPath, runtime, checks);
  const alongside = checkPluginAlongside(env);
  if (alongside) checks.push(alongside);
  checks.push(...databaseChecks(config.dbPath, env, nodeVersion));
  checks.push(checkTranscripts(env, config));
  checks.push(...sampleRuns(env, runtime, registered));
  checks.push(checkSlashCommand(layout.commandsDir, runtime));
  checks.push(checkLauncher(layout.record, runtime, env));
  checks.push(
    ...checkMcpServer(env, cliPath(runtime), process.execPath, REINSTALL).map((check): Check => ({
      section: 'mcp server',
      ...check,
    })),
  );
  checks.push(...checkAgents(env, runtime, ourEntry(cliPath(runtime), process.execPath)));
  return {
    ok: checks.every((check) => check.status !== 'fail'),
    settingsPath,
    runtimeDir: runtime,
    dbPath: config.dbPath,
    checks,
  };
}

/**
 * What outlives Claude Code's own cleanup: its setting, the oldest transcript it still keeps, and how
 * long the memory keeps what it captured. Information, never a problem.
 */
function checkTranscripts(env: Env, config: Config): Check {
  const period = cleanupPeriod(env);
  const oldest = oldestTranscript(findTranscripts([join(claudeDir(env), 'projects')]).files);
  const now = config.now();
  const onDisk = oldest
    ? `the oldest still on disk was last written ${oldest.toISOString().slice(0, 10)} (${daysAgo(oldest, now)} days ago)`
    : 'none is on disk yet';
  return {
    section: 'transcripts',
    status: 'ok',
    message: `Claude Code deletes session transcripts ${describePeriod(period)}; ${onDisk}. The memory keeps what it captured beyond that: ${config.retentionDays} days, errors ${config.errorRetentionDays}`,
  };
}

/** Settings that fell back to their defaults (recall's own are in its check). */
function checkSettingValues(settings: Settings): Check | null {
  const recall = settings.recall.warnings;
  const others = settings.warnings.filter((warning) => !recall.includes(warning));
  return others.length === 0
    ? null
    : {
        section: 'environment',
        status: 'warn',
        message: `some settings fell back to their defaults: ${others.join('; ')}`,
        fix: 'fix the values (docs/configuration.md lists each setting and what it takes)',
      };
}

/** Prompt-time recall: on or off, and what decided it. Off is a choice, not a problem. */
function checkRecall(setting: RecallSetting): Check {
  const from =
    setting.source === 'default'
      ? 'the default'
      : setting.source === 'config file'
        ? setting.configPath
        : 'CLAUDE_MEMORY_RECALL';
  if (setting.warnings.length > 0) {
    return {
      section: 'environment',
      status: 'warn',
      message: `recall is ${setting.on ? 'on' : 'off'} (${from}); ${setting.warnings.join('; ')}`,
      fix: 'memory recall on (or off) rewrites the setting',
    };
  }
  return setting.on
    ? {
        section: 'environment',
        status: 'ok',
        message: `recall is on (${from}): prompts that clearly match a past memory get it added to the model's context; memory recall off turns it off`,
      }
    : {
        section: 'environment',
        status: 'ok',
        message: `recall is off (${from}): memory recall on adds matching past memories to prompts`,
      };
}

function databaseChecks(dbPath: string, env: Env, nodeVersion: string): Check[] {
  const checks = checkDatabase(dbPath, env, { reinstall: isPlugin() ? PLUGIN_REINSTALL : REINSTALL, nodeVersion }).map(
    (check): Check => ({ section: 'database', ...check }),
  );
  if (existsSync(dbPath) && !checks.some((check) => check.status === 'fail')) checks.push(checkStoredSecrets(dbPath));
  return checks;
}

function checkNode(version: string): Check {
  const [major = 0, minor = 0] = (/^v?(\d+)\.(\d+)/.exec(version)?.slice(1) ?? []).map(Number);
  return major > 20 || (major === 20 && minor >= 16)
    ? { section: 'environment', status: 'ok', message: `Node ${version} (20.16 or newer required)` }
    : {
        section: 'environment',
        status: 'fail',
        message: `Node ${version} is too old (20.16 or newer required)`,
        fix: 'install Node 20.16 or newer, then run ./install.sh again (better-sqlite3 is built for one Node version)',
      };
}

/** Checks our four entries; returns the command registered for each event (for the sample runs). */
function checkSettings(path: string, runtime: string, checks: Check[]): Map<string, string> {
  const commands = new Map<string, string>();
  const file = readSettingsFile(path);
  if (!file.ok) {
    checks.push({
      section: 'hooks',
      status: 'fail',
      message: `${path} ${file.reason}`,
      fix: `fix the JSON in ${path}, then run memory doctor again`,
    });
    return commands;
  }
  if (!file.exists) {
    checks.push({
      section: 'hooks',
      status: 'fail',
      message: `${path} does not exist: no hooks are registered`,
      fix: REINSTALL,
    });
    return commands;
  }
  // Claude Code's own switch: with it on, no hook of any kind runs, ours included.
  if (file.value['disableAllHooks'] === true) {
    checks.push({
      section: 'hooks',
      status: 'fail',
      message: `${path} has "disableAllHooks": true: Claude Code runs no hooks at all`,
      fix: `remove "disableAllHooks" from ${path} (or set it to false)`,
    });
  }
  const handlers = listHandlers(file.value);
  for (const spec of HOOK_SPECS) {
    const check = checkEvent(
      spec,
      handlers.filter((handler) => handler.event === spec.event),
      runtime,
    );
    if (check.command) commands.set(spec.event, check.command);
    checks.push(check.result);
  }
  // Ours registered under an event we do not use (an older layout) would run for the wrong event.
  for (const handler of handlers) {
    if (HOOK_SPECS.some((spec) => spec.event === handler.event) || !isOurCommand(handler.command, runtime)) continue;
    checks.push({
      section: 'hooks',
      status: 'fail',
      message: `${handler.event} runs a memory hook it should not: ${handler.command}`,
      fix: REINSTALL,
    });
  }
  return commands;
}

function checkEvent(
  spec: HookSpec,
  handlers: readonly RegisteredHandler[],
  runtime: string,
): { result: Check; command?: string } {
  const ours = handlers.filter((handler) => isOurCommand(handler.command, runtime));
  // The same script from another copy (a checkout, a plugin) makes every event run twice.
  const copies = handlers.filter((handler) => !ours.includes(handler) && looksLikeOurScript(handler.command, spec));
  const name = `${spec.event} hook`;
  if (ours.length === 0) {
    if (copies.length > 0) {
      return {
        result: {
          section: 'hooks',
          status: 'fail',
          message: `${name} runs a copy outside ${runtime}: ${copies[0]?.command}`,
          fix: REINSTALL,
        },
      };
    }
    return { result: { section: 'hooks', status: 'fail', message: `${name} is not registered`, fix: REINSTALL } };
  }
  const handler = ours[0] as RegisteredHandler;
  const command = handler.command;
  if (ours.length + copies.length > 1) {
    return {
      result: {
        section: 'hooks',
        status: 'fail',
        message: `${name} is registered ${ours.length + copies.length} times: it runs more than once per event`,
        fix: `${REINSTALL}; it keeps one entry (remove others by hand from settings.json)`,
      },
      command,
    };
  }
  const script = hookScriptPath(runtime, spec.script);
  if (!existsSync(script)) {
    return {
      result: {
        section: 'hooks',
        status: 'fail',
        message: `${name} points to ${script}, which does not exist`,
        fix: REINSTALL,
      },
      command,
    };
  }
  if (handler.async !== spec.async) {
    const message = spec.async
      ? `${name} is synchronous: every tool call waits for it`
      : `${name} is async: its context would arrive too late`;
    return { result: { section: 'hooks', status: spec.async ? 'warn' : 'fail', message, fix: REINSTALL }, command };
  }
  return { result: { section: 'hooks', status: 'ok', message: `${name} registered once: ${command}` }, command };
}

function looksLikeOurScript(command: string, spec: HookSpec): boolean {
  return new RegExp(`(?:memory|claude-memory-hooks)[^"']*/dist/hooks/${spec.script}\\.js`).test(command);
}

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Rows stored before the current secret rules (or by an older version) that they would change. */
function checkStoredSecrets(dbPath: string): Check {
  const section = 'database';
  let counts;
  try {
    counts = countStoredRewrites(dbPath, redactStoredRow);
  } catch (error) {
    return {
      section,
      status: 'warn',
      message: `could not check the stored text for secrets: ${error instanceof Error ? error.message : String(error)}`,
      fix: 'run memory doctor again in a moment',
    };
  }
  const rows = counts.memories + counts.summaries + counts.prompts + counts.legacy;
  const checked = `${counts.rowsChecked.toLocaleString('en')} ${counts.rowsChecked === 1 ? 'row' : 'rows'} checked`;
  return rows === 0
    ? { section, status: 'ok', message: `no stored text matches the current secret rules (${checked})` }
    : {
        section,
        status: 'warn',
        message: `${rows} stored ${rows === 1 ? 'row holds' : 'rows hold'} text the current secret rules would redact (${counted(counts.memories, 'memory', 'memories')}, ${counted(counts.summaries, 'session summary', 'session summaries')}${counts.prompts > 0 ? `, ${counted(counts.prompts, 'prompt', 'prompts')}` : ''}${counts.legacy > 0 ? `, ${counted(counts.legacy, 'legacy row', 'legacy rows')}` : ''}; ${checked})`,
        fix: 'memory redact shows them; memory redact --yes rewrites them in place and compacts the database',
      };
}

/**
 * Runs each registered hook command the way Claude Code does (`sh -c`, JSON on stdin) against a
 * scratch database: capture, a failure, Stop's summary, then SessionStart's context.
 */
function sampleRuns(
  env: Env,
  runtime: string,
  registered: Map<string, string>,
  reinstall = `${REINSTALL}; after switching Node versions a re-install is required (better-sqlite3 is built for one)`,
): Check[] {
  const section = 'hook runs';
  const scratch = mkdtempSync(join(tmpdir(), 'memory-doctor-'));
  try {
    const project = join(scratch, 'sample-project');
    mkdirSync(join(project, '.git'), { recursive: true });
    const dbPath = join(scratch, 'memory.db');
    // A fresh cleanup marker: SessionStart then has no reason to start a detached cleanup here.
    writeFileSync(cleanupMarkerPath(dbPath), 'doctor\n');
    const hookEnv: Record<string, string> = {};
    for (const [key, value] of Object.entries(env)) {
      if (value !== undefined && !/^CLAUDE_(MEMORY_|PROJECT_DIR$)/.test(key)) hookEnv[key] = value;
    }
    hookEnv['CLAUDE_MEMORY_DB'] = dbPath;
    const base = {
      session_id: 'memory-doctor-sample',
      transcript_path: join(scratch, 'sample.jsonl'),
      cwd: project,
      permission_mode: 'default',
    };
    const file = join(project, 'src', 'app.ts');
    const runs: {
      spec: HookSpec;
      payload: Record<string, unknown>;
      verify: (stdout: string) => string | null;
      done: string;
    }[] = [
      {
        spec: specFor('PostToolUse'),
        payload: {
          ...base,
          hook_event_name: 'PostToolUse',
          tool_name: 'Edit',
          tool_use_id: 'toolu_doctor_1',
          tool_input: { file_path: file, old_string: 'a', new_string: 'b' },
          tool_response: {
            filePath: file,
            oldString: 'a',
            newString: 'b',
            originalFile: 'a\n',
            structuredPatch: [],
            userModified: false,
            replaceAll: false,
          },
        },
        verify: () => ((rowCounts(dbPath)?.memories ?? 0) >= 1 ? null : 'no memory was stored'),
        done: 'stored a memory',
      },
      {
        spec: specFor('PostToolUseFailure'),
        payload: {
          ...base,
          hook_event_name: 'PostToolUseFailure',
          tool_name: 'Bash',
          tool_use_id: 'toolu_doctor_2',
          tool_input: { command: 'npm run build' },
          error: 'Exit code 2\nsrc/app.ts(1,1): error TS2304: Cannot find name b.',
          is_interrupt: false,
        },
        verify: () => ((rowCounts(dbPath)?.errors ?? 0) >= 1 ? null : 'no error was stored'),
        done: 'stored an error',
      },
      {
        spec: specFor('Stop'),
        payload: { ...base, hook_event_name: 'Stop', stop_hook_active: false },
        verify: () => ((rowCounts(dbPath)?.summaries ?? 0) >= 1 ? null : 'no session summary was stored'),
        done: 'stored a session summary',
      },
      {
        spec: specFor('SessionStart'),
        payload: { ...base, hook_event_name: 'SessionStart', source: 'startup' },
        verify: (stdout) =>
          sessionContext(stdout)?.includes('<memory-context')
            ? null
            : `printed no <memory-context> JSON (stdout: ${JSON.stringify(stdout.slice(0, 120))})`,
        done: 'printed a <memory-context> block',
      },
    ];
    return runs.map((run): Check => {
      const command = registered.get(run.spec.event) ?? hookCommand(runtime, run.spec.script);
      const name = `${run.spec.event} hook`;
      if (!existsSync(hookScriptPath(runtime, run.spec.script)) && !registered.has(run.spec.event)) {
        return {
          section,
          status: 'fail',
          message: `${name} not run: ${hookScriptPath(runtime, run.spec.script)} is missing`,
          fix: REINSTALL,
        };
      }
      const result = spawnSync('sh', ['-c', command], {
        input: JSON.stringify(run.payload),
        env: hookEnv,
        cwd: project,
        encoding: 'utf8',
        timeout: 30_000,
      });
      const stderr = (result.stderr ?? '').trim();
      let problem: string | null;
      if (result.error) problem = result.error.message;
      else if (result.status !== 0)
        problem = `exit code ${result.status ?? result.signal}${stderr ? `: ${telling(stderr)}` : ''}`;
      else if (stderr) problem = telling(stderr);
      else if (run.spec.event !== 'SessionStart' && result.stdout !== '')
        problem = 'printed to stdout (only SessionStart may)';
      else problem = run.verify(result.stdout ?? '');
      return problem === null
        ? { section, status: 'ok', message: `${name} ran on a sample payload and ${run.done}` }
        : { section, status: 'fail', message: `${name} failed on a sample payload: ${problem}`, fix: reinstall };
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The line of a stderr that says what went wrong (Node puts the error after a source excerpt). */
function telling(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.find((line) => /^\[memory-hook\]|^\w*Error\b/.test(line)) ?? lines[0] ?? stderr;
}

function specFor(event: HookSpec['event']): HookSpec {
  return HOOK_SPECS.find((spec) => spec.event === event) as HookSpec;
}

function sessionContext(stdout: string): string | null {
  try {
    const value = JSON.parse(stdout) as { hookSpecificOutput?: { additionalContext?: unknown } };
    const context = value.hookSpecificOutput?.additionalContext;
    return typeof context === 'string' ? context : null;
  } catch {
    return null;
  }
}

function checkSlashCommand(dir: string, runtime: string): Check {
  const section = 'slash command';
  const names = existsSync(dir)
    ? readdirSync(dir)
        .filter((entry) => entry.endsWith('.md') && isReadableOurs(join(dir, entry), runtime))
        .map((entry) => `/${entry.slice(0, -3)}`)
    : [];
  return names.length > 0
    ? { section, status: 'ok', message: `${names.join(', ')} installed in ${dir}` }
    : { section, status: 'warn', message: `no slash command installed in ${dir}`, fix: REINSTALL };
}

/** The `memory` launcher the install recorded: present, ours, pointing at this runtime, on PATH. */
function checkLauncher(record: string, runtime: string, env: Env): Check {
  const section = 'launcher';
  let launcher = '';
  try {
    launcher = parseRecord(readFileSync(record, 'utf8')).launcher ?? '';
  } catch {
    return {
      section,
      status: 'warn',
      message: `no install record in ${runtime}: the memory launcher cannot be checked`,
      fix: REINSTALL,
    };
  }
  let text = '';
  try {
    text = readFileSync(launcher, 'utf8');
  } catch {
    return { section, status: 'fail', message: `the memory launcher ${launcher} is missing`, fix: REINSTALL };
  }
  if (!launcherRuns(text, runtime)) {
    return { section, status: 'fail', message: `${launcher} does not run ${runtime}`, fix: REINSTALL };
  }
  const onPath = (env['PATH'] ?? '').split(':').includes(dirname(launcher));
  return onPath
    ? { section, status: 'ok', message: `memory launcher ${launcher}` }
    : {
        section,
        status: 'warn',
        message: `memory launcher ${launcher} is not on PATH`,
        fix: `add ${dirname(launcher)} to PATH in your shell profile`,
      };
}

function isReadableOurs(path: string, runtime: string): boolean {
  try {
    return isOurSlashCommand(readFileSync(path, 'utf8'), runtime);
  } catch {
    return false;
  }
}
