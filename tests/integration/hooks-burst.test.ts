// Nothing is lost under concurrency: hundreds of post-tool-use bundles started at once, and a burst on
// one session while `memory search` processes read, each land exactly once.
import { describe, expect, it, vi } from 'vitest';
import { allMemories, bashResponse, neitherStoredNorKept, postToolUse, runCli, runHook, sandbox } from '../helpers.js';

// A hang limit, not a speed target: 260 Node processes on a shared 2-core machine.
vi.setConfig({ testTimeout: 300_000 });

describe('bursts of hook processes', () => {
  it('stores 200 events from 200 processes started at once, each exactly once', async () => {
    const box = sandbox();
    const payloads = Array.from({ length: 200 }, (_, i) =>
      postToolUse(box, 'Bash', { command: `npm run job-${i}` }, bashResponse(), { session_id: `burst-${i % 13}` }),
    );
    const results = await Promise.all(
      payloads.map((payload) => runHook('post-tool-use', payload, { env: box.env, killAfterMs: 240_000 })),
    );
    // Each one stores its event, or (on a machine too busy for its 8 s deadline: a matter of speed, which the
    // bench measures, not this test) keeps it for the next hook with the one documented line.
    expect(neitherStoredNorKept(results)).toEqual([]);
    // The next hook stores what was kept: every event exactly once.
    const after = postToolUse(box, 'Bash', { command: 'npm run after-burst' }, bashResponse());
    expect(await runHook('post-tool-use', after, { env: box.env })).toMatchObject({ code: 0, stderr: '' });
    const contents = allMemories(box.dbPath)
      .map((row) => row.content)
      .sort();
    expect(contents).toEqual(
      [...Array.from({ length: 200 }, (_, i) => `npm run job-${i}`), 'npm run after-burst'].sort(),
    );
    // A search after the burst still finds the database well, and nothing is stored twice.
    expect((await runCli(['search', 'job'], { env: box.env, cwd: box.project })).code).toBe(0);
    expect(allMemories(box.dbPath)).toHaveLength(201);
  });

  it('stores 50 events on one session while 10 searches run, and every search answers', async () => {
    const box = sandbox();
    // The database exists before the searches start (they never create it).
    await runHook('post-tool-use', postToolUse(box, 'Bash', { command: 'npm run seed' }, bashResponse()), {
      env: box.env,
    });
    const searches = Promise.all(
      Array.from({ length: 10 }, () => runCli(['search', 'npm'], { env: box.env, killAfterMs: 240_000 })),
    );
    const writers = Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        runHook('post-tool-use', postToolUse(box, 'Bash', { command: `npm run step-${i}` }, bashResponse()), {
          env: box.env,
          killAfterMs: 240_000,
        }),
      ),
    );
    const [searchResults, writerResults] = await Promise.all([searches, writers]);
    expect(writerResults.filter((result) => result.code !== 0 || result.stderr !== '')).toEqual([]);
    expect(searchResults.map((result) => [result.code, result.stderr])).toEqual(
      Array.from({ length: 10 }, () => [0, '']),
    );
    expect(
      allMemories(box.dbPath)
        .map((row) => row.content)
        .filter((content) => content.startsWith('npm run step-'))
        .sort(),
    ).toEqual(Array.from({ length: 50 }, (_, i) => `npm run step-${i}`).sort());
  });
});
