// Codex's trust key and hash for a hook, computed as Codex computes them: the expected values are what
// the real Codex CLI 0.171.0 listed (`codex app-server`, hooks/list: key, currentHash) for the hooks.json
// `./install.sh --agent codex` wrote into a temp HOME at /tmp/a3.bkgX/home.
import { describe, expect, it } from 'vitest';
import { codexEventLabel, codexHandlers, codexHookHash, codexHookKey } from '../../../lib/agents/codex/hook-trust.js';

const runtime = '/tmp/a3.bkgX/home/.claude/hooks/memory';
const hook = (script: string) => `node "${runtime}/dist/hooks/${script}.js" codex`;
const file = {
  hooks: {
    SessionStart: [
      { matcher: 'startup|resume|clear', hooks: [{ type: 'command', command: hook('session-start'), timeout: 10 }] },
    ],
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: hook('user-prompt-submit'), timeout: 5 }] }],
    PostToolUse: [
      { matcher: 'Bash|apply_patch', hooks: [{ type: 'command', command: hook('post-tool-use'), timeout: 30 }] },
    ],
    Stop: [{ hooks: [{ type: 'command', command: hook('stop'), timeout: 10 }] }],
  },
};

describe("Codex's hook trust", () => {
  it.each([
    ['session_start', 'sha256:a96a09d53f96169991036b7a5ae169dd9e90ea24c39cdb3be59f33a64f47ee78'],
    ['user_prompt_submit', 'sha256:9e6d327abea7c6c5c4181a4b0cc68c4ee8ed7bd39f2403e4c17a8cdf71ac4b9e'],
    ['post_tool_use', 'sha256:ab34b1986830be8fb946c7b031ef3fd9c33dded219d85b03605ac5d83cb234a3'],
    ['stop', 'sha256:9ceca4403239d7f5a58ee34cd44a27faca5a5d60799483bc8436ad4514936091'],
  ])('gives the %s hook the key and hash the real Codex listed', (label, hash) => {
    const handler = codexHandlers(file).find((found) => codexEventLabel(found.event) === label);
    expect(handler).toBeDefined();
    if (!handler) return;
    expect(codexHookKey('/tmp/a3.bkgX/home/.codex/hooks.json', handler)).toBe(
      `/tmp/a3.bkgX/home/.codex/hooks.json:${label}:0:0`,
    );
    expect(codexHookHash(handler)).toBe(hash);
  });

  it('gives another hash once the command changes (a re-install elsewhere is untrusted again)', () => {
    const [first] = codexHandlers(file);
    if (!first) throw new Error('no handler');
    expect(codexHookHash({ ...first, command: `${first.command} ` })).not.toBe(codexHookHash(first));
  });

  it('counts a group and a handler by their place among all of them, as the key does', () => {
    const found = codexHandlers({
      hooks: {
        Stop: [
          { hooks: [{ type: 'command', command: 'a' }] },
          { hooks: [{ type: 'prompt' }, { type: 'command', command: 'b' }] },
        ],
      },
    });
    expect(found.map((h) => codexHookKey('/f', h))).toEqual(['/f:stop:0:0', '/f:stop:1:1']);
  });

  it('reads nothing from a file that is not hooks', () => {
    expect(codexHandlers(null)).toEqual([]);
    expect(codexHandlers({ hooks: { Stop: 'x' } })).toEqual([]);
  });
});
