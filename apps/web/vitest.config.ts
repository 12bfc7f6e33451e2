import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  test: {
    name: 'web',
    sequence: { groupOrder: 0 },
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    css: false,
    // Vitest's default on two cores is one worker; jsdom files are CPU-bound and independent.
    maxWorkers: 2,
    // The files of a worker share one jsdom window and module cache: creating them for each file took
    // three quarters of the suite's time (203 s of CPU in all, 48 s shared). test/setup.ts leaves the
    // window clean after each test; the suite passes in any order (--sequence.shuffle).
    isolate: false,
    // Form tests type key by key: on a busy two-core machine some take several seconds.
    testTimeout: 15_000,
  },
});
