// Does for a test HOME what a person does in Codex's "Hooks need review" screen: asks Codex itself
// (`codex app-server`, JSON-RPC `hooks/list`) for each hook's key and current hash and writes
// `[hooks.state."<key>"] trusted_hash = "…"` into $CODEX_HOME/config.toml, keeping the rest of the file.
// A hook whose command changes afterwards is untrusted again: its hash no longer matches.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface ListedHook {
  readonly key: string;
  readonly currentHash: string;
  readonly trustStatus: string;
  readonly isManaged: boolean;
}

function listHooks(exe: string, home: string, cwd: string): Promise<ListedHook[]> {
  const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, CODEX_HOME: join(home, '.codex') };
  const child = spawn(exe, ['app-server'], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  return new Promise((resolve, reject) => {
    let buffer = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`codex app-server gave no hooks/list answer: ${stderr.slice(-300)}`));
    }, 30_000);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 1);
        let message: { id?: number; result?: { data?: { hooks?: ListedHook[] }[] }; error?: unknown };
        try {
          message = JSON.parse(line) as typeof message;
        } catch {
          continue;
        }
        if (message.id === 1) {
          send({ method: 'initialized' });
          send({ id: 2, method: 'hooks/list', params: { cwds: [cwd] } });
        } else if (message.id === 2) {
          clearTimeout(timer);
          child.kill('SIGTERM');
          if (message.error) reject(new Error(`hooks/list: ${JSON.stringify(message.error)}`));
          else resolve((message.result?.data ?? []).flatMap((entry) => entry.hooks ?? []));
        }
      }
    });
    send({ id: 1, method: 'initialize', params: { clientInfo: { name: 'memory-e2e', version: '1.0.0' } } });
  });
}

/** Trusts every hook Codex lists for `cwd`; returns how many were not trusted before. */
export async function reviewCodexHooks(exe: string, home: string, cwd: string): Promise<number> {
  const hooks = (await listHooks(exe, home, cwd)).filter((h) => !h.isManaged && h.key && h.currentHash);
  const untrusted = hooks.filter((h) => h.trustStatus !== 'trusted');
  if (untrusted.length === 0) return 0;
  const file = join(home, '.codex', 'config.toml');
  const headers = new Set(hooks.map((h) => `[hooks.state.${JSON.stringify(h.key)}]`));
  const kept: string[] = [];
  let skipping = false;
  for (const line of (existsSync(file) ? readFileSync(file, 'utf8') : '').split('\n')) {
    if (line.trim().startsWith('[')) skipping = headers.has(line.trim());
    if (!skipping) kept.push(line);
  }
  const entries = hooks.map(
    (h) => `\n[hooks.state.${JSON.stringify(h.key)}]\ntrusted_hash = ${JSON.stringify(h.currentHash)}\n`,
  );
  writeFileSync(file, `${kept.join('\n').replace(/\n*$/, '\n').replace(/^\n$/, '')}${entries.join('')}`);
  return untrusted.length;
}
