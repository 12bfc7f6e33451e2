import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Two builds (see package.json): the browser's (the console app from index.html, the business customers'
// portal from account.html, and the public pages'
// script with one chunk per island; the driver app's page has a build of its own, vite.driver.config.ts), then the server's page renderer (`--ssr`), one self-contained
// module in dist/.ssr that the server in apps/server loads; scripts/finish-build.ts then works out each
// page's stylesheet. In development Vite proxies /api to the server.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: isSsrBuild
    ? {
        outDir: 'dist/.ssr',
        // Smaller to load at the server's start; the public folder is the browser build's.
        minify: true,
        copyPublicDir: false,
        // The stylesheet of the CSS modules and the images the pages import, which finish-build reads.
        ssrEmitAssets: true,
        manifest: true,
        rollupOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
      }
    : {
        manifest: true,
        rollupOptions: { input: { console: 'index.html', account: 'account.html', public: 'src/app/entry-public.ts' } },
      },
  // Bundled whole: a production machine installs the server's dependencies only, not React or Mantine.
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': process.env.WAYBILL_API_URL ?? 'http://127.0.0.1:3000',
      '/uploads': process.env.WAYBILL_API_URL ?? 'http://127.0.0.1:3000',
    },
  },
}));
