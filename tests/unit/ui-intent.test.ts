// The page's search answer carries each hit's intent as marked segments (web/search.ts draws them as
// a why: line), from the same engine and the same row as `memory search`.
import { describe, expect, it } from 'vitest';
import { openDb } from '../../lib/db/open.js';
import { handleApi } from '../../lib/ui/api.js';
import { memory, NOW, seed } from '../cli-helpers.js';
import { sandbox } from '../helpers.js';

describe('the page: intent', () => {
  it('gives a hit its why, the search words marked, and null to a hit without one', () => {
    const box = sandbox();
    seed(box, [
      memory({ box, content: 'rm -rf .next/cache', intent: '캐시를 지우고 다시 빌드하겠습니다' }),
      memory({ box, content: 'npm run 빌드' }),
    ]);
    const db = openDb(box.dbPath, { create: false, readonly: true });
    if (!db) throw new Error('no database');
    try {
      const result = handleApi(
        { db, dbPath: box.dbPath, now: () => new Date(NOW) },
        '/api/search',
        new URLSearchParams({ q: '빌드' }),
      );
      const hits = (result?.body as { hits: Array<{ why: Array<{ text: string; hit: boolean }> | null }> }).hits;
      expect(hits.map((hit) => hit.why)).toEqual([
        null,
        [
          { text: '캐시를 지우고 다시 ', hit: false },
          { text: '빌드', hit: true },
          { text: '하겠습니다', hit: false },
        ],
      ]);
    } finally {
      db.close();
    }
  });
});
