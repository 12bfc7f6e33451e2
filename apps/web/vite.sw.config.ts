import { defineConfig } from 'vite';

// The driver app's service worker (src/app/driver-sw.ts): one classic script, no chunks, built after
// the browser's build into dist/.sw; scripts/finish-build.ts writes the list of files to precache into
// it and puts it at the root of dist, where the server serves it as /driver-sw.js.
export default defineConfig({
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/.sw',
    emptyOutDir: true,
    copyPublicDir: false,
    minify: true,
    lib: {
      entry: 'src/app/driver-sw.ts',
      formats: ['iife'],
      name: 'waybillDriverWorker',
      fileName: () => 'driver-sw.js',
    },
  },
});
