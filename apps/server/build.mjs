// `npm run build -w @waybill/server`: bundles the server and its command-line tools into plain
// JavaScript in dist/, so production runs `node dist/server.mjs` with no TypeScript loader.
// The workspace packages (@waybill/domain, TypeScript sources) are bundled in; every npm dependency stays
// an import, installed by `npm ci --omit=dev` (sharp and PGlite ship native and WebAssembly files that
// must stay in their packages). Chunks stay at the top of dist/: src/paths.ts relies on the bundled
// code sitting one level under apps/server, as the sources do.
import { copyFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(root, 'dist');

const entries = {
  server: 'src/server.ts',
  'db-migrate': 'src/db/migrate-cli.ts',
  'db-seed': 'src/db/seed-cli.ts',
  operator: 'src/modules/auth/operator-cli.ts',
  backup: 'src/backup/backup-cli.ts',
  restore: 'src/backup/restore-cli.ts',
  // The thread that draws shipping labels (see modules/labels/label-renderer.ts), found beside the server.
  'label-render.worker': 'src/modules/labels/label-render.worker.ts',
};

const started = performance.now();
await rm(outDir, { recursive: true, force: true });
await build({
  cwd: root,
  input: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(root, file)])),
  platform: 'node',
  // Bare imports other than our own workspaces and drizzle-orm come from node_modules at run time.
  external: (id) =>
    !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('@waybill/') && !id.startsWith('drizzle-orm'),
  output: {
    dir: outDir,
    format: 'esm',
    entryFileNames: '[name].mjs',
    chunkFileNames: '[name]-[hash].mjs',
    sourcemap: true,
  },
  logLevel: 'warn',
});
// The worker that creates a new embedded database runs from its own file (see db/client.ts).
await copyFile(path.join(root, 'src/db/create-pglite.worker.mjs'), path.join(outDir, 'create-pglite.worker.mjs'));
// So does the one that estimates password strength (see modules/auth/password-strength.ts).
await copyFile(
  path.join(root, 'src/modules/auth/password-strength.worker.mjs'),
  path.join(outDir, 'password-strength.worker.mjs'),
);
console.log(
  `server bundled into ${path.relative(process.cwd(), outDir) || '.'} in ${Math.round(performance.now() - started)} ms`,
);
