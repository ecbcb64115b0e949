// OpenCode runs no command hooks, only JS/TS plugins inside its own (Bun) process: the install writes
// one small plugin, `<config>/opencode/plugins/claude-memory-hooks.js`, that hands each event to our
// hook bundles as JSON on stdin (the same scripts as Claude Code's, with `opencode` as their argument)
// and adds what session-start and the prompt hook print to the system prompt. The text is ours whole:
// it is rewritten on install and removed on uninstall, and a file of that name we did not write is refused.
import { join } from 'node:path';
import { opencodeConfigDir, type Env } from '../paths.js';
import { NODE_FLAGS, OPENCODE_HOOKS } from '../runtime/executables.js';

const MARKER = '// claude-memory-hooks: the OpenCode plugin';

export function opencodePluginFile(env: Env): string {
  return join(opencodeConfigDir(env), 'plugins', 'claude-memory-hooks.js');
}

/** Ours: the marker line, running hooks of this runtime. */
export function isOurOpencodePlugin(text: string, runtime?: string): boolean {
  return text.startsWith(MARKER) && (runtime === undefined || text.includes(JSON.stringify(`${runtime}/dist/hooks`)));
}

/** The plugin, for a runtime and the Node that runs its hooks. */
export function renderOpencodePlugin(runtime: string, node: string): string {
  const hooks = JSON.stringify(`${runtime}/dist/hooks`);
  const script = (name: string) => JSON.stringify(name);
  return `${MARKER} (written by ./install.sh, removed by ./install.sh --uninstall).
// Hands OpenCode's events to the memory hooks as JSON on stdin and puts the context they print into
// the system prompt. A hook that fails or is slow never stops OpenCode: it is waited for a bounded time,
// and its one line of complaint goes to OpenCode's log.
import { spawn } from 'node:child_process';

const NODE = ${JSON.stringify(node)};
const FLAGS = ${JSON.stringify(NODE_FLAGS)};
const HOOKS = ${hooks};

function run(client, script, payload, waitMs) {
  return new Promise((resolve) => {
    let out = '';
    let err = '';
    let child;
    try {
      child = spawn(NODE, [...FLAGS, HOOKS + '/' + script + '.js', 'opencode'], { stdio: ['pipe', 'pipe', 'pipe'] });
    } catch {
      return resolve('');
    }
    const timer = setTimeout(() => child.kill(), waitMs);
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', () => {
      clearTimeout(timer);
      resolve('');
    });
    child.on('close', () => {
      clearTimeout(timer);
      if (err.trim()) log(client, err.trim());
      resolve(out);
    });
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify(payload));
  });
}

function log(client, message) {
  try {
    void client?.app?.log?.({ body: { service: 'claude-memory-hooks', level: 'warn', message } })?.catch?.(() => {});
  } catch {}
}

export const ClaudeMemoryHooks = async ({ client, directory, worktree }) => {
  const where = { directory, worktree };
  const context = new Map(); // session → the <memory-context> session-start printed (a promise)
  const recall = new Map(); // session → what the prompt hook printed for the latest prompt
  const pending = new Map(); // session → captures still running, waited for before the turn's end
  const answer = new Map(); // session → its latest assistant message id
  const texts = new Map(); // message id → its text so far
  const assistant = new Set();
  return {
    'chat.message': async (input, output) => {
      const payload = { hook_event_name: 'chat.message', ...where, input, output };
      if (!context.has(input.sessionID))
        context.set(input.sessionID, run(client, ${script(OPENCODE_HOOKS.sessionStart)}, payload, 10000));
      recall.set(input.sessionID, await run(client, ${script(OPENCODE_HOOKS.prompt)}, payload, 5000));
    },
    'tool.execute.after': async (input, output) => {
      const payload = { hook_event_name: 'tool.execute.after', ...where, input, output };
      const running = pending.get(input.sessionID) ?? new Set();
      const capture = run(client, ${script(OPENCODE_HOOKS.tool)}, payload, 30000);
      running.add(capture);
      pending.set(input.sessionID, running);
      void capture.then(() => running.delete(capture));
    },
    'experimental.chat.system.transform': async (input, output) => {
      const added = [await context.get(input.sessionID), recall.get(input.sessionID)];
      if (!Array.isArray(output?.system)) return;
      for (const text of added) if (text && text.trim()) output.system.push(text.trimEnd());
    },
    event: async ({ event }) => {
      const props = event.properties ?? {};
      if (event.type === 'message.updated' && props.info?.role === 'assistant') {
        assistant.add(props.info.id);
        answer.set(props.info.sessionID, props.info.id);
      } else if (event.type === 'message.part.updated' && props.part?.type === 'text' && !props.part.synthetic) {
        texts.set(props.part.messageID, props.part.text ?? '');
      } else if (event.type === 'session.idle') {
        await Promise.all([...(pending.get(props.sessionID) ?? [])]);
        const last = answer.get(props.sessionID);
        const payload = {
          hook_event_name: 'session.idle',
          ...where,
          event,
          last_assistant_message: (assistant.has(last) && texts.get(last)) || '',
        };
        await run(client, ${script(OPENCODE_HOOKS.idle)}, payload, 10000);
        recall.delete(props.sessionID);
      }
    },
  };
};
`;
}
