// The push reads a shared project's memories as rowid ranges: every row of the project once, in id
// order, none of another project, whatever the batch size and however the projects interleave.
import { describe, expect, it } from 'vitest';
import { memoriesAfter } from '../../lib/team/local-queries.js';
import { openDb } from '../../lib/db/open.js';
import { memory, seed } from '../cli-helpers.js';
import { sandbox } from '../helpers.js';

describe('memoriesAfter', () => {
  it.each([1, 7, 500])('reads every row of one project in order, in batches of %i', (limit) => {
    const box = sandbox();
    // 60 rows, every third of `shared`, then a long stretch of another project, then `shared` again.
    const rows = Array.from({ length: 60 }, (_, i) =>
      memory({ box, project: i % 3 === 0 || i >= 55 ? 'shared' : 'other', content: `npm run step-${i}` }),
    );
    seed(box, rows);
    const db = openDb(box.dbPath, { create: false });
    if (!db) throw new Error('no database');
    try {
      const read: string[] = [];
      let cursor = 0;
      for (let round = 0; round < 200; round++) {
        const batch = memoriesAfter(db, 'shared', cursor, limit);
        expect(batch.rows.length).toBeLessThanOrEqual(limit);
        if (batch.readTo <= cursor) break;
        read.push(...batch.rows.map((row) => row.content));
        cursor = batch.readTo;
      }
      const expected = rows.filter((row) => row.project === 'shared').map((row) => row.content);
      expect(read).toEqual(expected);
    } finally {
      db.close();
    }
  });
});
