// Starts the server: builds the app, listens, and on SIGTERM/SIGINT stops accepting connections,
// lets in-flight requests finish (10 s at most), closes the database and exits 0 (1 when requests had
// to be cut). Neither the start nor the database close has a time limit; both log what they wait for.
// An error nothing caught (a throw in a timer, a rejected promise nobody awaited) is logged, then the
// process exits 1: its state is unknown, and a process manager or the balancer's health check restarts it.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { closeGracefully } from './shutdown.ts';

function exitOnUncaughtErrors(log: FastifyBaseLogger) {
  // Unhandled rejections arrive here too (Node's default --unhandled-rejections=throw), origin named.
  process.on('uncaughtException', (error, origin) => {
    log.fatal({ err: error, origin }, 'uncaught error, exiting');
    process.exit(1);
  });
}

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

  const logger = createLogger(config);
  exitOnUncaughtErrors(logger);
  const started = performance.now();
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { logger });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    logger.fatal({ err: error }, 'start failed');
    process.exit(1);
  }
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
