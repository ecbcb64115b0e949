// The checks behind `memory doctor`, as data: each one a status, what was found, and how to fix it.
// Runs the installed hooks only against a scratch database in a temp dir, never the real one.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readSettings, type Config, type RecallSetting, type Settings } from '../config/config.js';
import { findTranscripts } from '../import/files.js';
import { cleanupPeriod, daysAgo, describePeriod, oldestTranscript } from '../import/retention.js';
import { sqliteDriver } from '../db/driver.js';
import { countStoredRewrites } from '../db/rewrite.js';
import { checkDatabase } from './database.js';
import { PLUGIN_ID, REMOVE_PLUGIN } from '../runtime/packaging.js';
import { installShCaptures, isPlugin, ownRoot } from '../runtime/own-files.js';
import { checkDriver, checkPluginAlongside, checkPluginCopy } from './copies.js';
import { checkMcpServer } from './mcp.js';
import { checkAgents } from './agents.js';
import { ourEntry } from '../mcp/registration.js';
import { claudeDir, type Env } from '../paths.js';
import { redactStoredRow } from '../redact/redact.js';
import { launcherRuns, parseRecord } from '../install/launcher.js';
import { cliPath, installLayout } from '../install/layout.js';
import { isOurSlashCommand } from '../install/slash.js';
import { REINSTALL, type Check, type Status } from './check.js';
import { checkSettings } from './hooks.js';
import { sampleRuns } from './hook-runs.js';

export type { Check, Status };

export interface DoctorReport {
  readonly ok: boolean;
  readonly settingsPath: string;
  readonly runtimeDir: string;
  readonly dbPath: string;
  readonly checks: readonly Check[];
}

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
