import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { DRIVER_MANIFEST } from './scripts/vite-manifest.ts';

// The driver app (driver.html, its own page at ADMIN_PATH/driver), built on its own after the browser's
// build, into the same dist/ (assets named by their content, so nothing is overwritten). Alone, its
// chunks hold only what it uses: in the console's build they were shared with the console's screens
// and brought pieces of them along (35 KB gzip more on its first load). Its service worker precaches
// what this manifest lists (scripts/driver-worker.ts).
export default defineConfig({
  plugins: [react()],
  build: {
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: DRIVER_MANIFEST,
    rollupOptions: { input: { driver: 'driver.html' } },
  },
});
