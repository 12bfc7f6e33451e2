// Starts the server: builds the app, listens, and on SIGTERM/SIGINT stops accepting connections,
// lets in-flight requests finish (10 s at most), closes the database and exits 0 (1 when requests had
// to be cut). Neither the start nor the database close has a time limit; both log what they wait for.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { closeGracefully } from './shutdown.ts';

async function start() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const started = performance.now();
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ ms: Math.round(performance.now() - started), consolePath: config.admin.path }, 'Waybill is ready');

  let closing = false;
  const onSignal = (signal: string) => {
    if (closing) return;
    closing = true;
    void shutdown(app, signal);
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}

async function shutdown(app: FastifyInstance, signal: string) {
  app.log.info({ signal }, 'shutting down');
  try {
    const { cutRequests } = await closeGracefully(app);
    app.log.info('shut down');
    process.exit(cutRequests ? 1 : 0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

await start();
