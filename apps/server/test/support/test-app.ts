import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { type BuildOptions, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { TestClient } from './http-client.ts';
import { takePooledPglite } from './pglite-pool.ts';
import { createTestDatabase, type DatabaseKind } from './test-databases.ts';

export const TEST_ADMIN = { email: 'ops@waybill.test', password: 'correct horse battery' };

export interface TestApp {
  app: FastifyInstance;
  baseUrl: string;
  dataDir: string;
  /** Every route the app registered, as Fastify's `onRoute` hook saw it (HEAD twins included). */
  routes: RouteOptions[];
  /** A new browser-like client (own cookies). */
  client(): TestClient;
  /** A client already signed in as the first operator. */
  operator(): Promise<TestClient>;
  /** Files under DATA_DIR/uploads (images), and under DATA_DIR/tmp (uploads in progress). */
  storedFiles(): Promise<{ uploads: string[]; tmp: string[] }>;
  close(): Promise<void>;
}

async function listFiles(directory: string): Promise<string[]> {
  try {
    const entries = await readdir(directory, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

export interface TestAppOptions extends BuildOptions {
  /**
   * PGlite in DATA_DIR/pglite, opened by the app, for the tests whose subject is that folder (a backup,
   * another process on it). Otherwise an app on PGlite gets a database of this worker's pool, reset to
   * the migrated template (pglite-pool.ts): the same contents, without opening a new one.
   */
  databaseFiles?: boolean;
}

/** The real app on a fresh database and DATA_DIR, listening on a free port (`options` as buildApp takes them). */
export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  { databaseFiles = false, ...options }: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-test-'));
  const pooled = kind === 'pglite' && !databaseFiles && !options.database;
  const database = pooled ? { drop: async () => undefined } : await createTestDatabase(kind, dataDir);
  if (pooled) options.database = await takePooledPglite();
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    RATE_LIMIT_LOGIN: '1000/minute',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const routes: RouteOptions[] = [];
  const app = await buildApp(config, {
    ...options,
    onRoute: (route) => {
      routes.push(route);
      options.onRoute?.(route);
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    baseUrl,
    dataDir,
    routes,
    client: () => new TestClient(baseUrl),
    async operator() {
      const client = new TestClient(baseUrl);
      const response = await client.post('/api/auth/login', TEST_ADMIN);
      if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
      return client;
    },
    async storedFiles() {
      return {
        uploads: await listFiles(path.join(dataDir, 'uploads')),
        tmp: await listFiles(path.join(dataDir, 'tmp')),
      };
    },
    async close() {
      try {
        await app.close();
        await database.drop();
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}
