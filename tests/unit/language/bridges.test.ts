// The Korean ↔ English bridges as data: every line's sample is found by every one of its Korean
// spellings through the real search (a real SQLite file, the production index and ranking), with a
// particle or an ending attached too, and a bridged match ranks below the word itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bestMatches } from '../../../lib/search/best-match-queries.js';
import { openDb, type Db } from '../../../lib/db/open.js';
import { NO_FILTERS } from '../../../lib/search/queries.js';
import { BRIDGE_SAMPLES } from '../../../lib/language/bridge-samples.js';
import { bridgeEntries, bridgeOf } from '../../../lib/language/bridges.js';
import { koreanStem } from '../../../lib/language/korean.js';

const samples = new Map(
  BRIDGE_SAMPLES.split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const at = line.indexOf('|');
      return [line.slice(0, at).trim(), line.slice(at + 1).trim()] as const;
    }),
);
// Each line of the tables with its sample, found under the line's first spelling.
const entries = bridgeEntries().map((entry) => ({ ...entry, sample: samples.get(entry.korean[0] ?? '') ?? '' }));
let dir = '';
let db: Db;
const sampleRow = new Map<string, number>();

const insert = (content: string, minute = 0): number =>
  Number(
    db
      .prepare(
        `INSERT INTO memories (session_id, tool_name, type, project, project_path, content, tags, importance, created_at, source)
         VALUES ('s1', 'Bash', 'command', 'app', '/w/app', ?, '', 1, ?, 'hook')`,
      )
      .run(content, new Date(Date.UTC(2026, 10, 20, 12, minute)).toISOString()).lastInsertRowid,
  );

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cmh-bridges-'));
  const opened = openDb(join(dir, 'memory.db'), { create: true });
  if (!opened) throw new Error('no database');
  db = opened;
  for (const entry of entries) if (!sampleRow.has(entry.sample)) sampleRow.set(entry.sample, insert(entry.sample));
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the bridge tables', () => {
  it('hold a few hundred lines, each with Korean, English and a sample', () => {
    expect(entries.length).toBeGreaterThan(300);
    for (const entry of entries) {
      expect(entry.korean.length, entry.sample).toBeGreaterThan(0);
      expect(entry.english.length, entry.sample).toBeGreaterThan(0);
      expect(entry.sample, entry.korean.join(' ')).not.toBe('');
      for (const korean of entry.korean) expect(korean, entry.sample).toMatch(/^[\uac00-\ud7a3]+$/);
      for (const english of entry.english) expect(english, entry.sample).toMatch(/^[\w.-]+$/);
    }
  });

  it('have one sample per line, and no sample without a line', () => {
    expect(samples.size).toBe(entries.length);
  });

  it('list each Korean spelling once', () => {
    const seen = new Map<string, string>();
    for (const entry of entries)
      for (const korean of entry.korean) {
        expect(seen.get(korean), `${korean} is in two lines`).toBeUndefined();
        seen.set(korean, entry.sample);
      }
  });

  it.each(entries.flatMap((entry) => entry.korean.map((korean) => [korean, entry.sample] as const)))(
    '%s finds its sample "%s"',
    (korean, sample) => {
      const { matches } = bestMatches(db, korean, NO_FILTERS, { limit: 1000 });
      const row = matches.find((match) => match.row.id === sampleRow.get(sample));
      expect(row, `${korean} → ${sample}`).toBeDefined();
      expect(row?.bridged).toEqual([korean]);
    },
  );
});

describe('a query word meets its bridge', () => {
  it.each([
    ['캐시를', '캐시', 'cache'],
    ['빌드가', '빌드', 'build'],
    ['에러는', '에러', 'error'],
    ['디렉토리에서', '디렉토리', 'directory'],
    ['리팩토링', '리팩토링', 'refactor'],
    ['재시작했는데', '재시작', 'restart'],
    ['삭제해줘', '삭제', 'delete'],
    ['지우고', '지우', 'delete'],
    ['정의되지', '정의되지', 'undefined'],
  ])('%s through %s (%s)', (word, via, english) => {
    const bridge = bridgeOf(word);
    expect(bridge?.via).toBe(via);
    expect(bridge?.english).toContain(english);
  });

  it('leaves English, identifiers and unknown Korean words alone', () => {
    expect(bridgeOf('cache')).toBeNull();
    expect(bridgeOf('base.html')).toBeNull();
    expect(bridgeOf('하늘')).toBeNull();
    // A one-syllable spelling bridges the word itself, never a longer word that starts with it.
    expect(bridgeOf('깃')?.english).toEqual(['git']);
    expect(bridgeOf('깃발')).toBeNull();
  });

  it('cuts the same particles for search and recall', () => {
    expect(koreanStem('서버를')).toBe('서버');
    expect(koreanStem('실패했지')).toBe('실패');
    expect(koreanStem('이를')).toBe('이를');
  });
});

describe('a bridged match', () => {
  it('ranks below a row holding the Korean word itself, and above none', () => {
    const english = insert('rm -rf build/tmpzz-cache-dir && echo purged zzcachebridge', 30);
    const korean = insert('# 임시 폴더 비우기 zzcachebridge', 31);
    const { matches } = bestMatches(db, '비우기 zzcachebridge', NO_FILTERS, { limit: 5 });
    expect(matches.map((match) => match.row.id)).toContain(korean);
    expect(matches[0]?.row.id).toBe(korean);
    expect(matches.map((match) => match.row.id)).toContain(english);
  });

  it('counts less than the word itself', () => {
    const direct = insert('npm run build  # 캐시 정리 qqbridgeweight', 40);
    const bridged = insert('rm -rf .next/cache  # qqbridgeweight', 41);
    const { matches } = bestMatches(db, '캐시 qqbridgeweight', NO_FILTERS, { limit: 5 });
    const byId = new Map(matches.map((match) => [match.row.id, match]));
    expect(matches[0]?.row.id).toBe(direct);
    expect(byId.get(bridged)?.bridged).toEqual(['캐시']);
    expect(byId.get(bridged)?.score ?? 1).toBeLessThan(byId.get(direct)?.score ?? 0);
  });
});
