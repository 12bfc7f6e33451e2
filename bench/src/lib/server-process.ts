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

/** The real Waybill server on the store, rate limits off, the bench operator as the first operator. */
export function startWaybill(
  store: DataStore,
  extraEnv: Record<string, string | undefined> = {},
): Promise<NodeProcess> {
  return startWaybillServer({
    dataDir: store.dataDir,
    env: {
      DATABASE_URL: store.databaseUrl,
      RATE_LIMITS: 'off',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...extraEnv,
    },
  });
}
