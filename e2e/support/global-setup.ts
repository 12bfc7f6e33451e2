// Vitest global setup of the e2e project: Chromium present, the production build present, then the real
// server on a free port with a fresh embedded database for each worker; addresses and credentials go to the specs.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyDatabaseDir, findFreePort, startWaybillServer } from '@waybill/testing';
import type { TestProject } from 'vitest/node';
import type { E2eEnvironment } from './environment.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

function ensureChromium(): void {
  const { status } = spawnSync('bash', [path.join(repoRoot, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
  if (status !== 0) throw new Error('Chromium is missing and could not be installed: set CHROMIUM_PATH');
}

/** ffmpeg (and the label tools): the scan spec films a label for Chromium's fake camera. */
function ensureTestTools(): void {
  const { status } = spawnSync('bash', [path.join(repoRoot, 'scripts/ensure-test-tools.sh')], { stdio: 'inherit' });
  if (status !== 0) console.warn('scripts/ensure-test-tools.sh failed: the camera scan test will fail');
}

function ensureWebBuild(): void {
  // WEB_DIST_DIR (which the server reads too) tests a build copied aside while apps/web/dist is rebuilt.
  const dist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'console.html')) || !existsSync(path.join(dist, '.ssr/render-page.mjs'))) {
    throw new Error(`No web build in ${dist}: run \`npm run build\` first (npm test and npm run test:e2e do).`);
  }
}

/**
 * An embedded database made and migrated once by the production build's migrate command, which each
 * worker's server gets a copy of: making one costs seconds of CPU, and three at once sat at the start
 * of the run. (A first start on an empty DATA_DIR is the subject of the server's and the container's
 * tests.)
 */
async function migratedDatabase(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'waybill-e2e-template-'));
  const { DATABASE_URL: _shared, ...env } = process.env;
  const { status, stderr } = spawnSync(process.execPath, ['dist/db-migrate.mjs'], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (status === 0) return dataDir;
  await rm(dataDir, { recursive: true, force: true });
  throw new Error(`The migrate command failed (exit ${status}):\n${stderr}`);
}

/** A fresh embedded database (no DATABASE_URL) in a temporary DATA_DIR and the real server on it, in production mode. */
async function startServer(template: string): Promise<{ environment: E2eEnvironment; stop: () => Promise<void> }> {
  const port = await findFreePort();
  const environment: E2eEnvironment = {
    baseUrl: `http://127.0.0.1:${port}`,
    adminEmail: 'ops@waybill.test',
    adminPassword: randomBytes(12).toString('base64url'),
    consolePath: '/console-e2e',
    shortcut: { name: 'e2e-dispatch', code: String(100_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000)) },
    dataDir: await mkdtemp(path.join(tmpdir(), 'waybill-e2e-')),
  };
  const dataDir = environment.dataDir!;
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  await copyDatabaseDir(template, dataDir);
  const server = await startWaybillServer({
    dataDir,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: undefined,
      ADMIN_EMAIL: environment.adminEmail,
      ADMIN_PASSWORD: environment.adminPassword,
      ADMIN_PATH: environment.consolePath,
      PUBLIC_URL: environment.baseUrl,
      RATE_LIMITS: 'off',
      // Sign-in stays limited even with RATE_LIMITS off; every console spec signs in, all within a minute.
      RATE_LIMIT_LOGIN: '1000/minute',
      CONSOLE_SHORTCUT_NAME: environment.shortcut.name,
      CONSOLE_SHORTCUT_CODE: environment.shortcut.code,
    },
  }).catch(async (error) => {
    await removeDataDir();
    throw error;
  });
  return {
    environment,
    stop: async () => {
      await server.stop();
      await removeDataDir();
    },
  };
}

/**
 * One server on its own fresh database per worker that runs spec files at the same time, so specs
 * that count or change shared data (the plan, the contact details, the Inbox) never meet another
 * file's doing; each worker's specs read theirs through readE2eEnvironment (by VITEST_POOL_ID).
 */
export default async function setup(project: TestProject) {
  ensureChromium();
  ensureTestTools();
  ensureWebBuild();

  // One server per worker (fileParallelism: false runs one).
  const workers = Math.max(1, project.config.maxWorkers);
  const template = await migratedDatabase();
  const started = await Promise.allSettled(Array.from({ length: workers }, () => startServer(template)));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await rm(template, { recursive: true, force: true });
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }

  project.provide(
    'e2e',
    servers.map((server) => server.environment),
  );
  // Kept for the specs that start a server of their own (console-attention): they copy it too.
  project.provide('e2eMigratedDatabase', template);

  return stopAll;
}
