// SessionStart (sync): prints this project's <memory-context>, then hands the daily cleanup
// to a detached process so the session never waits for it.
import { fileURLToPath } from 'node:url';
import { runHook } from '../lib/hook/run.js';
import { buildSessionStartOutput, scheduleDailyCleanup } from '../lib/hook/on-session-start.js';
import { refreshPluginLauncher } from '../lib/hook/plugin-launcher.js';

// Beside this bundle in dist/hooks/: the cleanup's start file.
const cleanupScript = fileURLToPath(new URL('./_cleanup.js', import.meta.url));

// A plain call, not a top-level await: the bundles are CommonJS.
void runHook(
  'session-start',
  async (hook) => {
    const { output, problem } = buildSessionStartOutput(hook);
    if (output) await hook.print(output);
    scheduleDailyCleanup(hook, process.execPath, cleanupScript);
    refreshPluginLauncher(hook.env);
    if (problem) throw problem;
  },
  { args: process.argv.slice(2) },
);
