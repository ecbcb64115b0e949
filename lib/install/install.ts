// The install, from a built checkout: refuse anything that would overwrite someone else's file
// before changing anything, then (under the lock) runtime → settings.json → the other agents' files
// (Codex: hooks.json, config.toml; Gemini CLI: settings.json; Cursor: hooks.json, mcp.json; OpenCode: our
// plugin, opencode.json) → slash commands (and each agent's own search command) → launcher → install
// record. A failure at any step puts every earlier one back. Last, the MCP server is registered with Claude Code.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MemoryError } from '../errors.js';
import { describeError } from '../narrow.js';
import { formatRecord, isOurLauncher, launcherRuns, launcherText, parseRecord } from './launcher.js';
import { installLayout, slashEntryPath, type Layout } from './layout.js';
import { acquireLock } from './lock.js';
import { registerMcpStep } from './mcp.js';
import { ourEntry } from '../mcp/registration.js';
import { cliPath } from './layout.js';
import { isOurRuntime, sizeKb, stageRuntime, sweepLeftovers, swapRuntime } from './runtime.js';
import { pruneBackups } from './files.js';
import { installHooks } from './settings.js';
import { agentInstallFiles, chosenAgents, CODEX_TRUSTED, type HookedAgent, type InstallAgent } from './agents.js';
import { isOurSlashCommand, renderSlashCommand } from './slash.js';
import { geminiCommandFile, renderGeminiCommand } from './gemini-command.js';
import { isOurOpencodePlugin, opencodePluginFile, renderOpencodePlugin } from './opencode-plugin.js';
import { isOurPromptCommand, promptCommandFile, renderPromptCommand } from './prompt-commands.js';
import {
  applySettingsEdit,
  checkedSettings,
  InstallRefusal,
  ourCommandFiles,
  readsAsOurs,
  UndoLog,
  type RunContext,
} from './steps.js';

const PROMPT_AGENTS = ['cursor', 'opencode'] as const;

export interface InstallChoices {
  readonly commandName: string;
  readonly binDir?: string;
  /** The agents to register hooks with; absent = Claude Code and every agent found (lib/install/agents.ts). */
  readonly agents?: readonly InstallAgent[];
}

/** Installs from `source`, a checkout with node_modules and dist/ built; returns where things went. */
export function install(source: string, choices: InstallChoices, context: RunContext): Layout {
  const { report } = context;
  const layout = installLayout(context.env, choices, context.cwd);
  report.info(`claude-memory-hooks: installing into ${layout.claudeDir} (Node ${process.version})`);
  const template = readFileSync(join(source, 'commands', 'memory.md'), 'utf8');
  const agents = chosenAgents(choices.agents, context.env);
  const others = agents.filter((agent): agent is HookedAgent => agent !== 'claude');
  refuseForeignFiles(layout, context.uid);
  refuseForeignAgentFiles(others, layout, context, choices.commandName);

  const undo = new UndoLog();
  try {
    undo.makeDir(layout.hooksDir);
    const lock = acquireLock(layout.lock, {
      ...(context.lockWaitMs === undefined ? {} : { waitMs: context.lockWaitMs }),
      onWait: (pid) => report.info(`… waiting for another install to finish (pid ${pid})`),
    });
    try {
      // Another install may have finished while we waited: look again under the lock.
      refuseForeignFiles(layout, context.uid);
      refuseForeignAgentFiles(others, layout, context, choices.commandName);
      for (const path of sweepLeftovers(layout.hooksDir, layout.runtime))
        report.step(`removed ${path}, left by an interrupted install`);
      const previous = existsSync(layout.record) ? parseRecord(readFileSync(layout.record, 'utf8')) : {};

      const swap = swapRuntime(stageRuntime(source, layout.hooksDir), layout.runtime);
      undo.push(() => swap.undo());
      report.step(
        `runtime copied to ${layout.runtime} (${sizeKb(layout.runtime)} KB: the bundled hooks and CLI, better-sqlite3's addon)`,
      );

      const settings = checkedSettings(layout.settings, (text) => installHooks(text, layout.runtime), context.uid);
      // Remembered across re-installs, so that uninstall can take away what only we brought.
      const settingsCreated = agents.includes('claude')
        ? !settings.exists || previous.settingsCreated === true
        : previous.settingsCreated === true;
      if (agents.includes('claude'))
        applySettingsEdit(
          layout.settings,
          settings,
          installHooks(settings.text, layout.runtime),
          'hooks already up to date',
          report,
          undo,
        );
      const createdFiles = new Set(previous.createdFiles ?? []);
      for (const { file, parse, edit } of others.flatMap((agent) => agentFiles(agent, layout, context))) {
        const current = checkedSettings(file, edit, context.uid, parse);
        if (!current.exists) createdFiles.add(file);
        applySettingsEdit(file, current, edit(current.text), 'already up to date', report, undo);
      }

      const delimiter = `CLAUDE_MEMORY_ARGS_${randomBytes(6).toString('hex')}`;
      undo.writeFile(
        layout.commandFile,
        renderSlashCommand(template, { helper: slashEntryPath(layout.runtime), delimiter }),
      );
      report.step(`slash command /${choices.commandName} (${layout.commandFile})`);
      if (others.includes('gemini')) {
        const file = geminiCommandFile(context.env, choices.commandName);
        undo.writeFile(file, renderGeminiCommand(slashEntryPath(layout.runtime)));
        report.step(`Gemini CLI command /${choices.commandName} (${file})`);
      }
      for (const agent of PROMPT_AGENTS.filter((name) => others.includes(name))) {
        const file = promptCommandFile(agent, context.env, choices.commandName);
        undo.writeFile(file, renderPromptCommand(agent, layout.runtime, layout.launcher));
        report.step(`${agent === 'cursor' ? 'Cursor' : 'OpenCode'} command /${choices.commandName} (${file})`);
      }
      if (others.includes('opencode')) {
        const file = opencodePluginFile(context.env);
        const plugin = renderOpencodePlugin(layout.runtime, process.execPath);
        if (existsSync(file) && readFileSync(file, 'utf8') === plugin) report.step(`${file}: already up to date`);
        else {
          undo.writeFile(file, plugin);
          report.step(`OpenCode plugin ${file}`);
        }
      }

      undo.writeFile(layout.launcher, launcherText(layout.runtime), 0o755);
      report.step(`launcher ${layout.launcher}`);
      const createdDirs = [...(previous.createdDirs ?? []), ...undo.createdDirs];
      undo.writeFile(
        layout.record,
        formatRecord({
          launcher: layout.launcher,
          command: layout.commandFile,
          settingsCreated,
          createdDirs: [...new Set(createdDirs)],
          createdFiles: [...createdFiles],
        }),
      );

      // Committed: from here on nothing is rolled back, and tidying up can only warn.
      undo.forget();
      tidyUp(() => swap.finish(), report);
      tidyUp(() => removeStale(layout, previous.launcher, report), report);
      // One backup is the way back; one per re-install would pile up.
      tidyUp(() => pruneBackups(layout.settings), report);
      for (const { file } of others.flatMap((agent) => agentFiles(agent, layout, context)))
        tidyUp(() => pruneBackups(file), report);
      // Claude Code's own config, changed through its CLI: outside the rollback, and it only ever warns.
      if (agents.includes('claude')) registerMcpStep(layout.runtime, context.env, report);
    } finally {
      lock.release();
    }
  } catch (error) {
    const failures = undo.rollBack();
    if (error instanceof MemoryError && failures.length === 0) throw error;
    const reason = describeError(error);
    throw new MemoryError(
      failures.length === 0
        ? `install failed: ${reason}; everything it had changed was put back`
        : `install failed: ${reason}; putting back what it had changed failed too: ${failures.join('; ')}`,
    );
  }

  if (!(context.env['PATH'] ?? '').split(':').includes(layout.binDir)) {
    report.warn(
      `${layout.binDir} is not on your PATH: add  export PATH="${layout.binDir}:$PATH"  to your shell profile, or use ${layout.launcher}`,
    );
  }
  if (others.includes('codex')) report.info(CODEX_TRUSTED);
  report.info('');
  report.info(
    'Done. New Claude Code sessions load the hooks (a running one: open /hooks once). Check with: memory doctor',
  );
  return layout;
}

/** Everything that would make us overwrite someone else's file is refused before any change. */
function refuseForeignFiles(layout: Layout, uid: number | undefined): void {
  checkedSettings(layout.settings, (text) => installHooks(text, layout.runtime), uid);
  if (existsSync(layout.runtime) && !isOurRuntime(layout.runtime)) {
    throw new InstallRefusal(
      `${layout.runtime} exists and is not a claude-memory-hooks runtime (an older memory-hooks setup?). Move it aside and remove the settings.json hooks that point into it, then run ./install.sh again; nothing was changed.`,
    );
  }
  if (
    existsSync(layout.commandFile) &&
    !readsAsOurs(layout.commandFile, (text) => isOurSlashCommand(text, layout.runtime))
  ) {
    throw new InstallRefusal(
      `${layout.commandFile} already exists and was not installed by claude-memory-hooks; pick another name with --command-name NAME. Nothing was changed.`,
    );
  }
  if (existsSync(layout.launcher) && !readsAsOurs(layout.launcher, isOurLauncher)) {
    throw new InstallRefusal(
      `${layout.launcher} already exists and is not our launcher; choose another directory with --bin-dir DIR. Nothing was changed.`,
    );
  }
}

/** Another agent's file we could not edit safely is refused, like settings.json, before any change. */
function refuseForeignAgentFiles(
  agents: readonly HookedAgent[],
  layout: Layout,
  context: RunContext,
  commandName: string,
): void {
  for (const { file, parse, edit } of agents.flatMap((agent) => agentFiles(agent, layout, context)))
    checkedSettings(file, edit, context.uid, parse);
  const command = geminiCommandFile(context.env, commandName);
  if (
    agents.includes('gemini') &&
    existsSync(command) &&
    !readsAsOurs(command, (text) => isOurSlashCommand(text, layout.runtime))
  )
    throw new InstallRefusal(
      `${command} already exists and was not installed by claude-memory-hooks; pick another name with --command-name NAME. Nothing was changed.`,
    );
  for (const agent of PROMPT_AGENTS.filter((name) => agents.includes(name))) {
    const file = promptCommandFile(agent, context.env, commandName);
    if (existsSync(file) && !readsAsOurs(file, (text) => isOurPromptCommand(text, layout.runtime)))
      throw new InstallRefusal(
        `${file} already exists and was not installed by claude-memory-hooks; pick another name with --command-name NAME. Nothing was changed.`,
      );
  }
  const plugin = opencodePluginFile(context.env);
  if (agents.includes('opencode') && existsSync(plugin) && !readsAsOurs(plugin, (text) => isOurOpencodePlugin(text)))
    throw new InstallRefusal(
      `${plugin} already exists and was not written by claude-memory-hooks; move it aside, then run ./install.sh again; nothing was changed.`,
    );
}

function agentFiles(agent: HookedAgent, layout: Layout, context: RunContext) {
  return agentInstallFiles(agent, context.env, layout.runtime, ourEntry(cliPath(layout.runtime), process.execPath));
}

function tidyUp(step: () => void, report: RunContext['report']): void {
  try {
    step();
  } catch (error) {
    report.warn(`installed, but could not tidy up: ${describeError(error)}`);
  }
}

/** After a re-install under another --command-name or --bin-dir: the old command and launcher go. */
function removeStale(layout: Layout, previousLauncher: string | undefined, report: RunContext['report']): void {
  for (const path of ourCommandFiles(layout.commandsDir, layout.runtime, layout.commandFile)) {
    rmSync(path, { force: true });
    report.step(`removed slash command /${path.slice(dirname(path).length + 1, -3)} (${path})`);
  }
  if (
    previousLauncher &&
    previousLauncher !== layout.launcher &&
    readsAsOurs(previousLauncher, (text) => launcherRuns(text, layout.runtime))
  ) {
    rmSync(previousLauncher, { force: true });
    report.step(`removed launcher ${previousLauncher}`);
  }
}
