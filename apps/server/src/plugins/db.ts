import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type DatabaseHandle, describeOpening, openDatabase } from '../db/client.ts';
import { withProgress } from '../progress.ts';

/**
 * Opens the database (or takes the one `handle` gives, already open), applies pending migrations and
 * closes it when the app closes. None of these has a time limit (the app sets no plugin timeout):
 * creating the embedded database on a busy machine can take far longer than Fastify's default 10 s, so
 * each step logs what it waits for instead.
 */
async function database(app: FastifyInstance, { handle: given }: { handle?: DatabaseHandle }) {
  const handle =
    given ??
    (await withProgress(app.log, describeOpening(app.config), () => openDatabase({ ...app.config, log: app.log })));
  try {
    await withProgress(app.log, 'applying migrations', () => handle.migrate());
  } catch (error) {
    await handle.close();
    throw error;
  }
  app.log.info({ database: handle.kind }, 'database ready');
  app.decorate('db', handle.db);
  app.addHook('onClose', async () => {
    await withProgress(app.log, 'closing the database', () => handle.close());
  });
}

export default fp(database, { name: 'db' });
