// The uninstall: our hook entries out of settings.json first (refused, changing nothing, when that
// cannot be done), then our slash commands, the MCP server entry, launchers and the runtime; the
// database stays unless purged.
// The installed runtime runs this itself, so it needs no checkout and no build.
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { loadConfig } from '../config.js';
import { cleanupMarkerPath } from '../paths.js';
import { launcherRuns, parseRecord } from './launcher.js';
import { installLayout } from './layout.js';
import { acquireLock, type Lock } from './lock.js';
import { unregisterMcpStep } from './mcp.js';
import { isOurRuntime, sweepLeftovers } from './runtime.js';
import { uninstallHooks } from './settings.js';
import { applySettingsEdit, checkedSettings, ourCommandFiles, readsAsOurs, type RunContext } from './steps.js';

export interface UninstallChoices {
  /** Where the launcher was put, when not the default (the install record remembers it too). */
  readonly binDir?: string;
  /** Also delete the database, its -wal/-shm files and the cleanup marker. */
  readonly purge: boolean;
}

export function uninstall(choices: UninstallChoices, context: RunContext): void {
  const { report } = context;
  const layout = installLayout(context.env, choices.binDir === undefined ? {} : { binDir: choices.binDir }, context.cwd);
  report.info(`claude-memory-hooks: uninstalling from ${layout.claudeDir}`);
  checkedSettings(layout.settings, (text) => uninstallHooks(text, layout.runtime), context.uid);
  const lock: Lock | null = existsSync(layout.claudeDir) ? acquireLock(layout.lock, context.lockWaitMs === undefined ? {} : { waitMs: context.lockWaitMs }) : null;
  try {
    // settings.json goes first, so that no hook is left pointing at a runtime that is gone.
    const current = checkedSettings(layout.settings, (text) => uninstallHooks(text, layout.runtime), context.uid);
    if (current.exists) {
      applySettingsEdit(layout.settings, current, uninstallHooks(current.text, layout.runtime), 'no hooks of ours to remove', report);
    } else {
      report.step(`${layout.settings} does not exist: no hooks to remove`);
    }
    for (const path of ourCommandFiles(layout.commandsDir, layout.runtime)) {
      rmSync(path, { force: true });
      report.step(`removed slash command /${basename(path, '.md')} (${path})`);
    }
    unregisterMcpStep(context.env, report);
    const recorded = existsSync(layout.record) ? parseRecord(readFileSync(layout.record, 'utf8')).launcher : undefined;
    for (const launcher of new Set([layout.launcher, ...(recorded ? [recorded] : [])])) {
      if (!readsAsOurs(launcher, (text) => launcherRuns(text, layout.runtime))) continue;
      rmSync(launcher, { force: true });
      report.step(`removed launcher ${launcher}`);
    }
    sweepLeftovers(layout.hooksDir, layout.runtime);
    if (isOurRuntime(layout.runtime)) {
      rmSync(layout.runtime, { recursive: true, force: true });
      report.step(`removed runtime ${layout.runtime}`);
    }
  } finally {
    lock?.release();
  }
  if (existsSync(layout.hooksDir) && readdirSync(layout.hooksDir).length === 0) rmdirSync(layout.hooksDir);
  const dbPath = loadConfig(context.env).dbPath;
  if (choices.purge) {
    for (const file of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`, cleanupMarkerPath(dbPath)]) {
      if (!existsSync(file)) continue;
      rmSync(file, { force: true });
      report.step(`deleted ${file}`);
    }
  } else if (existsSync(dbPath)) {
    report.step(`kept the database ${dbPath} (delete it with --uninstall --purge)`);
  }
  report.info('Done.');
}
