// Activity per day is counted over local calendar days (the process's TZ), for --stats and the page
// alike: a memory a minute before local midnight and one a minute after land on different days,
// whatever the zone's offset (half and three-quarter hours included) and across a DST change.
import { describe, expect, it } from 'vitest';
import { memory, NOW, searchJson, seed } from '../cli-helpers.js';
import { sandbox } from '../helpers.js';

type Day = { day: string; count: number; errors: number };

async function lastDays(tz: string, times: readonly string[], now = NOW): Promise<Day[]> {
  const box = sandbox({ TZ: tz, CLAUDE_MEMORY_NOW: now });
  seed(
    box,
    times.map((createdAt, i) =>
      memory({ box, createdAt, type: i === 0 ? 'error' : 'command', content: `make target-${i}` }),
    ),
  );
  const stats = await searchJson<{ per_day: Day[] }>(box, ['--stats']);
  return stats.per_day.filter((day) => day.count > 0);
}

describe('--stats activity per day', () => {
  it.each([
    ['Asia/Kathmandu', '2026-03-09T18:14:00.000Z', '2026-03-09T18:16:00.000Z'],
    ['Asia/Kolkata', '2026-03-09T18:29:00.000Z', '2026-03-09T18:31:00.000Z'],
    ['America/New_York', '2026-03-10T03:59:00.000Z', '2026-03-10T04:01:00.000Z'],
    ['UTC', '2026-03-09T23:59:00.000Z', '2026-03-10T00:01:00.000Z'],
  ])('splits days at local midnight in %s', async (tz, before, after) => {
    expect(await lastDays(tz, [before, after], '2026-03-10T20:00:00.000Z')).toEqual([
      { day: '2026-03-09', count: 1, errors: 1 },
      { day: '2026-03-10', count: 1, errors: 0 },
    ]);
  });

  it('keeps a 23-hour day whole across the spring DST change (New York, 2026-03-08)', async () => {
    // 2026-03-08 local runs from 05:00Z to 04:00Z next day (clocks skip 02:00 → 03:00).
    expect(
      await lastDays(
        'America/New_York',
        ['2026-03-08T05:01:00.000Z', '2026-03-09T03:59:00.000Z', '2026-03-09T04:01:00.000Z'],
        '2026-03-10T20:00:00.000Z',
      ),
    ).toEqual([
      { day: '2026-03-08', count: 2, errors: 1 },
      { day: '2026-03-09', count: 1, errors: 0 },
    ]);
  });
});
