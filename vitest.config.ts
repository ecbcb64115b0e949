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
    maxWorkers: 2,
  },
});
