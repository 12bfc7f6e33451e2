// Vitest global setup of the e2e project: Chromium present, the production build present, then the real
// server on a free port with a fresh embedded database; its address and credentials go to the specs.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { E2eEnvironment } from './environment.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/**
 * No fixed start-up deadline: the first start creates the embedded database, which takes long on a busy
 * machine, and the server says what it waits for (a "still … after N s" warning every few seconds,
 * shown at LOG_LEVEL=warn). Only a server that stays silent this long without answering is stuck.
 */
const SILENCE_LIMIT_MS = 120_000;

function ensureChromium(): void {
  const { status } = spawnSync('bash', [path.join(repoRoot, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
  if (status !== 0) throw new Error('Chromium is missing and could not be installed: set CHROMIUM_PATH');
}

function ensureWebBuild(): void {
  const dist = path.join(repoRoot, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html')) || !existsSync(path.join(dist, '__spa-fallback.html'))) {
    throw new Error(`No web build in ${dist}: run \`npm run build\` first (npm test and npm run test:e2e do).`);
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Polls /api/health until it answers 200; fails early with the server's output if it exits or stays silent. */
async function waitForHealth(
  baseUrl: string,
  server: ChildProcess,
  output: () => string,
  lastSignOfLife: () => number,
): Promise<void> {
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`The server exited (${server.exitCode}) before it was ready:\n${output()}`);
    const healthy = await fetch(`${baseUrl}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    if (Date.now() - lastSignOfLife() > SILENCE_LIMIT_MS) {
      throw new Error(`The server did not start and said nothing for ${SILENCE_LIMIT_MS / 1000} s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 15_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

interface StartedServer {
  process: ChildProcess;
  dataDir: string;
}

/** Starts `apps/server/src/server.ts` on a fresh data dir and waits until it is healthy. */
async function startServer(environment: E2eEnvironment, port: number): Promise<StartedServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'waybill-e2e-'));
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: environment.adminEmail,
    ADMIN_PASSWORD: environment.adminPassword,
    ADMIN_PATH: environment.consolePath,
    PUBLIC_URL: environment.baseUrl,
    RATE_LIMITS: 'off',
    // Sign-in stays limited even with RATE_LIMITS off; every console spec signs in, all within a minute.
    RATE_LIMIT_LOGIN: '1000/minute',
    LOG_LEVEL: 'warn',
    CONSOLE_SHORTCUT_NAME: environment.shortcut.name,
    CONSOLE_SHORTCUT_CODE: environment.shortcut.code,
  };
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let lastSignOfLife = Date.now();
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    lastSignOfLife = Date.now();
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  try {
    await waitForHealth(
      environment.baseUrl,
      server,
      () => output,
      () => lastSignOfLife,
    );
    return { process: server, dataDir };
  } catch (error) {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export default async function setup(project: TestProject) {
  ensureChromium();
  ensureWebBuild();

  const port = await findFreePort();
  const environment: E2eEnvironment = {
    baseUrl: `http://127.0.0.1:${port}`,
    adminEmail: 'ops@waybill.test',
    adminPassword: randomBytes(12).toString('base64url'),
    consolePath: '/console-e2e',
    shortcut: { name: 'e2e-dispatch', code: String(100_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000)) },
  };

  const server = await startServer(environment, port);
  environment.dataDir = server.dataDir;

  project.provide('e2e', environment);
  // Also as an environment variable, which the forked spec workers inherit.
  process.env.E2E_BASE_URL = environment.baseUrl;

  return async () => {
    await stopServer(server.process);
    await rm(server.dataDir, { recursive: true, force: true });
  };
}
