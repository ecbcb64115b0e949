// Secrets a person says in words (English and Korean), SQL password literals and multi-word quoted
// passphrases, through the real hooks: prompts, the requests and intents of the memories they lead to,
// the assistant's last message, the session summary and the next session's block. Afterwards no byte of
// any of them is in the database file or its WAL. Then a database an older build filled with the same
// sentences: memory doctor counts them, memory redact --yes rewrites them, and the bytes are gone.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../lib/db/memories.js';
import { openDb } from '../../lib/db/open.js';
import {
  bashResponse,
  openForRead,
  postToolUse,
  runCli,
  runHook,
  runHooksInOneProcess,
  sandbox,
  type Sandbox,
} from '../helpers.js';
import { conversation } from '../transcript-helpers.js';

// Every case of the report, word for word, with the secret each holds.
const PROMPTS: readonly (readonly [prompt: string, secret: string])[] = [
  ['Set up the .env. My password is Tr0ub4dor&3 and the Anthropic key is in the vault', 'Tr0ub4dor&3'],
  ['the password is Zq8!xLm2pW', 'Zq8!xLm2pW'],
  ['login with user bob and password Zq8xLm2pWq7', 'Zq8xLm2pWq7'],
  ['비밀번호는 Zq8xLm2pWq5 입니다', 'Zq8xLm2pWq5'],
  ['use token abcdef0123456789abcdef0123456789', 'abcdef0123456789abcdef0123456789'],
  ['my ssh passphrase is "purple monkey dishwasher 42"', 'purple monkey dishwasher 42'],
  ['암호: Qw3rty!99 로 접속해줘', 'Qw3rty!99'],
  ['토큰 ghx_abcdEFGH12345678 으로 배포해', 'ghx_abcdEFGH12345678'],
  ['my PIN is 48213, put it in the test fixture', '48213'],
  ['the staging api key is 9fA3kL0pQ7zX2mN8, wire it in', '9fA3kL0pQ7zX2mN8'],
];
// Tool calls of the two held-out families.
const COMMANDS: readonly (readonly [command: string, secret: string])[] = [
  ["zip -P 'three word secret' out.zip notes.txt", 'three word secret'],
  [`psql -c "CREATE ROLE app LOGIN PASSWORD 'R0lePass!x'"`, 'R0lePass!x'],
  [`mysql -e "CREATE USER 'app'@'%' IDENTIFIED BY 'Ident1fied-By'"`, 'Ident1fied-By'],
  ["rar a -hp'four quoted pass words' backup.rar dir", 'four quoted pass words'],
];
const LAST_ANSWER = 'Done. I set the admin password to Adm1n!Secret9 as you asked.';
const ANSWER_SECRET = 'Adm1n!Secret9';
// Prompts about passwords that hold none: stored as typed.
const KEPT = ['add a reset-password form', '비밀번호 변경 화면 만들어줘', 'the password field should be masked'];

const SECRETS = [...PROMPTS, ...COMMANDS].map(([, secret]) => secret).concat(ANSWER_SECRET);

function rawBytes(dbPath: string): Buffer {
  return Buffer.concat([dbPath, `${dbPath}-wal`].filter((file) => existsSync(file)).map((file) => readFileSync(file)));
}

function leaked(box: Sandbox, also = ''): string[] {
  const bytes = rawBytes(box.dbPath);
  return SECRETS.filter((secret) => bytes.includes(Buffer.from(secret)) || also.includes(secret));
}

const SESSION = 'sess-prose';

function prompt(box: Sandbox, text: string): Record<string, unknown> {
  return {
    session_id: SESSION,
    transcript_path: join(box.home, 'none.jsonl'),
    cwd: box.project,
    permission_mode: 'default',
    hook_event_name: 'UserPromptSubmit',
    prompt: text,
  };
}

describe('secrets said in words, through the real hooks', () => {
  it('stores none of them in prompts, requests, intents, the last answer, the summary or the next block', async () => {
    const box = sandbox({ CLAUDE_MEMORY_RECALL: '0' });
    const dir = join(box.home, '.claude', 'projects', 'prose');
    mkdirSync(dir, { recursive: true });
    const transcript = join(dir, `${SESSION}.jsonl`);
    writeFileSync(
      transcript,
      conversation({ sessionId: SESSION, cwd: box.project }, [
        { prompt: PROMPTS[0]?.[0] ?? '', at: '2026-11-20T10:00:00.000Z' },
        { say: 'I will use the password is Tr0ub4dor&3 you gave me.', at: '2026-11-20T10:00:01.000Z' },
        { say: LAST_ANSWER, at: '2026-11-20T10:05:00.000Z' },
      ]),
    );
    // The first prompt and call through the real built hooks, the rest through their handlers in one process.
    const first = await runHook('user-prompt-submit', prompt(box, PROMPTS[0]?.[0] ?? ''), { env: box.env });
    expect(first).toMatchObject({ code: 0, stderr: '' });
    const call = (command: string): Record<string, unknown> =>
      postToolUse(box, 'Bash', { command, description: 'Run it' }, bashResponse(''), {
        session_id: SESSION,
        transcript_path: transcript,
      });
    expect(await runHook('post-tool-use', call('npm run setup-env'), { env: box.env })).toMatchObject({
      code: 0,
      stdout: '',
      stderr: '',
    });
    const rest = await runHooksInOneProcess(
      [
        ...[...PROMPTS.slice(1).map(([text]) => text), ...KEPT].flatMap((text) => [
          { hook: 'user-prompt-submit' as const, payload: prompt(box, text) },
          { hook: 'post-tool-use' as const, payload: call(`./step.sh ${text.length}`) },
        ]),
        ...COMMANDS.map(([command]) => ({ hook: 'post-tool-use' as const, payload: call(command) })),
      ],
      { env: box.env },
    );
    expect(rest).toMatchObject({ code: 0, stderr: '' });
    const stop = await runHook(
      'stop',
      {
        session_id: SESSION,
        transcript_path: transcript,
        cwd: box.project,
        hook_event_name: 'Stop',
        stop_hook_active: false,
        last_assistant_message: LAST_ANSWER,
      },
      { env: box.env },
    );
    expect(stop).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const start = await runHook(
      'session-start',
      {
        session_id: 'sess-next',
        transcript_path: join(box.home, 'next.jsonl'),
        cwd: box.project,
        hook_event_name: 'SessionStart',
        source: 'startup',
      },
      { env: box.env },
    );
    expect(start).toMatchObject({ code: 0, stderr: '' });
    expect(start.stdout).toContain('[REDACTED]');

    const db = openForRead(box.dbPath);
    const prompts = db.prepare('SELECT text FROM prompts ORDER BY id').pluck().all() as string[];
    const summary = db.prepare('SELECT summary, request, outcome FROM session_summaries').get() as Record<
      string,
      string
    >;
    const requests = db.prepare('SELECT DISTINCT request FROM memories WHERE request IS NOT NULL').pluck().all();
    db.close();
    expect(prompts).toContain('the password is [REDACTED]');
    expect(prompts).toContain('비밀번호는 [REDACTED] 입니다');
    expect(prompts).toContain('my ssh passphrase is "[REDACTED]"');
    for (const kept of KEPT) expect(prompts).toContain(kept);
    expect(requests.length).toBeGreaterThan(3);
    expect(JSON.stringify(summary)).toContain('[REDACTED]');
    expect(leaked(box, start.stdout)).toEqual([]);
  }, 120_000);
});

/** A database as an older build left it: the sentences stored as typed, everywhere text is kept. */
function seedOldDatabase(box: Sandbox): void {
  const db = openDb(box.dbPath, { create: true });
  if (!db) throw new Error('no database');
  try {
    const store = new MemoryStore(db);
    PROMPTS.forEach(([text], i) => {
      store.insert(
        {
          sessionId: SESSION,
          toolName: 'Bash',
          type: 'command',
          project: 'my-app',
          projectPath: box.project,
          filePath: null,
          content: COMMANDS[i % COMMANDS.length]?.[0] ?? 'ls',
          tags: 'bash',
          importance: 2,
          createdAt: `2026-11-20T10:0${i}:00.000Z`,
          toolUseId: `toolu_old_${i}`,
          agentId: null,
          exitCode: null,
          source: 'hook',
          request: text,
          intent: `As asked: ${text}`,
        },
        0,
      );
      db.prepare(
        "INSERT INTO prompts (session_id, project, project_path, text, created_at) VALUES (?, 'my-app', ?, ?, ?)",
      ).run(SESSION, box.project, text, `2026-11-20T10:0${i}:00.000Z`);
    });
    // Two prompts that differ only in their secret are one prompt once redacted.
    db.prepare(
      "INSERT INTO prompts (session_id, project, project_path, text, created_at) VALUES (?, 'my-app', ?, ?, ?)",
    ).run(SESSION, box.project, 'the password is Zq8!xLm2pW-other', '2026-11-20T10:20:00.000Z');
    store.upsertSummary({
      sessionId: SESSION,
      project: 'my-app',
      projectPath: box.project,
      summary: `Asked: ${PROMPTS[1]?.[0] ?? ''}`,
      toolsUsed: ['Bash'],
      filesChanged: [],
      memoryCount: PROMPTS.length,
      errorCount: 0,
      durationSec: 600,
      startedAt: '2026-11-20T10:00:00.000Z',
      endedAt: '2026-11-20T10:10:00.000Z',
      updatedAt: '2026-11-20T10:10:00.000Z',
      request: PROMPTS[0]?.[0] ?? '',
      outcome: LAST_ANSWER,
    });
  } finally {
    db.close();
  }
}

describe('what an older build stored', () => {
  it('is counted by memory doctor and rewritten by memory redact --yes, leaving no byte on disk', async () => {
    const box = sandbox();
    seedOldDatabase(box);
    expect(leaked(box).length).toBeGreaterThan(10);
    const doctor = await runCli(['doctor', '--json'], { env: box.env });
    const checks = (JSON.parse(doctor.stdout) as { checks: Array<{ status: string; message: string }> }).checks;
    expect(checks.find((c) => c.message.includes('secret rules'))).toMatchObject({
      status: 'warn',
      message: expect.stringMatching(
        /^\d+ stored rows hold text the current secret rules would redact \(\d+ memories, 1 session summary, 11 prompts;/,
      ),
    });
    const dry = await runCli(['redact', '--json'], { env: box.env });
    expect(JSON.parse(dry.stdout)).toMatchObject({ dry_run: true, session_summaries: 1, prompts: 11 });

    const result = await runCli(['redact', '--yes', '--json'], { env: box.env });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toMatchObject({ dry_run: false, session_summaries: 1, prompts: 11 });
    const db = openForRead(box.dbPath);
    expect(db.prepare("SELECT count(*) FROM prompts WHERE text = 'the password is [REDACTED]'").pluck().get()).toBe(1);
    expect(db.prepare('SELECT outcome FROM session_summaries').pluck().get()).toBe(
      'Done. I set the admin password to [REDACTED] as you asked.',
    );
    db.close();
    expect(leaked(box)).toEqual([]);
    const again = await runCli(['redact'], { env: box.env });
    expect(again.stdout).toMatch(/^Nothing to redact/);
  }, 60_000);
});
