// Nothing is lost under concurrency: hundreds of post-tool-use bundles started at once, and a burst on
// one session while `memory search` processes read, each land exactly once.
import { describe, expect, it, vi } from 'vitest';
import { allMemories, bashResponse, postToolUse, runCli, runHook, sandbox } from '../helpers.js';

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
    expect(results.filter((result) => result.code !== 0 || result.stderr !== '')).toEqual([]);
    const contents = allMemories(box.dbPath)
      .map((row) => row.content)
      .sort();
    expect(contents).toEqual(Array.from({ length: 200 }, (_, i) => `npm run job-${i}`).sort());
    // The next run after the burst still finds the database well, and stores nothing twice.
    expect((await runCli(['search', 'job'], { env: box.env, cwd: box.project })).code).toBe(0);
    expect(allMemories(box.dbPath)).toHaveLength(200);
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
