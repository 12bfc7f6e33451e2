// Vitest global setup of the server project: the migrated PGlite template every test file copies, and
// the migrated PostgreSQL template database every test database is created from (with
// TEST_DATABASE_URL), are built here, once and with no time limit. Built inside a test file's hook instead, its creation (tens
// of seconds on a busy machine, more when two files race to build it) could outlast the hook timeout.
// It also installs the Debian tools the label tests read PDFs with, when missing (see the script).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pgliteTemplate, postgresTemplate } from './test-databases.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

function ensureTestTools(): void {
  const { status } = spawnSync('bash', [path.join(repoRoot, 'scripts/ensure-test-tools.sh')], { stdio: 'inherit' });
  // Not fatal here: only the label tests need them, and they fail naming what is missing.
  if (status !== 0) console.warn('scripts/ensure-test-tools.sh failed: the label tests will fail');
}

export default async function setup(): Promise<void> {
  ensureTestTools();
  await pgliteTemplate();
  if (process.env.TEST_DATABASE_URL) await postgresTemplate();
}
