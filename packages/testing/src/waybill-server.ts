import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { type NodeProcess, startNodeProcess } from './node-process.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '../../../apps/server');
/** The server's entry point in the sources, run through tsx. */
const SERVER_SOURCE = path.join(SERVER_DIR, 'src/server.ts');
/** The production bundle of it (`npm run build`), which `npm test` makes before any test runs. */
const SERVER_BUNDLE = path.join(SERVER_DIR, 'dist/server.mjs');
/** What the bundle is made from (less tests, and the migrations, which the server reads at run time). */
const BUNDLE_INPUTS = [
  path.join(SERVER_DIR, 'src'),
  path.resolve(SERVER_DIR, '../../packages/domain/src'),
  path.join(SERVER_DIR, 'build.mjs'),
  path.join(SERVER_DIR, 'package.json'),
  path.resolve(SERVER_DIR, '../../package-lock.json'),
];

function newestWrite(file: string): number {
  const stats = statSync(file);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(file, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

let bundleIsCurrent: boolean | undefined;

/**
 * How to run the server: its production bundle when it was built after the last change of anything it
 * is made from, else the sources through tsx (a test run right after an edit). The bundle starts with
 * about 4 s less CPU (tsx compiles every module at each start) and is what a deployment runs.
 * `WAYBILL_TEST_SERVER=source` forces the sources.
 */
export function serverCommand(): string[] {
  if (process.env.WAYBILL_TEST_SERVER === 'source') return ['--import', 'tsx', SERVER_SOURCE];
  bundleIsCurrent ??= (() => {
    try {
      const built = statSync(SERVER_BUNDLE).mtimeMs;
      return BUNDLE_INPUTS.every((input) => newestWrite(input) < built);
    } catch {
      return false;
    }
  })();
  return bundleIsCurrent ? [SERVER_BUNDLE] : ['--import', 'tsx', SERVER_SOURCE];
}

export interface WaybillServerOptions {
  dataDir: string;
  /** Over this process's environment (`undefined` removes a variable), after PORT, HOST and DATA_DIR. */
  env?: Record<string, string | undefined>;
  /** See `NodeProcessOptions.cpuShareUntilReady`. */
  cpuShareUntilReady?: number;
}

/**
 * The real Waybill server (`serverCommand()`: the production bundle, or the sources through tsx) as a
 * child process on a free port of 127.0.0.1, resolved once GET /api/health answers. Warnings and errors
 * go to `output()`.
 */
export function startWaybillServer(options: WaybillServerOptions): Promise<NodeProcess> {
  return startNodeProcess({
    args: serverCommand(),
    cwd: SERVER_DIR,
    env: { HOST: '127.0.0.1', DATA_DIR: options.dataDir, LOG_LEVEL: 'warn', ...options.env },
    readyPath: '/api/health',
    cpuShareUntilReady: options.cpuShareUntilReady,
  });
}
