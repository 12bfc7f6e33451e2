import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const SEED_ENTRY = path.join(REPO_ROOT, 'apps/server/src/db/seed-cli.ts');
/** The built web app; BENCH_WEB_DIST points at a copy so a rebuild during a run cannot disturb it. */
export const WEB_DIST = process.env.BENCH_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
export const RESULTS_DIR = path.join(REPO_ROOT, 'bench/results');
