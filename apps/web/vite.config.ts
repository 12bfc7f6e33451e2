import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server in apps/server serves dist/ in production; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  // The prerendered HTML's year: hydration starts from it, so text derived from "now" matches the HTML.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    manifest: true,
    // The prerender script writes every page; Vite's own index.html is only the client entry.
    rollupOptions: { input: 'index.html' },
  },
  server: {
    proxy: {
      '/api': process.env.WAYBILL_API_URL ?? 'http://127.0.0.1:3000',
      '/uploads': process.env.WAYBILL_API_URL ?? 'http://127.0.0.1:3000',
    },
  },
});
