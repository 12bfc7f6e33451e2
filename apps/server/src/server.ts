// Starts the server: builds the app, listens, and on SIGTERM/SIGINT stops accepting connections,
// lets in-flight requests finish, closes the database and exits 0.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

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
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // Connections that finish a request while closing turn idle with keep-alive; close them as they
    // do, or the server would wait for their keep-alive timeout.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

await start();
