import path from 'node:path';
import { type NodeProcess, startWaybillServer } from '@waybill/testing';
import { TEST_ADMIN } from './test-app.ts';

/**
 * Time limit of a test that starts the real server process (more than the suite's 60 s): the start
 * alone, with tsx compiling every module, took over 20 s on the busy shared machine.
 */
export const REAL_SERVER_TEST_TIMEOUT_MS = 180_000;

export type ChildServer = NodeProcess;

/**
 * The real server as a child process on a free port, as the API tests configure the app: TEST_ADMIN
 * as the first operator, rate limits off, no web build. `env` adds or overrides variables.
 */
export function startChildServer(options: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string | undefined>;
  cpuShareUntilReady?: number;
}): Promise<ChildServer> {
  return startWaybillServer({
    dataDir: options.dataDir,
    cpuShareUntilReady: options.cpuShareUntilReady,
    env: {
      DATABASE_URL: options.databaseUrl ?? '',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      RATE_LIMITS: 'off',
      RATE_LIMIT_LOGIN: '1000/minute',
      WEB_DIST_DIR: path.join(options.dataDir, 'no-web-build'),
      ...options.env,
    },
  });
}
