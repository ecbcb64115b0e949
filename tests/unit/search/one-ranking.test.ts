// One ranking over every field and index, on a real SQLite file with the production indexes: a word
// held only in a row's request or intent still makes the row hold it; a session's summary finds its
// memories; a Korean word counts inside a longer word only at its start; Korean function words weigh
// nothing; English query words find Korean text through the bridges, and Hangul compounds are bridged
// through their parts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bestMatches } from '../../../lib/search/best-match-queries.js';
import { openDb, type Db } from '../../../lib/db/open.js';
import { NO_FILTERS, sessionSummaries } from '../../../lib/search/queries.js';

let dir = '';
let db: Db;
let minute = 0;

function insert(content: string, extra: { session?: string; request?: string; intent?: string } = {}): number {
  minute++;
  return Number(
    db
      .prepare(
        `INSERT INTO memories (session_id, tool_name, type, project, project_path, content, tags, importance, created_at, source, request, intent)
         VALUES (@session, 'Bash', 'command', 'app', '/w/app', @content, '', 1, @createdAt, 'hook', @request, @intent)`,
      )
      .run({
        session: extra.session ?? 's-filler',
        content,
        createdAt: new Date(Date.UTC(2026, 10, 20, 12, minute)).toISOString(),
        request: extra.request ?? null,
        intent: extra.intent ?? null,
      }).lastInsertRowid,
  );
}

const ids = (query: string, limit = 10): number[] =>
  bestMatches(db, query, NO_FILTERS, { limit }).matches.map((match) => match.row.id);

let webpackFix = 0;
let reportRow = 0;
let portRow = 0;
let koreanCache = 0;
let compound = 0;
let summarised = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cmh-one-ranking-'));
  const opened = openDb(join(dir, 'memory.db'), { create: true });
  if (!opened) throw new Error('no database');
  db = opened;
  // A common word: "error" in one memory of five.
  for (let i = 0; i < 200; i++)
    insert(i % 5 === 0 ? `npm run build ${i} error: build failed at step ${i}` : `npm run lint ${i}`);
  webpackFix = insert('rm -rf node_modules/.cache', {
    session: 's-webpack',
    request: 'the dev server says [webpack]_chunk-loader.js error',
    intent: 'webpack cache is broken: stop the dev server and delete it',
  });
  reportRow = insert('# 리포트 생성 스크립트 실행');
  portRow = insert('lsof -i :3000  # 포트를 쓰는 프로세스 확인');
  koreanCache = insert('rm -rf tmp/zz  # 캐시 폴더 비우기');
  compound = insert('tsc -p . # add Node subpath imports to package.json');
  summarised = insert('npm test -- --grep validation', { session: 's-summary' });
  db.prepare(
    `INSERT INTO session_summaries (session_id, project, project_path, summary, memory_count, duration_sec, started_at, ended_at, updated_at, request, outcome)
     VALUES ('s-summary', 'app', '/w/app', @summary, 1, 60, @at, @at, @at, 'validate the signup form', @outcome)`,
  ).run({
    summary: 'Asked: "validate the signup form"\nStopped at: "next, add a test for an empty name."',
    outcome: 'Stopped at: next, add a test for an empty name.',
    at: new Date(Date.UTC(2026, 10, 20, 12, 0)).toISOString(),
  });
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('one ranking over every field', () => {
  it('ranks a rare word held only in the request and intent above rows holding only a common word', () => {
    expect(ids('webpack error')[0]).toBe(webpackFix);
  });

  it('says which words a row holds, whatever field holds them', () => {
    const found = bestMatches(db, 'webpack error', NO_FILTERS, { limit: 1 }).matches[0];
    expect(found?.matched).toEqual(['webpack', 'error']);
    expect(found?.allMatched).toBe(true);
  });

  it("finds a session's memories by what its summary says it stopped at", () => {
    expect(ids('empty name')).toContain(summarised);
    expect(sessionSummaries(db, NO_FILTERS, 5, ['empty', 'name']).map((row) => row.session_id)).toEqual(['s-summary']);
    expect(sessionSummaries(db, NO_FILTERS, 5, ['empty', 'zebra'])).toEqual([]);
  });
});

describe('Korean words', () => {
  it('count inside a longer word only at its start: 포트 finds 포트를, never 리포트', () => {
    const found = ids('포트');
    expect(found).toContain(portRow);
    expect(found).not.toContain(reportRow);
  });

  it('weigh nothing when they are function words: 쓰는 거 adds no rows', () => {
    expect(ids('포트 이미 쓰는 거')).toEqual([portRow]);
  });
});

describe('bridges both ways', () => {
  it('an English word finds Korean text, below rows holding the word itself', () => {
    const cached = insert('rm -rf .next/cache');
    const found = bestMatches(db, 'cache', NO_FILTERS, { limit: 10 }).matches;
    const korean = found.find((match) => match.row.id === koreanCache);
    expect(korean?.bridged).toEqual(['cache']);
    expect(found.findIndex((match) => match.row.id === cached)).toBeLessThan(
      found.findIndex((match) => match.row.id === koreanCache),
    );
  });

  it('a Hangul compound is bridged through its parts (서브패스 → subpath)', () => {
    const found = bestMatches(db, '서브패스', NO_FILTERS, { limit: 5 });
    expect(found.matches.map((match) => match.row.id)).toEqual([compound]);
    expect(found.lookups[0]?.bridge?.via).toBe('서브+패스');
  });
});
