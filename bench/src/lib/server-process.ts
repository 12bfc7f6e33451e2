import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommand, waitForHttp } from './child.ts';
import { REPO_ROOT, SEED_ENTRY, SERVER_ENTRY } from './paths.ts';

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

/** A free TCP port on the loopback interface. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
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

export interface MemorySample {
  rssKb: number;
  hwmKb: number;
}

export interface RunningServer {
  url: string;
  pid: number;
  /** VmRSS (now) and VmHWM (peak since start) from /proc/<pid>/status. */
  readMemory(): Promise<MemorySample>;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function readProcMemory(pid: number): Promise<MemorySample> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssKb: field('VmRSS'), hwmKb: field('VmHWM') };
}

/** A server that has neither answered nor printed anything for this long is taken as stuck. */
const START_SILENCE_LIMIT_MS = 120_000;

/** Starts a Node script as one child process (so its PID is the server's) and waits for `readyPath`. */
export async function startNodeProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  readyPath: string,
): Promise<RunningServer> {
  const child = spawn(process.execPath, args, { env, cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let lastSignOfLife = Date.now();
  const keep = (chunk: Buffer) => {
    output = `${output}${chunk}`.slice(-4000);
    lastSignOfLife = Date.now();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(
      `${url}${readyPath}`,
      { isAlive: () => child.exitCode === null, lastSignOfLife: () => lastSignOfLife },
      START_SILENCE_LIMIT_MS,
    );
  } catch (error) {
    await stopChild(child);
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    url,
    pid: child.pid!,
    readMemory: () => readProcMemory(child.pid!),
    stop: () => stopChild(child),
  };
}

/** The real Waybill server (`node --import tsx apps/server/src/server.ts`) on the store, rate limits off. */
export async function startWaybill(store: DataStore, extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = {
    ...storeEnv(store),
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMITS: 'off',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    ...extraEnv,
  };
  return startNodeProcess(['--import', 'tsx', SERVER_ENTRY], env, port, '/api/health');
}
