import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Short files that run long: hundreds of hook processes, and the real 9 s stdin wait.
const LONG_FOR_THEIR_SIZE = ['tests/integration/hooks-burst.test.ts', 'tests/integration/hooks-robustness.test.ts'];

/**
 * Longest first, so the workers finish together. vitest orders by the last run's durations (kept
 * in node_modules/.vite); without them (a fresh clone, as in CI) it orders by file size, which would
 * leave the short files that run long for the end. Then the files that spawn processes go first.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const path = (file: TestSpecification) => relative(this.ctx.config.root, file.moduleId).replaceAll('\\', '/');
    if (files.every((file) => this.ctx.cache.getFileTestResults(`${file.project.name}:${path(file)}`))) return sorted;
    const rank = (file: TestSpecification) =>
      LONG_FOR_THEIR_SIZE.includes(path(file)) ? 0 : /^tests\/(integration|browser)\//.test(path(file)) ? 1 : 2;
    return sorted
      .map((file, i) => ({ file, i }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // The run's temp files on the RAM file system when there is one with room (see the file).
    globalSetup: ['tests/global-setup.ts'],
    // Integration tests spawn real Node processes; these are limits against hangs, not speed targets.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The JSON report lets .ci/run print the plain "N passed, N failed" line CI reads.
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-report.json' },
    pool: 'forks',
    // Three workers on two cores: several files spend seconds waiting (a real 9 s stdin timeout, a
    // held lock, a PostgreSQL cluster starting), and a third worker runs another file meanwhile.
    maxWorkers: 3,
    // Each worker runs its files one after another in one process instead of a fresh fork per file
    // (a fork plus re-importing vitest and the helpers cost ~0.3 s a file, 73 files). The tests share
    // no module state that matters: nothing sets process.env or a process-wide deadline in-process.
    isolate: false,
    sequence: { sequencer: LongestFirst },
  },
});
