// A git worktree is its repository's project; a submodule is its own. Real repositories made with the
// real git (`git worktree add`, `git submodule add`), then the built hooks and CLI run inside them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveProject } from '../../lib/capture/project.js';
import {
  bashResponse,
  postToolUse,
  runCli,
  runHook,
  runHooksInOneProcess,
  sandbox,
  type HookEvent,
  type Sandbox,
} from '../helpers.js';

interface Repos {
  readonly main: string;
  readonly feature: string;
  readonly submodule: string;
}

function git(box: Sandbox, cwd: string, args: readonly string[]): void {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    env: { PATH: box.env['PATH'], HOME: box.home, GIT_CONFIG_NOSYSTEM: '1' },
    stdio: 'ignore',
  });
}

/** greeter (a commit), its worktree greeter-feature on branch feature, and a submodule vendor/strings. */
function repos(box: Sandbox): Repos {
  const work = join(box.home, 'src');
  const main = join(work, 'greeter');
  const strings = join(work, 'strings');
  for (const [dir, file] of [
    [main, 'greet.js'],
    [strings, 'index.js'],
  ] as const) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, file), 'module.exports = 1;\n');
    git(box, dir, ['init', '-q', '-b', 'main']);
    git(box, dir, ['add', '.']);
    git(box, dir, ['commit', '-q', '-m', 'first']);
  }
  git(box, main, ['-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', strings, 'vendor/strings']);
  git(box, main, ['commit', '-q', '-m', 'strings']);
  const feature = join(work, 'greeter-feature');
  git(box, main, ['worktree', 'add', '-q', feature, '-b', 'feature']);
  mkdirSync(join(feature, 'src'), { recursive: true });
  return { main, feature, submodule: join(main, 'vendor', 'strings') };
}

function bash(box: Sandbox, cwd: string, session: string, command: string, at: string): HookEvent {
  return {
    hook: 'post-tool-use',
    payload: postToolUse(box, 'Bash', { command }, bashResponse('ok'), { cwd, session_id: session }),
    env: { CLAUDE_MEMORY_NOW: at },
  };
}

function stop(box: Sandbox, cwd: string, session: string, at: string): HookEvent {
  return {
    hook: 'stop',
    payload: {
      session_id: session,
      transcript_path: join(box.home, 'none.jsonl'),
      cwd,
      permission_mode: 'default',
      hook_event_name: 'Stop',
      stop_hook_active: false,
    },
    env: { CLAUDE_MEMORY_NOW: at },
  };
}

describe('git worktrees and submodules', () => {
  it('resolves a worktree to its main checkout, keeping its own path; a submodule stays its own', () => {
    const box = sandbox();
    const { main, feature, submodule } = repos(box);
    const project = { name: 'greeter', path: main, worktree: feature };
    expect(resolveProject({}, feature)).toEqual(project);
    expect(resolveProject({}, join(feature, 'src'))).toEqual(project);
    expect(resolveProject({ CLAUDE_PROJECT_DIR: feature }, join(feature, 'src'))).toEqual(project);
    expect(resolveProject({}, main)).toEqual({ name: 'greeter', path: main });
    expect(resolveProject({}, submodule)).toEqual({ name: 'strings', path: submodule });
  });

  it("a session in a worktree gets the main checkout's memories, in the block, --here and recall", async () => {
    const box = sandbox();
    const { main, feature, submodule } = repos(box);
    const filled = await runHooksInOneProcess(
      [
        bash(box, main, 'on-main', 'npm run greet-banner', '2026-11-24T09:00:00Z'),
        stop(box, main, 'on-main', '2026-11-24T09:01:00Z'),
        bash(box, feature, 'on-feature', 'npm run greet-feature-flag', '2026-11-24T10:00:00Z'),
        stop(box, feature, 'on-feature', '2026-11-24T10:01:00Z'),
        bash(box, submodule, 'in-strings', 'npm run strings-table', '2026-11-24T10:30:00Z'),
        stop(box, submodule, 'in-strings', '2026-11-24T10:31:00Z'),
      ],
      { env: box.env },
    );
    expect(filled).toMatchObject({ code: 0, stderr: '' });
    const env = { ...box.env, CLAUDE_MEMORY_NOW: '2026-11-24T11:00:00Z', TZ: 'UTC' };

    const start = await runHook(
      'session-start',
      {
        session_id: 'next',
        transcript_path: join(box.home, 'none.jsonl'),
        cwd: feature,
        permission_mode: 'default',
        hook_event_name: 'SessionStart',
        source: 'startup',
      },
      { env },
    );
    expect(start).toMatchObject({ code: 0, stderr: '' });
    const block = (JSON.parse(start.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput
      .additionalContext;
    expect(block).toMatch(/^<memory-context project="greeter">/);
    expect(block).toContain('npm run greet-banner');
    expect(block).toContain('npm run greet-feature-flag');
    expect(block).not.toContain('strings-table');

    const here = await runCli(['search', 'npm', '--here', '--json'], { env, cwd: join(feature, 'src') });
    expect(here).toMatchObject({ code: 0, stderr: '' });
    const rows = JSON.parse(here.stdout) as Array<{ content: string; project: string; project_path: string }>;
    expect(rows.map((row) => [row.content, row.project, row.project_path]).sort()).toEqual([
      ['npm run greet-banner', 'greeter', main],
      ['npm run greet-feature-flag', 'greeter', main],
    ]);
    const inSubmodule = await runCli(['search', 'npm', '--here', '--json'], { env, cwd: submodule });
    expect((JSON.parse(inSubmodule.stdout) as Array<{ content: string }>).map((row) => row.content)).toEqual([
      'npm run strings-table',
    ]);

    const recall = await runCli(['recall', '--explain', 'greet banner'], { env, cwd: feature });
    expect(recall.stdout.split('\n')[1]).toBe(`Project: greeter (${main}; this worktree: ${feature})`);
  });
});
