import { defineConfig } from 'vitest/config';

// One runner for every suite so `npm test` ends with one summary. Each project keeps its own settings;
// the projects run one group after another so they do not fight for the CPUs: first the light ones
// (domain, testing and the web components share two workers), then the server, then the browser tests.
// Projects of one group must name the same maxWorkers.
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'domain',
          sequence: { groupOrder: 0 },
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'testing',
          sequence: { groupOrder: 0 },
          include: ['packages/testing/src/**/*.test.ts'],
          environment: 'node',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'server',
          sequence: { groupOrder: 1 },
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          maxWorkers: 2,
          // The files of a worker share its process and so its module cache: the app's modules and their
          // dependencies are loaded once a worker rather than once a file (about 2 s of CPU a file). Each
          // file still makes its own apps, databases and folders, and restores what it changes.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Builds the migrated PGlite template once, before any test file, with no time limit.
          globalSetup: ['./apps/server/test/support/global-setup.ts'],
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/specs/**/*.spec.ts'],
          environment: 'node',
          pool: 'forks',
          // Two files at a time, each worker with its own server and database (e2e/support/global-setup.ts):
          // a browser test waits on the browser, the server and the test in turn, so one file leaves a
          // core idle on a quiet two-core machine. (On a machine loaded by other work, two were measured
          // no faster than one: 161 and 145 s against 143 and 143 s for four files at a load of 7 to 14.)
          fileParallelism: true,
          maxWorkers: 2,
          // The limit catches a hang, not a slow machine.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          globalSetup: ['./e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
