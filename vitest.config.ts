import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
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
  },
});
