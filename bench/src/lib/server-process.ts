import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type NodeProcess, startWaybillServer } from '@waybill/testing';
import { runCommand } from './child.ts';
import { SEED_ENTRY } from './paths.ts';

export const BENCH_ADMIN = { email: 'bench@waybill.local', password: 'bench-password-1' };

/** Where a benchmark's data lives: a temporary DATA_DIR, plus a PostgreSQL URL or nothing (PGlite). */
export interface DataStore {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  databaseUrl?: string;
}

export async function createDataDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'waybill-bench-'));
}

export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
}

function storeEnv(store: DataStore): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: store.dataDir, LOG_LEVEL: 'warn' };
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

/** Runs the repository's seeding script (`npm run db:seed`) against the store; returns the seeded codes. */
export async function seedStore(store: DataStore, packages: number, updates: number): Promise<string[]> {
  const codesFile = path.join(store.dataDir, 'codes.txt');
  const args = ['--import', 'tsx', SEED_ENTRY, '--packages', String(packages), '--updates', String(updates)];
  await runCommand(process.execPath, [...args, '--codes-file', codesFile], storeEnv(store));
  return (await readFile(codesFile, 'utf8')).split('\n').filter(Boolean);
}

/**
 * What production runs with, and so every benchmark: rate limits on, clients reaching the server
 * through a proxy it trusts (TRUST_PROXY=loopback; each request names its client in X-Forwarded-For,
 * see `clients.ts`), NODE_ENV=production (which refuses the deployment settings' defaults, so they are
 * set), and the default log level (one line per request).
 */
export const PRODUCTION_ENV: Record<string, string | undefined> = {
  NODE_ENV: 'production',
  RATE_LIMITS: 'on',
  TRUST_PROXY: 'loopback',
  LOG_LEVEL: undefined,
  // http: the benchmark talks to the server directly; https would only rename the cookies (__Host-).
  PUBLIC_URL: 'http://waybill.bench.example',
  ADMIN_PATH: '/ops-bench',
  CONSOLE_SHORTCUT_NAME: 'bench',
  CONSOLE_SHORTCUT_CODE: '424242',
};

/** The same with the tracking, submission and form limits lifted: a figure to stand beside, never instead. */
export const LIMITS_OFF_ENV: Record<string, string | undefined> = { ...PRODUCTION_ENV, RATE_LIMITS: 'off' };

/** The real Waybill server on the store with `env`, the bench operator as the first operator. */
function startOn(store: DataStore, env: Record<string, string | undefined>): Promise<NodeProcess> {
  return startWaybillServer({
    dataDir: store.dataDir,
    env: {
      DATABASE_URL: store.databaseUrl,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...env,
    },
  });
}

/** The real Waybill server on the store, rate limits off. */
export function startWaybill(
  store: DataStore,
  extraEnv: Record<string, string | undefined> = {},
): Promise<NodeProcess> {
  return startOn(store, { RATE_LIMITS: 'off', ...extraEnv });
}

/** The real Waybill server on the store as in production (`PRODUCTION_ENV`). */
export function startProductionWaybill(
  store: DataStore,
  extraEnv: Record<string, string | undefined> = {},
): Promise<NodeProcess> {
  return startOn(store, { ...PRODUCTION_ENV, ...extraEnv });
}
