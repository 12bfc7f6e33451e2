// Vitest global setup of the e2e project: Chromium present, the production build present, then the real
// server on a free port with a fresh embedded database; its address and credentials go to the specs.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort, startWaybillServer } from '@waybill/testing';
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

export default async function setup(project: TestProject) {
  ensureChromium();
  ensureTestTools();
  ensureWebBuild();

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

  // A fresh embedded database (no DATABASE_URL), in production mode.
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

  project.provide('e2e', environment);
  // Also as an environment variable, which the forked spec workers inherit.
  process.env.E2E_BASE_URL = environment.baseUrl;

  return async () => {
    await server.stop();
    await removeDataDir();
  };
}
