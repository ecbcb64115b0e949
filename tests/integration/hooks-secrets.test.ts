// The secret corpus through the hooks: every sample that must be redacted goes in as file content,
// commands and error output; afterwards no byte of any secret is in the database, its WAL, the session
// summary or the SessionStart output, and every code line that merely handles a secret is stored
// verbatim. The first payload of each kind runs as the real built hook; the other ~70 run through the
// same handler in one process (a process each proves nothing more and costs ~6 s of CPU). Also the
// inputs that used to keep a hook busy for minutes.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_KEEP_SAMPLES, ALL_SECRET_SAMPLES } from '../fixtures/secret-corpus.js';
import { SECRET_RULES } from '../../lib/redact/redact.js';
import { samplesOf } from '../../lib/redact/samples.js';
import {
  allMemories,
  bashResponse,
  postToolUse,
  postToolUseFailure,
  runHook,
  runHooksInOneProcess,
  RUNTIME,
  sandbox,
  type Sandbox,
} from '../helpers.js';

function rawBytes(dbPath: string): Buffer {
  return Buffer.concat([dbPath, `${dbPath}-wal`].filter((file) => existsSync(file)).map((file) => readFileSync(file)));
}

/** Texts joined by newlines into commands short enough to be stored whole (content keeps 1,200 characters). */
function bundles(texts: readonly string[], max = 1000): string[] {
  const out: string[] = [];
  let current = '';
  for (const text of texts) {
    if (current && current.length + text.length + 1 > max) {
      out.push(current);
      current = '';
    }
    current = current ? `${current}\n${text}` : text;
  }
  if (current) out.push(current);
  return out;
}

/** The first payload of each tool and event through the real built hook, the rest through its handler in one process. */
async function runAll(box: Sandbox, payloads: readonly Record<string, unknown>[]): Promise<void> {
  const kinds = new Set<string>();
  const first = (payload: Record<string, unknown>): boolean => {
    const kind = `${String(payload['hook_event_name'])} ${String(payload['tool_name'])}`;
    if (kinds.has(kind)) return false;
    kinds.add(kind);
    return true;
  };
  const real = payloads.filter(first);
  expect(real.length).toBeGreaterThanOrEqual(4);
  // One after another: what these prove is redaction, not concurrent writers (hooks-burst's subject).
  for (const payload of real) {
    expect(await runHook('post-tool-use', payload, { env: box.env })).toMatchObject({
      code: 0,
      stdout: '',
      stderr: '',
    });
  }
  const rest = payloads.filter((payload) => !real.includes(payload));
  const batch = await runHooksInOneProcess(
    rest.map((payload) => ({ hook: 'post-tool-use', payload })),
    { env: box.env },
  );
  expect(batch).toMatchObject({ code: 0, stdout: '', stderr: '' });
  expect(allMemories(box.dbPath)).toHaveLength(payloads.length);
}

/** Stop, then the next session's SessionStart: what the model would be shown. */
async function endSession(box: Sandbox): Promise<string> {
  const stop = await runHook(
    'stop',
    {
      session_id: 'sess-1111',
      transcript_path: '/t.jsonl',
      cwd: box.project,
      hook_event_name: 'Stop',
      stop_hook_active: false,
    },
    { env: box.env },
  );
  expect(stop).toMatchObject({ code: 0, stdout: '', stderr: '' });
  const start = await runHook(
    'session-start',
    {
      session_id: 'sess-next',
      transcript_path: '/t.jsonl',
      cwd: box.project,
      hook_event_name: 'SessionStart',
      source: 'startup',
    },
    { env: box.env },
  );
  expect(start).toMatchObject({ code: 0, stderr: '' });
  expect(start.stdout).toContain('memory-context');
  return start.stdout;
}

describe('secrets through the real hooks', () => {
  it('stores no byte of any secret, and every line of code that handles one verbatim', async () => {
    const box = sandbox();
    const secrets = ALL_SECRET_SAMPLES.map(([, secret]) => secret);
    const texts = ALL_SECRET_SAMPLES.map(([text]) => text);
    const payloads: Record<string, unknown>[] = [
      // A Write keeps a 300-character preview: files short enough to be kept whole.
      // Not `.env`: of those only the names are kept, and this is about the rules over what is kept.
      ...bundles(texts, 280).map((content, i) =>
        postToolUse(
          box,
          'Write',
          { file_path: join(box.project, 'src', `settings-${i}.conf`), content },
          { type: 'create', filePath: 'x', content: '', structuredPatch: [] },
        ),
      ),
      ...bundles(texts).map((command) =>
        postToolUse(box, 'Bash', { command, description: 'Configure the deploy' }, bashResponse(command)),
      ),
      ...bundles(texts).map((command) =>
        postToolUseFailure(box, 'Bash', { command }, `Exit code 1\nerror: authentication failed\n${command}`),
      ),
      postToolUse(
        box,
        'Edit',
        {
          file_path: join(box.project, 'src', 'db.ts'),
          old_string: 'password: process.env.DB_PASSWORD',
          new_string: texts[0] ?? '',
        },
        {
          filePath: join(box.project, 'src', 'db.ts'),
          oldString: 'a',
          newString: 'b',
          originalFile: '',
          structuredPatch: [],
          userModified: false,
          replaceAll: false,
        },
      ),
      ...bundles(ALL_KEEP_SAMPLES).map((command) => postToolUse(box, 'Bash', { command }, bashResponse(''))),
    ];
    await runAll(box, payloads);

    const stop = await runHook(
      'stop',
      {
        session_id: 'sess-1111',
        transcript_path: '/t.jsonl',
        cwd: box.project,
        hook_event_name: 'Stop',
        stop_hook_active: false,
      },
      { env: box.env },
    );
    expect(stop).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const start = await runHook(
      'session-start',
      {
        session_id: 'sess-next',
        transcript_path: '/t.jsonl',
        cwd: box.project,
        hook_event_name: 'SessionStart',
        source: 'startup',
      },
      { env: box.env },
    );
    expect(start).toMatchObject({ code: 0, stderr: '' });
    expect(start.stdout).toContain('memory-context');

    const bytes = rawBytes(box.dbPath);
    const leaked = secrets.filter((secret) => bytes.includes(Buffer.from(secret)) || start.stdout.includes(secret));
    expect(leaked).toEqual([]);

    const stored = allMemories(box.dbPath)
      .map((row) => row.content)
      .join('\n');
    // Trimmed: a sample that opens a bundled command loses its indentation with the command's own.
    const mangled = ALL_KEEP_SAMPLES.filter((line) => !stored.includes(line.trim()));
    expect(mangled).toEqual([]);
  }, 300_000);

  it.each([
    ['a Write of 16 KB repeating _password', 'Write', { file_path: 'src/big.ts', content: '_password'.repeat(1821) }],
    ['a Write of 16 KB repeating -token', 'Write', { file_path: 'src/big.ts', content: '-token'.repeat(2731) }],
    ['a Bash command of 16.8 KB repeating _token', 'Bash', { command: `./deploy.sh ${'_token'.repeat(2870)}` }],
    ['a Bash command of 16 KB repeating -token', 'Bash', { command: `deploy ${'-token'.repeat(2731)}` }],
    ['a Bash command of 16 KB repeating password=', 'Bash', { command: `./deploy.sh ${'password='.repeat(1821)}` }],
  ])('stores %s (it used to take minutes)', async (_what, tool, input) => {
    const box = sandbox();
    const fileInput = 'file_path' in input ? { ...input, file_path: join(box.project, input.file_path) } : input;
    const result = await runHook(
      'post-tool-use',
      postToolUse(
        box,
        tool,
        fileInput,
        tool === 'Bash' ? bashResponse('') : { type: 'create', filePath: 'x', content: '', structuredPatch: [] },
      ),
      { env: box.env, killAfterMs: 30_000 },
    );
    expect(result).toMatchObject({ code: 0, signal: null, stdout: '', stderr: '' });
    expect(allMemories(box.dbPath)).toHaveLength(1);
  });
});

// Key material, one payload per family, each through the real built hook. Fixtures follow the shapes in
// ../shared/claude-code-hooks.md (an Edit's response carries `originalFile`, the file before the edit).
const PUTTY_PRIVATE = 'AAAAIBmd8Qz1YcB2ZQ9XwQ5pZf3KlR7tYw2Hn4Jm6Vb8Xc0Z';
const PUTTY_MAC = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
const PUTTY = [
  'PuTTY-User-Key-File-3: ssh-ed25519',
  'Encryption: none',
  'Comment: deploy@ci',
  'Public-Lines: 2',
  'AAAAC3NzaC1lZDI1NTE5AAAAIJ7nA0Lq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8u',
  'Q9tZ3wX7cV5bN1mK4',
  'Private-Lines: 1',
  PUTTY_PRIVATE,
  `Private-MAC: ${PUTTY_MAC}`,
  '',
].join('\n');
const BODY_OLD = 'QyNTUxOQAAACBkq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3wX7cV5bN1mK4lJ2hG6';
const BODY_NEW = 'Zk9pQ3wX7cV5bN1mK4lJ2hG6fD8sA0pOq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ9tZ3';
const PEM = [
  '-----BEGIN OPENSSH PRIVATE KEY-----',
  'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW',
  BODY_OLD,
  'fD8sA0pOZ3wX7cV5bN1mK4lJ2hG6fD8sA0pOq8Lm3vR9xK2pW7nB4yC6hD1jF5gS0aE8uQ',
  '-----END OPENSSH PRIVATE KEY-----',
  '',
].join('\n');
const SA_KEY_ID = '7c1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c';
const SA_CLIENT_ID = '108234567890123456789';
const SERVICE_ACCOUNT = JSON.stringify(
  {
    type: 'service_account',
    project_id: 'shop-prod',
    private_key_id: SA_KEY_ID,
    client_email: 'deploy@shop-prod.iam.gserviceaccount.com',
    client_id: SA_CLIENT_ID,
  },
  null,
  2,
);
const ENV_HOST = 'db-primary.shop.internal';
const ENV_PASSWORD = 'correct horse battery staple';
const KEY_FILE_SECRETS = [
  PUTTY_PRIVATE,
  PUTTY_MAC,
  BODY_OLD,
  BODY_NEW,
  SA_KEY_ID,
  SA_CLIENT_ID,
  ENV_HOST,
  ENV_PASSWORD,
];

function editResponse(
  path: string,
  oldString: string,
  newString: string,
  originalFile: string,
): Record<string, unknown> {
  return {
    filePath: path,
    oldString,
    newString,
    originalFile,
    structuredPatch: [],
    userModified: false,
    replaceAll: false,
  };
}

describe('key files through the real hooks', () => {
  it('stores path, tool and size of each, no byte of its content, and code that reads a key as written', async () => {
    const box = sandbox();
    const at = (name: string): string => join(box.project, name);
    const fixtures = `export const KEY = \`${PEM}\`;\n`;
    const payloads = [
      postToolUse(
        box,
        'Write',
        { file_path: at('deploy.ppk'), content: PUTTY },
        { type: 'create', filePath: at('deploy.ppk'), content: PUTTY, structuredPatch: [] },
      ),
      postToolUse(
        box,
        'Edit',
        { file_path: at('tls/server.pem'), old_string: BODY_OLD, new_string: BODY_NEW },
        editResponse(at('tls/server.pem'), BODY_OLD, BODY_NEW, PEM),
      ),
      postToolUse(
        box,
        'Edit',
        { file_path: at('test/fixtures.ts'), old_string: BODY_OLD, new_string: BODY_NEW },
        editResponse(at('test/fixtures.ts'), BODY_OLD, BODY_NEW, fixtures),
      ),
      postToolUse(
        box,
        'Write',
        { file_path: at('gcp.json'), content: SERVICE_ACCOUNT },
        { type: 'create', filePath: at('gcp.json'), content: SERVICE_ACCOUNT, structuredPatch: [] },
      ),
      postToolUse(
        box,
        'Write',
        { file_path: at('.env.production'), content: `DB_HOST=${ENV_HOST}\nDB_PASSWORD="${ENV_PASSWORD}"\n` },
        { type: 'create', filePath: at('.env.production'), content: '', structuredPatch: [] },
      ),
      postToolUseFailure(
        box,
        'Edit',
        { file_path: at('.ssh/id_ed25519'), old_string: BODY_OLD, new_string: BODY_NEW },
        `String to replace not found in file.\nString: ${BODY_OLD}`,
      ),
      postToolUse(
        box,
        'Edit',
        {
          file_path: at('src/ssh.ts'),
          old_string: 'const key = null',
          new_string: "const key = fs.readFileSync('id_rsa')",
        },
        editResponse(at('src/ssh.ts'), 'a', 'b', 'const key = null\n'),
      ),
      postToolUse(box, 'Bash', { command: 'ssh-keygen -t ed25519 -f key' }, bashResponse('')),
    ];
    for (const payload of payloads) {
      expect(await runHook('post-tool-use', payload, { env: box.env })).toMatchObject({
        code: 0,
        stdout: '',
        stderr: '',
      });
    }
    const start = await endSession(box);

    expect(
      allMemories(box.dbPath).map((row) => [row.tool_name, row.file_path?.slice(box.project.length), row.content]),
    ).toEqual([
      [
        'Write',
        '/deploy.ppk',
        `Created deploy.ppk (${Buffer.byteLength(PUTTY)} bytes, 9 lines): content not kept: key file`,
      ],
      ['Edit', '/tls/server.pem', 'Edited server.pem (1 edit, 70 bytes written): content not kept: key file'],
      ['Edit', '/test/fixtures.ts', 'Edited fixtures.ts (1 edit, 70 bytes written): content not kept: key file'],
      [
        'Write',
        '/gcp.json',
        `Created gcp.json (${Buffer.byteLength(SERVICE_ACCOUNT)} bytes, 7 lines): content not kept: key file`,
      ],
      ['Write', '/.env.production', 'Created .env.production (2 lines): DB_HOST, DB_PASSWORD (values not kept)'],
      ['Edit', '/.ssh/id_ed25519', 'Edit failed on id_ed25519: content not kept: key file'],
      ['Edit', '/src/ssh.ts', `Edited ssh.ts: "const key = null" → "const key = fs.readFileSync('id_rsa')"`],
      ['Bash', undefined, 'ssh-keygen -t ed25519 -f key'],
    ]);
    const bytes = rawBytes(box.dbPath);
    expect(KEY_FILE_SECRETS.filter((secret) => bytes.includes(Buffer.from(secret)) || start.includes(secret))).toEqual(
      [],
    );
    // A fragment of each body is not in the file either: no line of a key was stored in part.
    expect(KEY_FILE_SECRETS.filter((secret) => bytes.includes(Buffer.from(secret.slice(0, 16))))).toEqual([]);
    expect(start).toContain('content not kept: key file');
  });
});

describe('the hook bundles', () => {
  it('carry no rule samples: they are read by the tests, not by every tool call', () => {
    const dir = join(RUNTIME, 'dist', 'hooks');
    const code = readdirSync(dir)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .join('\n');
    // Samples written the same in any quoting: no quote, backslash, newline or `$`.
    const plain = SECRET_RULES.flatMap((rule) => [
      ...samplesOf(rule).redacts.map((sample) => sample.text),
      ...samplesOf(rule).keeps,
    ]).filter((text) => !/['"`\\\n$]/.test(text));
    expect(plain.length).toBeGreaterThan(20);
    expect(plain.filter((text) => code.includes(text))).toEqual([]);
  });
});
