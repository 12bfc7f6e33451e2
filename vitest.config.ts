import { defineConfig } from 'vitest/config';
import TestSequencer from './scripts/test-sequencer.ts';

// One runner for every suite so `npm test` ends with one summary. Each project keeps its own settings.
// Two groups, one after the other: first the light, CPU-bound ones (domain, testing and the web
// components share two workers), then the server and the browser tests together, three files at a time:
// each of those waits much of its time on child processes, a browser or a database, so two of them
// alone left the two cores idle a third of the time. scripts/test-sequencer.ts starts the longest files
// first and runs each project's files back to back, so the projects whose files share a worker keep it.
// Projects of one group must name the same maxWorkers, which the group shares.
export default defineConfig({
  test: {
    sequence: { sequencer: TestSequencer },
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
          maxWorkers: 3,
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
          sequence: { groupOrder: 1 },
          include: ['e2e/specs/**/*.spec.ts'],
          environment: 'node',
          pool: 'forks',
          // Beside the server's files, up to three at a time, each worker with its own server and
          // database (e2e/support/global-setup.ts).
          fileParallelism: true,
          maxWorkers: 3,
          // A worker's files run in one process, one after another, sharing its Chromium
          // (e2e/support/browser.ts: launchBrowser); each file still makes its own contexts.
          isolate: false,
          // The limit catches a hang, not a slow machine.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // expect.poll's own default (1 s) is less than a reload and the console's first data take on
          // two cores shared with three other files.
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ['./e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
