// What outlives Claude Code's own cleanup: Claude Code deletes session transcripts after
// `cleanupPeriodDays` (settings.json, 30 by default; tests/../shared transcript-format.md §1). `memory
// doctor` reports the setting, the oldest transcript still on disk and how long the memory keeps what it
// captured; `memory import` says when the memory's retention reaches further back than the transcripts.
import { readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryCli, NOW } from '../cli-helpers.js';
import { sandbox, type Sandbox } from '../helpers.js';
import { copyFixtures } from '../transcript-helpers.js';

const DAY = 86_400_000;

/** Claude Code's projects folder with the fixture transcripts, the oldest last written `oldestDays` ago. */
function withTranscripts(box: Sandbox, oldestDays: number): void {
  const root = copyFixtures(join(box.home, '.claude', 'projects'));
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name.endsWith('.jsonl')) files.push(join(dir, entry.name));
    }
  };
  walk(root);
  files.sort().forEach((path, i) => {
    const at = new Date(Date.parse(NOW) - (i === 0 ? oldestDays : 2) * DAY);
    utimesSync(path, at, at);
  });
  expect(statSync(files[0] as string).mtimeMs).toBe(Date.parse(NOW) - oldestDays * DAY);
}

function settings(box: Sandbox, value: Record<string, unknown>): string {
  const path = join(box.home, '.claude', 'settings.json');
  writeFileSync(path, JSON.stringify(value));
  return path;
}

async function transcriptsCheck(box: Sandbox): Promise<unknown> {
  const result = await memoryCli(box, ['doctor', '--json']);
  const report = JSON.parse(result.stdout) as { checks: Array<{ section: string }> };
  return report.checks.filter((check) => check.section === 'transcripts');
}

describe("what outlives Claude Code's own cleanup", () => {
  it("doctor reports Claude Code's default period, the oldest transcript on disk and the memory's retention", async () => {
    const box = sandbox();
    withTranscripts(box, 12);
    expect(await transcriptsCheck(box)).toEqual([
      {
        section: 'transcripts',
        status: 'ok',
        message:
          "Claude Code deletes session transcripts after 30 days (cleanupPeriodDays, Claude Code's default); the oldest still on disk was last written 2026-02-26 (12 days ago). The memory keeps what it captured beyond that: 90 days, errors 365",
      },
    ]);
  }, 120_000);

  it('doctor reports the period settings.json sets', async () => {
    const box = sandbox();
    withTranscripts(box, 12);
    const path = settings(box, { cleanupPeriodDays: 365, hooks: {} });
    expect(await transcriptsCheck(box)).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(
          new RegExp(`^Claude Code deletes session transcripts after 365 days \\(cleanupPeriodDays in ${path}\\); `),
        ),
      }),
    ]);
  }, 120_000);

  it('import says when the memory keeps longer than Claude Code keeps transcripts', async () => {
    const box = sandbox();
    withTranscripts(box, 29);
    const result = await memoryCli(box, ['import']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(
      [
        "Note: Claude Code deletes session transcripts after 30 days (cleanupPeriodDays, Claude Code's default), so this import could not reach the 90 days the memory keeps: the oldest transcript left was last written 2026-02-09 (29 days ago).",
        `What the hooks captured live before then is in the memory already. To keep transcripts longer, raise cleanupPeriodDays in ${join(box.home, '.claude', 'settings.json')}.`,
        '',
      ].join('\n'),
    );
  }, 60_000);

  it('import says nothing of it when Claude Code keeps transcripts as long as the memory, or for files named by hand', async () => {
    const box = sandbox();
    withTranscripts(box, 29);
    settings(box, { cleanupPeriodDays: 120 });
    expect((await memoryCli(box, ['import'])).stdout).not.toContain('cleanupPeriodDays');
    const other = sandbox();
    withTranscripts(other, 29);
    const named = await memoryCli(other, ['import', join(other.home, '.claude', 'projects')]);
    expect(named.stdout).not.toContain('cleanupPeriodDays');
  }, 60_000);
});
