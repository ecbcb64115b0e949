// The runtime's hooks and CLI start through launchers that compile each bundle with the V8 code cache
// the build saved (scripts/module-urls.mjs, scripts/code-cache.mjs). A cache that is missing or that
// this Node rejects costs every hook ~5 ms and breaks nothing, so only a test notices it.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CACHE_SUFFIX, wrapCommonJs } from '../../lib/bundle.js';
import {
  allMemories,
  bashResponse,
  postToolUse,
  postToolUseFailure,
  ROOT,
  RUNTIME,
  runHook,
  sandbox,
  tempDir,
} from '../helpers.js';

const BUNDLES = [
  ...[
    'stop.bundle',
    'session-start.bundle',
    'post-tool-use.bundle',
    'user-prompt-submit.bundle',
    'on-tool-use.handler',
    'on-prompt.handler',
  ].map((bundle) => join(RUNTIME, 'dist', 'hooks', `${bundle}.js`)),
  join(RUNTIME, 'dist', 'commands', 'cli-main.js'),
  join(RUNTIME, 'dist', 'commands', 'search-main.js'),
];

describe('V8 code caches of the runtime bundles', () => {
  it("are read by the launchers with the loader's wrapper and file name, byte for byte", async () => {
    // V8 matches a cache to the exact text it was made from: the build trains through loadBundle
    // (wrapCommonJs), the launchers written by scripts/module-urls.mjs wrap with their own copy.
    const urls = (await import(pathToFileURL(join(ROOT, 'scripts', 'module-urls.mjs')).href)) as Record<string, string>;
    expect(`${urls['WRAP_HEAD']}source${urls['WRAP_TAIL']}`).toBe(wrapCommonJs('source'));
    expect(urls['CODE_CACHE_SUFFIX']).toBe(CACHE_SUFFIX);
  });

  it.each(BUNDLES)('%s has a cache that this Node accepts', (bundle) => {
    const script = new Script(wrapCommonJs(readFileSync(bundle, 'utf8')), {
      filename: bundle,
      cachedData: readFileSync(`${bundle}${CACHE_SUFFIX}`),
    });
    expect(script.cachedDataRejected).toBe(false);
  });

  it.each(BUNDLES)('%s has a cache that holds the code a run compiled, not only the top level', (bundle) => {
    // A cache saved before running would hold little more than the top-level function.
    expect(readFileSync(`${bundle}${CACHE_SUFFIX}`).length).toBeGreaterThan(readFileSync(bundle).length / 2);
  });
});

describe('a hook launcher', () => {
  it('still runs its hook when the cache is not one this Node accepts (it compiles as usual)', async () => {
    const box = sandbox();
    const failure = postToolUseFailure(box, 'Bash', { command: 'npm test' }, 'Exit code 1\nFAIL src/app.test.ts');
    await runHook('post-tool-use', failure, { env: box.env });
    // A copy of the runtime whose session-start cache is garbage.
    const copy = join(tempDir(), 'runtime');
    cpSync(RUNTIME, copy, { recursive: true });
    const bad = join(copy, 'dist', 'hooks');
    writeFileSync(join(bad, 'session-start.bundle.js.v8-cache'), 'not a V8 code cache');
    const run = spawnSync(process.execPath, [join(bad, 'session-start.js')], {
      input: JSON.stringify({ session_id: 's', cwd: box.project, hook_event_name: 'SessionStart', source: 'startup' }),
      env: box.env,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    // The same block as the real hook prints in the same sandbox.
    const real = await runHook(
      'session-start',
      { session_id: 's', cwd: box.project, hook_event_name: 'SessionStart', source: 'startup' },
      { env: box.env },
    );
    expect(real.stdout).toContain('npm test');
    expect(run.stdout).toBe(real.stdout);
  });

  it('exits 0 with one [memory-hook] line when its bundle is missing', () => {
    const lonely = tempDir();
    copyFileSync(join(RUNTIME, 'dist', 'hooks', 'stop.js'), join(lonely, 'stop.js'));
    const run = spawnSync(process.execPath, [join(lonely, 'stop.js')], { input: '{}', encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^\[memory-hook\] stop: cannot load the hook \(ENOENT: no such file or directory, open '.+stop\.bundle\.js'\)\n$/,
    );
  });
});

describe('a screened hook (post-tool-use, user-prompt-submit)', () => {
  /** A copy of the runtime to break, and a sandbox whose events go to it. */
  function brokenCopy(): { box: ReturnType<typeof sandbox>; hooks: string } {
    const copy = join(tempDir(), 'runtime');
    cpSync(RUNTIME, copy, { recursive: true });
    return { box: sandbox(), hooks: join(copy, 'dist', 'hooks') };
  }
  const run = (file: string, input: unknown, env: Record<string, string>) =>
    spawnSync(process.execPath, [file], { input: JSON.stringify(input), env, encoding: 'utf8' });

  it('stores through its handler when the handler cache is not one this Node accepts', () => {
    const { box, hooks } = brokenCopy();
    writeFileSync(join(hooks, 'on-tool-use.handler.js.v8-cache'), 'not a V8 code cache');
    const failure = postToolUseFailure(box, 'Bash', { command: 'npm test' }, 'Exit code 1\nFAIL src/app.test.ts');
    const result = run(join(hooks, 'post-tool-use.js'), failure, box.env);
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
    expect(allMemories(box.dbPath).map((row) => row.tool_name)).toEqual(['Bash']);
  });

  it('without its handler bundle, exits 0 silently on noise and with one line on work', () => {
    const { box, hooks } = brokenCopy();
    rmSync(join(hooks, 'on-tool-use.handler.js'));
    const noise = run(
      join(hooks, 'post-tool-use.js'),
      postToolUse(box, 'Bash', { command: 'ls -la' }, bashResponse()),
      box.env,
    );
    expect({ status: noise.status, stdout: noise.stdout, stderr: noise.stderr }).toEqual({
      status: 0,
      stdout: '',
      stderr: '',
    });
    const work = run(
      join(hooks, 'post-tool-use.js'),
      postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse()),
      box.env,
    );
    expect(work.status).toBe(0);
    expect(work.stdout).toBe('');
    expect(work.stderr).toMatch(
      /^\[memory-hook\] post-tool-use: ENOENT: no such file or directory, open '.+on-tool-use\.handler\.js'\n$/,
    );
  });
});
