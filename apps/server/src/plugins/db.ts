import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase } from '../db/client.ts';

/** Opens the database, applies pending migrations and closes it when the app closes. */
async function database(app: FastifyInstance) {
  const handle = await openDatabase(app.config);
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    throw error;
  }
  app.log.info({ database: handle.kind }, 'database ready');
  app.decorate('db', handle.db);
  app.addHook('onClose', async () => {
    await handle.close();
  });
}

export default fp(database, { name: 'db' });
