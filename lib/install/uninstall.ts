// The uninstall: our hook entries out of settings.json first (refused, changing nothing, when that
// cannot be done), then every other agent's entries of ours (hooks, MCP servers), our slash and search commands, the MCP server entry, launchers and the runtime; the
// database stays unless purged. A settings.json the install created and the directories it made go
// too once nothing else is in them, and only the newest settings backup is kept.
// The installed runtime runs this itself, so it needs no checkout and no build.
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { loadConfig } from '../config/config.js';
import { cleanupMarkerPath } from '../paths.js';
import { pruneBackups } from './files.js';
import { launcherRuns, parseRecord, type InstallRecord } from './launcher.js';
import { installLayout } from './layout.js';
import { acquireLock, type Lock } from './lock.js';
import { unregisterMcpStep } from './mcp.js';
import { isOurRuntime, sweepLeftovers } from './runtime.js';
import { parseSettings, uninstallHooks } from './settings.js';
import { agentUninstallFiles } from './agents.js';
import { geminiCommandsDir } from './gemini-command.js';
import { isOurOpencodePlugin, opencodePluginFile } from './opencode-plugin.js';
import { ourPromptCommands } from './prompt-commands.js';
import {
  applySettingsEdit,
  checkedSettings,
  ourCommandFiles,
  readsAsOurs,
  removeEmptyDirs,
  type RunContext,
} from './steps.js';

export interface UninstallChoices {
  /** Where the launcher was put, when not the default (the install record remembers it too). */
  readonly binDir?: string;
  /** Also delete the database, its -wal/-shm files and the cleanup marker. */
  readonly purge: boolean;
}

export function uninstall(choices: UninstallChoices, context: RunContext): void {
  const { report } = context;
  const layout = installLayout(
    context.env,
    choices.binDir === undefined ? {} : { binDir: choices.binDir },
    context.cwd,
  );
  report.info(`claude-memory-hooks: uninstalling from ${layout.claudeDir}`);
  checkedSettings(layout.settings, (text) => uninstallHooks(text, layout.runtime), context.uid);
  for (const { file, parse, edit } of otherAgentFiles(context, layout.runtime))
    checkedSettings(file, edit, context.uid, parse);
  const record: InstallRecord = existsSync(layout.record) ? parseRecord(readFileSync(layout.record, 'utf8')) : {};
  const lock: Lock | null = existsSync(layout.claudeDir)
    ? acquireLock(layout.lock, context.lockWaitMs === undefined ? {} : { waitMs: context.lockWaitMs })
    : null;
  try {
    // settings.json goes first, so that no hook is left pointing at a runtime that is gone.
    const current = checkedSettings(layout.settings, (text) => uninstallHooks(text, layout.runtime), context.uid);
    if (current.exists) {
      const edit = uninstallHooks(current.text, layout.runtime);
      if (record.settingsCreated === true && isEmptySettings(edit.text)) {
        rmSync(layout.settings, { force: true });
        report.step(`removed ${layout.settings} (the install had created it, and nothing else is in it)`);
      } else {
        applySettingsEdit(layout.settings, current, edit, 'no hooks of ours to remove', report);
        pruneBackups(layout.settings);
      }
    } else {
      report.step(`${layout.settings} does not exist: no hooks to remove`);
    }
    // Every other agent's entries of ours, whatever the install chose: none may outlive the runtime.
    for (const { file, parse, edit, empty } of otherAgentFiles(context, layout.runtime)) {
      if (!existsSync(file)) continue;
      const theirs = checkedSettings(file, edit, context.uid, parse);
      const result = edit(theirs.text);
      const left = parse(result.text);
      const nobodys = empty ?? ((value: Readonly<Record<string, unknown>>) => Object.keys(value).length === 0);
      if ((record.createdFiles ?? []).includes(file) && left.ok && nobodys(left.value)) {
        rmSync(file, { force: true });
        report.step(`removed ${file} (the install had created it, and nothing else is in it)`);
      } else if (result.changed) {
        applySettingsEdit(file, theirs, result, 'nothing of ours to remove', report);
        pruneBackups(file);
      }
    }
    for (const path of ourCommandFiles(layout.commandsDir, layout.runtime)) {
      rmSync(path, { force: true });
      report.step(`removed slash command /${basename(path, '.md')} (${path})`);
    }
    for (const path of ourCommandFiles(geminiCommandsDir(context.env), layout.runtime, undefined, '.toml')) {
      rmSync(path, { force: true });
      report.step(`removed Gemini CLI command /${basename(path, '.toml')} (${path})`);
    }
    for (const agent of ['cursor', 'opencode'] as const)
      for (const path of ourPromptCommands(agent, context.env, layout.runtime)) {
        rmSync(path, { force: true });
        report.step(
          `removed ${agent === 'cursor' ? 'Cursor' : 'OpenCode'} command /${basename(path, '.md')} (${path})`,
        );
      }
    const plugin = opencodePluginFile(context.env);
    if (readsAsOurs(plugin, (text) => isOurOpencodePlugin(text, layout.runtime))) {
      rmSync(plugin, { force: true });
      report.step(`removed the OpenCode plugin ${plugin}`);
    }
    unregisterMcpStep(context.env, report);
    const recorded = record.launcher;
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
  removeEmptyDirs(record.createdDirs ?? [], report);
  report.info('Done.');
}

function otherAgentFiles(context: RunContext, runtime: string) {
  return (['codex', 'gemini', 'cursor', 'opencode'] as const).flatMap((agent) =>
    agentUninstallFiles(agent, context.env, runtime),
  );
}

/** `{}` (in any layout): a settings.json with nothing of anyone's left in it. */
function isEmptySettings(text: string): boolean {
  const parsed = parseSettings(text);
  return parsed.ok && Object.keys(parsed.value).length === 0;
}
