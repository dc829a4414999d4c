import { defineConfig } from 'vitest/config';

/** The deployment test (test/deploy): nginx in front of two processes, on PostgreSQL and Redis; run by .ci/run. */
export default defineConfig({
  test: {
    include: ['test/deploy/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
