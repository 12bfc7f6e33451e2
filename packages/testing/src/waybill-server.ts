import path from 'node:path';
import { type NodeProcess, startNodeProcess } from './node-process.ts';

/** The server's entry point, run from source through tsx. */
const SERVER_ENTRY = path.resolve(import.meta.dirname, '../../../apps/server/src/server.ts');

export interface WaybillServerOptions {
  dataDir: string;
  /** Over this process's environment (`undefined` removes a variable), after PORT, HOST and DATA_DIR. */
  env?: Record<string, string | undefined>;
  /** See `NodeProcessOptions.cpuShareUntilReady`. */
  cpuShareUntilReady?: number;
}

/**
 * The real Waybill server (`node --import tsx apps/server/src/server.ts`) as a child process on a free
 * port of 127.0.0.1, resolved once GET /api/health answers. Warnings and errors go to `output()`.
 */
export function startWaybillServer(options: WaybillServerOptions): Promise<NodeProcess> {
  return startNodeProcess({
    args: ['--import', 'tsx', SERVER_ENTRY],
    cwd: path.dirname(path.dirname(SERVER_ENTRY)),
    env: { HOST: '127.0.0.1', DATA_DIR: options.dataDir, LOG_LEVEL: 'warn', ...options.env },
    readyPath: '/api/health',
    cpuShareUntilReady: options.cpuShareUntilReady,
  });
}
