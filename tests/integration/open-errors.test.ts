// "Open errors" in the next session's block: each failing command once, with how many times it failed
// and when last, so parallel sessions failing the same two commands cannot crowd out an older error.
import { describe, expect, it } from 'vitest';
import {
  postToolUse,
  postToolUseFailure,
  bashResponse,
  runHook,
  runHooksInOneProcess,
  sandbox,
  type HookEvent,
  type Sandbox,
} from '../helpers.js';

const at = (iso: string): Record<string, string> => ({ CLAUDE_MEMORY_NOW: iso });

function failure(box: Sandbox, session: string, command: string, output: string, when: string): HookEvent {
  return {
    hook: 'post-tool-use',
    payload: postToolUseFailure(box, 'Bash', { command }, `Exit code 1\n${output}`, { session_id: session }),
    env: at(when),
  };
}

function openErrors(stdout: string): string[] {
  const block = (JSON.parse(stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput
    .additionalContext;
  const lines = block.split('\n');
  const from = lines.indexOf('## Open errors');
  const rest = lines.slice(from + 1);
  return rest.slice(
    0,
    rest.findIndex((line) => !line.startsWith('- ')),
  );
}

describe('open errors in the SessionStart block', () => {
  it('shows each failing command once, with how many times and when last; an older error keeps its place', async () => {
    const box = sandbox();
    const events: HookEvent[] = [
      failure(box, 'old', 'cargo build', 'error[E0425]: cannot find value `x` in this scope', '2026-11-20T09:00:00Z'),
      { hook: 'stop', payload: { ...stopOf(box, 'old') }, env: at('2026-11-20T09:05:00Z') },
    ];
    // Three rounds of two parallel sessions, each failing the same two commands.
    for (const [round, day] of ['2026-11-22', '2026-11-23', '2026-11-24'].entries()) {
      for (const session of [`left-${round}`, `right-${round}`]) {
        const minute = session.startsWith('left') ? '10' : '11';
        events.push(
          failure(box, session, 'npm test', 'FAIL src/greet.test.js\n  expected "Hello"', `${day}T${minute}:00:00Z`),
          failure(box, session, 'npm run lint', 'src/greet.js\n  1:1  error  no-var', `${day}T${minute}:01:00Z`),
          { hook: 'stop', payload: stopOf(box, session), env: at(`${day}T${minute}:02:00Z`) },
        );
      }
    }
    expect(await runHooksInOneProcess(events, { env: box.env })).toMatchObject({ code: 0, stderr: '' });

    const start = await runHook(
      'session-start',
      { ...stopOf(box, 'next'), hook_event_name: 'SessionStart', source: 'startup' },
      { env: { ...box.env, ...at('2026-11-24T12:00:00Z') } },
    );
    expect(start).toMatchObject({ code: 0, stderr: '' });
    expect(openErrors(start.stdout)).toEqual([
      '- 6 times, last less than an hour ago: npm run lint (exit 1): 1:1 error no-var',
      '- 6 times, last 1 hour ago: npm test (exit 1): FAIL src/greet.test.js',
      '- 4 days ago: cargo build (exit 1): error[E0425]: cannot find value `x` in this scope',
    ]);
  });

  it('a command that passed since is no longer open, however often it failed', async () => {
    const box = sandbox();
    const events: HookEvent[] = [
      failure(box, 'a', 'npm test', 'FAIL src/greet.test.js', '2026-11-24T10:00:00Z'),
      failure(box, 'b', 'npm test', 'FAIL src/greet.test.js', '2026-11-24T10:01:00Z'),
      {
        hook: 'post-tool-use',
        payload: postToolUse(box, 'Bash', { command: 'npm test' }, bashResponse('PASS'), { session_id: 'b' }),
        env: at('2026-11-24T10:02:00Z'),
      },
      failure(box, 'b', 'npm run lint', 'src/greet.js\n  1:1  error  no-var', '2026-11-24T10:03:00Z'),
      { hook: 'stop', payload: stopOf(box, 'b'), env: at('2026-11-24T10:04:00Z') },
    ];
    expect(await runHooksInOneProcess(events, { env: box.env })).toMatchObject({ code: 0, stderr: '' });
    const start = await runHook(
      'session-start',
      { ...stopOf(box, 'next'), hook_event_name: 'SessionStart', source: 'startup' },
      { env: { ...box.env, ...at('2026-11-24T12:00:00Z') } },
    );
    expect(openErrors(start.stdout)).toEqual(['- 1 hour ago: npm run lint (exit 1): 1:1 error no-var']);
  });
});

function stopOf(box: Sandbox, session: string): Record<string, unknown> {
  return {
    session_id: session,
    transcript_path: `${box.home}/none.jsonl`,
    cwd: box.project,
    permission_mode: 'default',
    hook_event_name: 'Stop',
    stop_hook_active: false,
  };
}
