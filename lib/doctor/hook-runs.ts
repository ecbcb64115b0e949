// `memory doctor`'s sample runs: each registered hook command run as Claude Code runs it, against a
// scratch database in a temp dir (never the real one), so a hook that fails says why.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rowCounts } from '../db/health.js';
import { HOOK_SPECS, hookCommand, hookScriptPath, type HookSpec } from '../install/settings.js';
import { cleanupMarkerPath, type Env } from '../paths.js';
import { REINSTALL, type Check } from './check.js';
/**
 * Runs each registered hook command the way Claude Code does (`sh -c`, JSON on stdin) against a
 * scratch database: capture, a failure, Stop's summary, then SessionStart's context.
 */
export function sampleRuns(
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
