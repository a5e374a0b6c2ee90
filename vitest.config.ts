import { defineConfig } from 'vitest/config';

// One `npm test` runs every project. The server project runs each API test
// against PGlite and, when TEST_DATABASE_URL is set, against PostgreSQL too.
export default defineConfig({
  test: {
    // Two test files at a time: most of a server file's time is waiting (PostgreSQL, job
    // polling, timers), and vitest's default on this 2-core machine kind is one.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // The migrated, seeded databases each test database is copied from, built once a run.
          globalSetup: ['apps/server/src/testing/db-templates.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // After the other projects, one file at a time: each starts a shop and a browser, and
          // a jsdom file beside it would make their timings a matter of luck.
          sequence: { groupOrder: 1 },
          // One migrated, seeded data dir each file's shop starts as a copy of (ADR 038).
          globalSetup: ['e2e/support/seeded-data-dir.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
