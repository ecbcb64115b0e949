// Synthetic memory databases for the benchmarks, written through the real capture path:
// wire payload → parseToolEvent → captureEvent (filters, redaction) → toNewMemory → MemoryStore.insert.
import Database from 'better-sqlite3';
import { captureEvent } from '../lib/capture/capture.js';
import { MemoryStore } from '../lib/db/memories.js';
import type { Db } from '../lib/db/open.js';
import { parseToolEvent } from '../lib/agents/claude-code/payload.js';
import { memoryIntent } from '../lib/capture/intent.js';
import { toNewMemory } from '../lib/memory.js';
import { projectAt } from '../lib/capture/project.js';
import { summarizeSession } from '../lib/session/summary.js';
import { indexPending } from '../lib/db/search-index.js';

const PROJECTS = [
  '/home/dev/work/api-server',
  '/home/dev/work/web-app',
  '/home/dev/work/mobile',
  '/home/dev/work/infra',
  '/home/dev/oss/claude-desk',
];
const FILES = [
  'src/auth/jwt.ts',
  'src/server.ts',
  'src/db/schema.ts',
  'src/handlers/user.ts',
  'README.md',
  'src/components/Button.tsx',
  'tests/auth.test.ts',
  'src/config.ts',
  'docs/인증설계.md',
  'src/i18n/ko.json',
  'notebooks/analysis.ipynb',
  'scripts/deploy.sh',
];
const ENGLISH = [
  'add JWT refresh token rotation',
  'fix race in connection pool',
  'handle empty payload',
  'dark mode toggle',
  'rate limiter middleware',
  'migrate users table',
  'retry with exponential backoff',
  'validate email format',
  'cache invalidation on update',
  'paginate search results',
];
const KOREAN = [
  'JWT 인증을 토큰 갱신으로 바꿈',
  '인증서 만료 확인',
  '다크 모드 설정 저장',
  '사용자 권한 검사 수정',
  '결제 모듈 오류 처리',
  '검색 결과 페이지네이션',
  '로그인 세션 만료 처리',
  '데이터베이스 마이그레이션 스크립트',
  '한국어 번역 파일 업데이트',
];
// What the assistant said before a call and the todo in progress: every memory of a real session
// carries some (lib/capture/intent.ts), 70-80 characters on average in the eval's real transcripts.
const SAID = [
  'Let me fix the failing refresh test first.',
  "I'll update the handler so an empty payload is rejected with a clear error.",
  'Now let me run the build to check that the types still line up.',
  'The pool hands out a closed connection after a timeout. Let me guard the release path.',
  'Let me check the migration output:',
  '먼저 실패하는 토큰 갱신 테스트를 고치겠습니다.',
  '세션 만료 처리를 수정하고 다시 빌드해 보겠습니다.',
  '캐시를 지우고 테스트를 다시 실행하겠습니다.',
];
const TODOS = [
  'Add JWT refresh token rotation',
  'Fix the connection pool race',
  'Validate the email format',
  '다크 모드 설정 저장',
  '결제 모듈 오류 처리',
];

const COMMANDS = [
  'npm test',
  'npm run build',
  'git commit -m "feat: {t}"',
  'git push origin main',
  'npx vitest run tests/auth.test.ts',
  'docker compose up -d',
  'npm install zod',
  'cargo build --release',
  'pytest -q tests/',
  'npx prisma migrate dev --name {s}',
];
const ERRORS = [
  "Error: ENOENT: no such file or directory, open '/tmp/missing.txt'",
  "TypeError: Cannot read properties of undefined (reading 'token')",
  'FAIL tests/auth.test.ts > refresh rotates the token',
  "error TS2322: Type 'string' is not assignable to type 'number'.",
  '토큰 인증에 실패: 세션이 만료되었습니다',
  'npm ERR! code ERESOLVE',
];

/** Deterministic pseudo-random numbers, so every run builds the same databases. */
function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface GenerateOptions {
  readonly count: number;
  readonly now: Date;
  readonly days: number;
  readonly seed?: number;
  /** Projects the sessions rotate through (default: five). One project is a heavy user's worst case. */
  readonly projects?: readonly string[];
  /** False: no failed commands at all, so SessionStart's "recent errors" finds none to stop at. */
  readonly failures?: boolean;
}

export interface GenerateResult {
  readonly stored: number;
  readonly contentBytes: number;
}

/** In every second memory, and in one of a hundred: search terms whose share of the rows is known. */
export const COMMON_TERM = 'handler';
export const RARE_TERM = 'zeppelin';

/** One realistic PostToolUse/PostToolUseFailure payload. */
/** A Bash call that capture drops as noise (`ls`): what the noise-event measurements send, run `i`. */
export function noisePayload(i: number, project: string): string {
  return JSON.stringify({
    session_id: 'bench-live',
    cwd: project,
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_use_id: `toolu_noise_${i}`,
    tool_input: { command: 'ls -la src' },
    tool_response: { stdout: '', stderr: '' },
  });
}

export function syntheticPayload(
  index: number,
  random: () => number,
  sessionId: string,
  project: string,
  failures = true,
): Record<string, unknown> {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const marker = `${index % 2 === 0 ? ` ${COMMON_TERM}` : ''}${index % 100 === 7 ? ` ${RARE_TERM}` : ''}`;
  const text = `${random() < 0.35 ? pick(KOREAN) : pick(ENGLISH)}${marker}`;
  const file = `${project}/${pick(FILES)}`;
  const base = {
    session_id: sessionId,
    transcript_path: '/t.jsonl',
    cwd: project,
    tool_use_id: `toolu_bench_${index}`,
  };
  const roll = failures ? random() : random() * 0.9;
  if (roll < 0.4) {
    return {
      ...base,
      hook_event_name: 'PostToolUse',
      tool_name: 'Edit',
      tool_input: { file_path: file, old_string: `// TODO ${index}`, new_string: `// ${text} (#${index})` },
      tool_response: {},
    };
  }
  if (roll < 0.55) {
    return {
      ...base,
      hook_event_name: 'PostToolUse',
      tool_name: 'Write',
      tool_input: { file_path: file, content: `// ${text}\nexport const value${index} = ${index};\n`.repeat(3) },
      tool_response: { type: random() < 0.5 ? 'create' : 'update' },
    };
  }
  if (roll < 0.9) {
    const command = pick(COMMANDS).replace('{t}', text).replace('{s}', `step_${index}`);
    return {
      ...base,
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_input: { command: `${command} # run ${index}${marker}`, description: text },
      tool_response: { stdout: 'ok', stderr: '', interrupted: false },
    };
  }
  return {
    ...base,
    hook_event_name: 'PostToolUseFailure',
    tool_name: 'Bash',
    tool_input: { command: `npm test -- --run ${index}${marker}` },
    error: `Exit code 1\n${pick(ERRORS)}\n    at step ${index}`,
  };
}

/** Fills `db` with `count` memories in sessions of ~40, spread over `days`, then folds each session's summary. */
export function generate(db: Db, options: GenerateOptions): GenerateResult {
  const store = new MemoryStore(db);
  const random = rng(options.seed ?? 42);
  const span = options.days * 24 * 3600 * 1000;
  let stored = 0;
  let contentBytes = 0;
  let index = 0;
  const sessions: string[] = [];
  const batch = db.transaction((size: number) => {
    for (let i = 0; i < size && stored < options.count; i++, index++) {
      const sessionNumber = Math.floor(index / 40);
      const sessionId = `bench-session-${sessionNumber}`;
      if (sessions[sessions.length - 1] !== sessionId) sessions.push(sessionId);
      const projects = options.projects ?? PROJECTS;
      const project = projects[sessionNumber % projects.length] as string;
      const event = parseToolEvent(syntheticPayload(index, random, sessionId, project, options.failures ?? true));
      const draft = event && captureEvent(event);
      if (!event || !draft) continue;
      // Oldest first, so sessions are contiguous in time like real ones.
      const createdAt = new Date(options.now.getTime() - span + (span * index) / (options.count * 1.02));
      // Calls share what was said before them: a new sentence every second call (1.6 calls per
      // distinct intent in the eval's real transcripts).
      const turn = Math.floor(index / 2);
      const parts = {
        narration: SAID[turn % SAID.length] as string,
        todo: turn % 3 === 0 ? '' : (TODOS[Math.floor(turn / 3) % TODOS.length] as string),
        description: '',
      };
      const memory = {
        ...toNewMemory(draft, {
          sessionId: event.sessionId,
          agentId: event.agentId,
          toolUseId: event.toolUseId,
          project: projectAt(project),
          createdAt,
          source: 'hook',
        }),
        intent: memoryIntent(parts, draft, event.input),
      };
      const outcome = store.insert(memory, 60);
      if (outcome === 'stored') {
        stored++;
        contentBytes += Buffer.byteLength(draft.content);
      }
    }
  });
  while (stored < options.count) batch(5000);
  const summarize = db.transaction(() => {
    for (const sessionId of sessions) {
      const summary = summarizeSession(sessionId, store.sessionRows(sessionId), options.now);
      if (summary) store.upsertSummary(summary);
    }
  });
  summarize();
  return { stored, contentBytes };
}

/**
 * Grows a generated database to `count` memories with copies of its rows, each copy `days` older
 * than the one before, with its own session and tool_use ids: one SQL statement per copy, through
 * the same triggers and indexes as the capture path, many times faster than generating them (the
 * newest rows, which SessionStart shows, stay the generated ones; term shares stay as generated).
 */
export function replicate(db: Db, count: number, days: number): number {
  const base = (db.prepare('SELECT max(id) AS n FROM memories').get() as { n: number }).n;
  const copy = db.prepare(`
    INSERT INTO memories (session_id, tool_name, type, project, project_path, file_path, content, tags, importance, created_at, tool_use_id, agent_id, exit_code, source, intent)
    SELECT session_id || '-copy' || :base || '.' || :k, tool_name, type, project, project_path, file_path, content, tags, importance,
           strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '-' || (:k * :days) || ' days'), tool_use_id || '-copy' || :base || '.' || :k, agent_id, exit_code, source, intent
    FROM memories WHERE id <= :base ORDER BY id LIMIT :limit`);
  let total = (db.prepare('SELECT count(*) AS n FROM memories').get() as { n: number }).n;
  for (let k = 1; total < count; k++) {
    total += db.transaction(() => copy.run({ k, days, base, limit: count - total }).changes)();
  }
  return total;
}

/** The triggers that keep the two search indexes in step with `memories`, one row at a time. */
const INDEX_TRIGGERS = ['memories_after_insert', 'memories_after_update'];

/**
 * `generate` then `replicate` to `count`, with the search indexes filled afterwards in large batches
 * (the upgrade path's batch indexer, lib/db/search-index.ts) instead of by a trigger per row: the
 * same indexes and rows at the end, for a database of a million memories built once and kept.
 */
export function generateBulk(db: Db, options: GenerateOptions & { readonly copiesDays: number }): GenerateResult {
  const saved = db
    .prepare(
      `SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name IN (${INDEX_TRIGGERS.map(() => '?').join(', ')})`,
    )
    .pluck()
    .all(...INDEX_TRIGGERS) as string[];
  if (saved.length !== INDEX_TRIGGERS.length)
    throw new Error('the search index triggers are not where the bench expects');
  for (const name of INDEX_TRIGGERS) db.exec(`DROP TRIGGER ${name}`);
  const result = generate(db, { ...options, count: Math.min(options.count, 10_000) });
  const stored = replicate(db, options.count, options.copiesDays);
  db.transaction(() => {
    for (const sql of saved) db.exec(sql);
    db.prepare('INSERT OR REPLACE INTO search_index_build (id, pending_to) SELECT 1, max(id) FROM memories').run();
  })();
  indexPending(db, Number.MAX_SAFE_INTEGER, { batch: 50_000 });
  return { stored, contentBytes: result.contentBytes };
}

/** All the memories of the database at `path`, read through a read-only connection. */
export function countRows(path: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM memories').get() as { n: number }).n;
  } finally {
    db.close();
  }
}
