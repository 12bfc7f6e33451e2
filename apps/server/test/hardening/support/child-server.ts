import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_ADMIN } from '../../support/test-app.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * No fixed start-up deadline: a start on a busy machine may take long, and the server says what it
 * waits for (a "still … after N s" warning every few seconds, shown at LOG_LEVEL=warn). Only a server
 * that stays silent this long without answering is taken as stuck.
 */
const SILENCE_LIMIT_MS = 120_000;

/**
 * Time limit of a test that starts the real server process (more than the suite's 60 s): the start
 * alone, with tsx compiling every module, took over 20 s on the busy shared machine.
 */
export const REAL_SERVER_TEST_TIMEOUT_MS = 180_000;

/** A port nobody listens on right now. */
export async function findFreePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ChildServer {
  baseUrl: string;
  process: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Resident memory of the server process, in bytes. */
  rssBytes(): number;
  /** The last lines the server printed (for failure messages). */
  output(): string;
  /** SIGKILL if still running, and wait for it. */
  kill(): Promise<void>;
}

/** The real server (`node --import tsx src/server.ts`) as a child process on a free port. */
export async function startChildServer(options: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<ChildServer> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      RATE_LIMITS: 'off',
      RATE_LIMIT_LOGIN: '1000/minute',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(options.dataDir, 'no-web-build'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let lastSignOfLife = Date.now();
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    lastSignOfLife = Date.now();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let running = true;
  void exited.then(() => {
    running = false;
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (!running) throw new Error(`server exited during start:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - lastSignOfLife > SILENCE_LIMIT_MS) {
      child.kill('SIGKILL');
      throw new Error(`server did not start and said nothing for ${SILENCE_LIMIT_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    process: child,
    exited,
    rssBytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
    },
    output: () => output,
    async kill() {
      if (running) child.kill('SIGKILL');
      await exited;
    },
  };
}
