// A real Redis for tests: Debian's redis-server (scripts/ensure-test-tools.sh installs it) on 127.0.0.1
// and a free port, in memory only, stopped with the test file.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { findFreePort } from '@waybill/testing';

const START_LIMIT_MS = 20_000;

export interface TestRedis {
  /** REDIS_URL for Waybill. */
  url: string;
  stop(): Promise<void>;
}

/** Whether a TCP connection to the port opens now. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await findFreePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const failed = new Promise<never>((_, reject) =>
    child.once('error', (error) =>
      reject(new Error(`redis-server did not start (scripts/ensure-test-tools.sh installs it): ${error.message}`)),
    ),
  );
  const deadline = Date.now() + START_LIMIT_MS;
  const ready = (async () => {
    while (!(await answers(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  await Promise.race([ready, failed]);
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
