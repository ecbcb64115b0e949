// Saves the V8 code cache of each runtime bundle Claude Code waits on (scripts/module-urls.mjs says
// why): runs it through scripts/code-cache-train.mjs on sample events in a throw-away home, each run
// starting from the cache the previous one saved, so the cache ends up holding the code of every
// path the samples took (a stored edit, a failed command, noise, a prompt, a summary, the block, a
// search). The database is first filled with a project's worth of memories (scripts/code-cache-seed.mjs),
// so the prompt sample runs prompt-time recall through to an injected memory. A sample that fails, or
// does not print what it should, leaves that bundle without a cache, with a warning: the launcher
// then compiles it as Node would have; tests/integration/code-cache.test.ts fails on a missing one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCREENED_HOOKS } from './module-urls.mjs';

const TRAINER = join(dirname(fileURLToPath(import.meta.url)), 'code-cache-train.mjs');
const SEED = join(dirname(fileURLToPath(import.meta.url)), 'code-cache-seed.mjs');

function warn(bundle, why) {
  process.stderr.write(`warning: no code cache for ${bundle} (${why})\n`);
}

function samples(project) {
  const base = { session_id: 'code-cache', cwd: project, transcript_path: join(project, 'none.jsonl') };
  const file = join(project, 'src', 'app.ts');
  const tool = (id, extra) => ({ ...base, hook_event_name: 'PostToolUse', tool_use_id: `toolu_cache_${id}`, ...extra });
  return {
    'post-tool-use': [
      tool('noise', {
        tool_name: 'Bash',
        tool_input: { command: 'ls -la' },
        tool_response: { stdout: '', stderr: '' },
      }),
      tool('edit', {
        tool_name: 'Edit',
        tool_input: { file_path: file, old_string: 'retryCount = 3', new_string: 'retryCount = 5 // 재시도 횟수' },
        tool_response: { filePath: file, structuredPatch: [] },
      }),
      tool('fail', {
        hook_event_name: 'PostToolUseFailure',
        tool_name: 'Bash',
        tool_input: { command: 'npm test -- retry' },
        error: 'Command failed with exit code 1\nFAIL src/app.test.ts\nAssertionError: expected 3 to be 5',
      }),
    ],
    // Gated out; then recalled (the seed holds the edit it is about).
    'user-prompt-submit': [
      { ...base, hook_event_name: 'UserPromptSubmit', prompt: 'ok' },
      {
        ...base,
        hook_event_name: 'UserPromptSubmit',
        prompt: 'why does the retryCount test in app.ts fail',
        expect: /<memory-recall /,
      },
    ],
    stop: [{ ...base, hook_event_name: 'Stop', stop_hook_active: false }],
    'session-start': [{ ...base, session_id: 'code-cache-2', hook_event_name: 'SessionStart', source: 'startup' }],
  };
}

/** `exec`: the Node that will run the bundles (a cache belongs to one V8); the building Node by default. */
export function trainCodeCaches({ runtime, hooks, suffix, exec = process.execPath }) {
  const home = mkdtempSync(join(tmpdir(), 'cmh-code-cache-'));
  try {
    const project = join(home, 'project');
    mkdirSync(join(project, 'src'), { recursive: true });
    const db = join(home, '.claude', 'memory.db');
    mkdirSync(dirname(db), { recursive: true });
    // Today's cleanup counts as done: no detached maintenance outlives the throw-away home.
    writeFileSync(`${db}.last-cleanup`, new Date().toISOString());
    // With the building Node: the seed runs tsc's dist/lib on the dev install's better-sqlite3.
    const seeded = spawnSync(process.execPath, [SEED, db, project], { encoding: 'utf8' });
    // Without the seed the caches still come out, without recall's code (the prompt sample then fails
    // its expectation and leaves the prompt hook's bundles uncached): a warning, never a failed install.
    if (seeded.status !== 0) {
      const lines = (seeded.stderr || seeded.error?.message || '').trim().split('\n');
      process.stderr.write(
        `warning: code-cache-seed.mjs failed: ${lines.find((line) => /Error\b/.test(line)) ?? lines[0]}\n`,
      );
    }
    // Nothing of the building shell's environment: no NODE_OPTIONS (V8 flags decide whether a cache
    // is accepted), no CLAUDE_MEMORY_* of a test run.
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: home,
      TMPDIR: home,
      CLAUDE_MEMORY_DB: db,
      CLAUDE_MEMORY_RECALL: '1',
      CLAUDE_PROJECT_DIR: project,
    };
    // A hook's bundle runs as its launcher runs it; a screened hook's bundle loads its handler bundle
    // the same way when the sample is work (a noise sample never loads it): both caches are saved.
    const runs = Object.entries(samples(project)).flatMap(([hook, events]) => {
      if (!hooks.includes(hook)) return [];
      const bundle = join(runtime, 'hooks', `${hook}.bundle.js`);
      const handler = SCREENED_HOOKS[hook];
      const cached = handler ? [bundle, join(runtime, 'hooks', `${handler}.handler.js`)] : [bundle];
      return events.map(({ expect, ...event }) => ({
        file: bundle,
        cached,
        args: [],
        input: JSON.stringify(event),
        expect,
      }));
    });
    const cli = (name) => join(runtime, 'commands', name);
    for (const words of [['retryCount'], ['retry', 'test']])
      runs.push({
        file: cli('search-main.js'),
        cached: [cli('search-main.js')],
        args: ['search', ...words],
        input: '',
      });
    for (const args of [
      ['search', 'retry', '--json'],
      ['search', 'retryCount', '--here', '--limit', '3'],
    ])
      runs.push({ file: cli('cli-main.js'), cached: [cli('cli-main.js')], args, input: '' });
    const failed = new Set();
    for (const { file, cached, args, input, expect } of runs) {
      if (cached.some((bundle) => failed.has(bundle))) continue;
      const run = spawnSync(exec, [TRAINER, file, ...args], { cwd: project, env, input, encoding: 'utf8' });
      if (run.status !== 0 || run.stderr !== '') {
        for (const bundle of cached) failed.add(bundle);
        warn(file, `exit ${run.status}: ${(run.stderr || run.error?.message || '').trim().split('\n')[0]}`);
      } else if (expect && !expect.test(run.stdout)) {
        // The path the sample is for was not taken: its code would be compiled on every run again.
        for (const bundle of cached) failed.add(bundle);
        warn(file, `the sample printed no ${expect.source}: ${JSON.stringify(run.stdout.slice(0, 200))}`);
      }
    }
    for (const cached of new Set(runs.flatMap((run) => run.cached))) {
      if (failed.has(cached) || !existsSync(`${cached}${suffix}`)) {
        rmSync(`${cached}${suffix}`, { force: true });
        if (!failed.has(cached)) warn(cached, 'no sample loaded it');
      }
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
