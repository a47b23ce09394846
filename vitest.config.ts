import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest leaves one core free by default: on a two-core machine that ran every file one after another.
    // Each API file has its own database (PGlite in memory, or its own PostgreSQL database), so two at once share nothing.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node' } },
      // The repository's own checks: lint fences planted in a temporary copy.
      { test: { name: 'scripts', root: '.', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          environment: 'node',
          // Ceilings for a loaded two-core machine, where mails and jobs can take tens of seconds.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file belongs to one pass when it only makes sense there: the two-process
          // invariants need PostgreSQL; the dependency audit needs running once. The access matrix and
          // the hostile input (a third of a pass's time) ask every route the same questions on either
          // database, and PGlite is PostgreSQL's own engine: they run once, on the PGlite pass.
          exclude: ['**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? ['**/security/dependencies.test.ts', '**/security/access-matrix.test.ts', '**/security/hostile-input.test.ts'] : ['**/security/invariants.test.ts', '**/security/several-hosts.test.ts', '**/security/invoice-series.test.ts', '**/security/postgres-restart.test.ts', '**/security/payment-race.test.ts', '**/security/cancel-race.test.ts', '**/security/brand-hosts.test.ts', '**/flows/reviews.race.test.ts'])],
        },
      },
      // A form screen's test clicks through a whole flow in jsdom: 5 s (the default) is too tight a ceiling on a slow machine.
      { extends: 'apps/web/vite.config.ts', test: { name: 'web', root: 'apps/web', environment: 'jsdom', setupFiles: ['./src/test/setup.ts'], testTimeout: 20_000 } },
    ],
  },
});
