// Records what a real Codex CLI or Gemini CLI sends its hooks: a temp HOME with a probe hook on every event
// the client knows, one scripted session (write a file, edit it, a command that exits 3, one that passes,
// an edit that fails, a final answer), and the payloads, the session file the client wrote and the run's
// summary written to tests/fixtures/agents/<client>/<version>/ with temp paths replaced by /home/dev.
//
//   node dist/tests/e2e/harness/record.js codex|gemini [VERSION] [--out DIR]
import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheRoot, installClient } from './install.js';
import { runSession } from './run.js';

const HERE = dirname(fileURLToPath(import.meta.url));
/** The checkout: this file runs as dist/tests/e2e/harness/record.js. */
const ROOT = resolve(HERE, '..', '..', '..', '..');
const PROBE = join(HERE, 'probe-hook.js');

/** Every hook event each client has (and, for Codex, two it does not: they show registering them is harmless). */
const EVENTS = {
  codex: [
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PermissionRequest',
    'PostToolUse',
    'PostToolUseFailure',
    'PreCompact',
    'PostCompact',
    'SubagentStart',
    'SubagentStop',
    'Stop',
    'StopFailure',
    'SessionEnd',
  ],
  gemini: [
    'SessionStart',
    'SessionEnd',
    'BeforeAgent',
    'AfterAgent',
    'BeforeModel',
    'AfterModel',
    'BeforeToolSelection',
    'BeforeTool',
    'AfterTool',
    'PreCompress',
    'Notification',
  ],
} as const;
const TOOL_EVENTS = new Set(['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'BeforeTool', 'AfterTool']);

/** What each scripted tool call does, in the scenario's order. */
const CALLS = ['write', 'edit', 'fail', 'pass', 'failed-edit'] as const;
export const RECORD_SCENARIO = {
  description:
    'Write a file, edit it, a command that exits 3, one that passes, an edit whose text is not in the file, a final answer after 1 s.',
  prompt: 'Add a greet() helper and check it',
  turns: [
    [
      { type: 'text', text: "I'll add the greeting module." },
      { type: 'write_file', path: '{{cwd}}/greet.js', content: 'exports.greet = (name) => `Hi ${name}`;\n' },
    ],
    [{ type: 'edit_file', path: '{{cwd}}/greet.js', old: '`Hi ${name}`', new: '`Hello ${name}`' }],
    [{ type: 'shell', command: 'node -e "console.error(\'boom: greeting check failed\'); process.exit(3)"' }],
    [{ type: 'shell', command: "node -e \"console.log(require('./greet.js').greet('Ada'))\"" }],
    [{ type: 'edit_file', path: '{{cwd}}/greet.js', old: 'this text is not in the file', new: 'anything' }],
    {
      delayMs: 1000,
      content: [
        {
          type: 'text',
          text: 'greet() says Hello; the check exits with 3, the run prints Hello Ada, the last edit found nothing.',
        },
      ],
    },
  ],
};

/** A second session resuming the first: SessionStart `resume`, one more command, what the session file gains. */
const RESUME_SCENARIO = {
  prompt: 'Carry on: print the greeting once more',
  turns: [[{ type: 'shell', command: "node -e \"console.log(require('./greet.js').greet('Bo'))\"" }]],
  final: 'It prints Hello Bo.',
};

const kebab = (event: string) => event.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();

function probeConfig(client: 'codex' | 'gemini', log: string): string {
  const hook = (event: string) => ({
    type: 'command',
    command: `"${process.execPath}" "${PROBE}" ${event} "${log}"`,
    // Codex counts seconds (and clamps SessionEnd to 3), Gemini milliseconds.
    timeout: client === 'codex' ? (event === 'SessionEnd' ? 3 : 10) : 10_000,
    ...(client === 'gemini' ? { name: `probe-${event}` } : {}),
  });
  const groups = Object.fromEntries(
    EVENTS[client].map((event) => [
      event,
      [{ ...(TOOL_EVENTS.has(event) ? { matcher: '*' } : {}), hooks: [hook(event)] }],
    ]),
  );
  return `${JSON.stringify({ hooks: groups }, null, 2)}\n`;
}

/** Into `out`, by default tests/fixtures/agents/<client>/<version>/ (one folder a release: older ones stay). */
export async function record(client: 'codex' | 'gemini', version: string, where: string | null): Promise<void> {
  const installed = installClient(client, version);
  const out = where ?? join(ROOT, 'tests', 'fixtures', 'agents', client, installed.version);
  const root = realpathSync(mkdtempSync(join(tmpdir(), `record-${client}-`)));
  const home = join(root, 'home');
  const cwd = join(home, 'greeter');
  const log = join(root, 'probe');
  mkdirSync(cwd, { recursive: true });
  spawnSync('git', ['init', '-q'], { cwd });
  const config = client === 'codex' ? join(home, '.codex', 'hooks.json') : join(home, '.gemini', 'settings.json');
  mkdirSync(dirname(config), { recursive: true });
  writeFileSync(config, probeConfig(client, log));
  const session = async (name: string, spec: object, resume: string | null) => {
    const scenario = join(root, `${name}.json`);
    writeFileSync(scenario, JSON.stringify(spec));
    const { summary, code } = await runSession({
      client,
      exe: installed.exe,
      home,
      cwd,
      out: join(root, name),
      scenario,
      prompt: (spec as { prompt: string }).prompt,
      resume,
      hookTrust: 'bypass',
      permissions: 'allow',
      allowedTools: [],
      model: null,
      args: [],
      vars: {},
      env: {},
      timeoutMs: 120_000,
      settleMs: 10_000,
    });
    if (code !== 0) throw new Error(`${client} exited with ${code}; the run is kept in ${root}`);
    // The probe makes its folder again for the next session.
    renameSync(log, join(root, `${name}-probe`));
    // Read now: a resumed session appends to the same file.
    const written = (summary['sessionFiles'] as string[]).map((file) => readFileSync(file, 'utf8'));
    return { summary, written };
  };
  const { summary: first, written: firstFiles } = await session('session', RECORD_SCENARIO, null);
  const { summary: resumed, written: resumedFiles } = await session(
    'resume',
    RESUME_SCENARIO,
    client === 'codex' ? 'last' : 'latest',
  );

  const normalise = (text: string) =>
    text
      .replaceAll(home, '/home/dev')
      .replaceAll(root, '/tmp/record')
      .replaceAll(cacheRoot(), '/cache')
      .replaceAll(ROOT, '/checkout')
      .replaceAll(process.execPath, '/usr/bin/node')
      .replace(/http:\/\/127\.0\.0\.1:\d+/g, 'http://127.0.0.1:PORT');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const fired = new Map<string, number>();
  /** A session's probe files as fixtures: `<prefix><event>[.<call>].json`, one of each per-call event. */
  const collect = (name: string, summary: Record<string, unknown>, calls: readonly string[], prefix: string) => {
    const ids = (summary['toolCalls'] as { id: string }[]).map((c) => c.id);
    const seen = new Map<string, number>();
    const dir = join(root, `${name}-probe`);
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const event = file.replace(/^\d+-/, '').replace(/\.json$/, '');
      const text = readFileSync(join(dir, file), 'utf8');
      const k = seen.get(event) ?? 0;
      seen.set(event, k + 1);
      if (prefix === '') fired.set(event, k + 1);
      let fixture: string;
      if (TOOL_EVENTS.has(event)) {
        const at = ids.indexOf(String((JSON.parse(text) as Record<string, unknown>)['tool_use_id'] ?? ''));
        fixture = `${kebab(event)}.${calls[at >= 0 ? at : k] ?? k}`;
      } else if (k === 0) fixture = kebab(event);
      else continue; // one of each per-model-call event is enough (Gemini's BeforeModel, AfterModel…)
      writeFileSync(join(out, `${prefix}${fixture}.json`), normalise(text));
    }
  };
  collect('session', first, CALLS, '');
  collect('resume', resumed, ['resumed'], 'resume.');
  const kind = client === 'codex' ? 'rollout' : 'chat';
  for (const text of firstFiles) writeFileSync(join(out, `${kind}.jsonl`), normalise(text));
  // The same session file once the resumed session appended to it (or the new one it wrote).
  for (const text of resumedFiles) writeFileSync(join(out, `${kind}-resumed.jsonl`), normalise(text));
  writeFileSync(
    join(out, 'summary.json'),
    normalise(`${JSON.stringify({ ...first, durationMs: null, stderr: undefined }, null, 2)}\n`),
  );
  const counts = [...fired].map(([event, n]) => `${event} ${n}`).join(', ');
  const silent = EVENTS[client].filter((event) => !fired.has(event)).join(', ');
  writeFileSync(
    join(out, 'README.md'),
    [
      `# ${client === 'codex' ? 'Codex CLI' : 'Gemini CLI'} ${installed.version}: what its hooks received`,
      '',
      `Recorded by \`node dist/tests/e2e/harness/record.js ${client}\` (tests/e2e/harness/record.ts): ${installed.version} from npm`,
      `(\`${client === 'codex' ? '@openai/codex' : '@google/gemini-cli'}\`), run headless (${client === 'codex' ? '`codex exec`' : '`gemini -p`'}) against the local mock in a temp HOME with a`,
      'probe hook on every event, each answering with a marker where the event can add context. Scenario:',
      `${RECORD_SCENARIO.description} Prompt: "${RECORD_SCENARIO.prompt}".`,
      '',
      'Files are the exact stdin of each hook (`<event>.json`; tool events `<event>.<call>.json`, the calls being',
      `${CALLS.join(', ')}), the session file the client wrote (\`${kind}.jsonl\`) and the run's summary`,
      '(`summary.json`: every request the model got, what was new in it, the tool outputs). Then a second session',
      `resumed the first (\`${client === 'codex' ? 'codex exec resume --last' : 'gemini --resume latest'}\`, prompt "${RESUME_SCENARIO.prompt}", one command):`,
      `its hooks' stdin as \`resume.<event>.json\`, and the session file after it as \`${kind}-resumed.jsonl\`. The temp HOME is`,
      'shown as `/home/dev`, the project as `/home/dev/greeter`, the mock as `http://127.0.0.1:PORT`; nothing else is changed.',
      '',
      `Fired: ${counts}.`,
      `Registered, never fired: ${silent || 'none'}.`,
      '',
    ].join('\n'),
  );
  rmSync(root, { recursive: true, force: true });
  process.stdout.write(
    `${client} ${installed.version}: ${readdirSync(out).length} files in ${out} (${basename(installed.exe)})\n`,
  );
}

const [client, ...rest] = process.argv.slice(2);
if (client === 'codex' || client === 'gemini') {
  const at = rest.indexOf('--out');
  const version = rest.find((arg, i) => !arg.startsWith('--') && rest[i - 1] !== '--out') ?? 'latest';
  await record(client, version, at >= 0 ? resolve(rest[at + 1] ?? '.') : null);
} else if (process.argv[1]?.endsWith('record.js')) {
  process.stderr.write('usage: record.js codex|gemini [VERSION] [--out DIR]\n');
  process.exitCode = 2;
}
