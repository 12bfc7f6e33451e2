import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { withProgress } from '../../../progress.ts';
import { sweepOrphanFiles } from './orphan-sweep.service.ts';

// Any constant shared by every server process on one database (not the migration lock's).
const PROCESS_LOCK_ID = 724_190_332;
/** When other processes may share the folder, only leftovers older than any request can be are swept. */
const SHARED_SWEEP_AGE_MS = 60 * 60 * 1000;

/**
 * Sweeps crash leftovers (in the image storage and DATA_DIR/tmp) before the server takes requests.
 * The embedded database belongs to one process, so everything unreferenced goes. On PostgreSQL, every
 * process holds a shared advisory lock while it runs; a process that gets the lock exclusively at
 * start knows it is alone and sweeps everything, otherwise it sweeps only leftovers older than an hour.
 */
async function orphanSweep(app: FastifyInstance) {
  const tmpDir = path.join(app.config.dataDir, 'tmp');
  let lockClient: pg.Client | undefined;

  const sweep = async () => {
    let alone = true;
    if (app.config.databaseUrl) {
      lockClient = new pg.Client({ connectionString: app.config.databaseUrl });
      // The connection stays open to hold the lock; cut by the server (a restart, a fail-over), it reports
      // here instead of ending the process. The lock is then gone until this process restarts: another
      // process starting meanwhile may sweep as if alone (its age limit no longer protects this one).
      lockClient.on('error', (error) => app.log.warn({ err: error }, 'lost the connection holding the sweep lock'));
      await lockClient.connect();
      const { rows } = await lockClient.query('SELECT pg_try_advisory_lock($1) AS alone', [PROCESS_LOCK_ID]);
      alone = rows[0].alone === true;
    }
    const olderThan = alone ? undefined : new Date(Date.now() - SHARED_SWEEP_AGE_MS);
    try {
      const swept = await sweepOrphanFiles({ db: app.db, storage: app.storage }, tmpDir, olderThan);
      if (swept.images + swept.uploadsInProgress > 0) app.log.warn(swept, 'removed files left by an earlier crash');
    } catch (error) {
      // A bucket that does not answer now must not keep the server from starting: the readiness check
      // reports it, and the leftovers wait for the next start.
      app.log.warn({ err: error }, 'could not sweep files left by an earlier crash');
    } finally {
      if (lockClient) {
        if (alone) await lockClient.query('SELECT pg_advisory_unlock($1)', [PROCESS_LOCK_ID]);
        await lockClient.query('SELECT pg_advisory_lock_shared($1)', [PROCESS_LOCK_ID]);
      }
    }
  };
  // No time limit (a folder of many images on a slow disk takes long); progress is logged instead.
  app.addHook('onReady', () => withProgress(app.log, 'sweeping files left by an earlier crash', sweep));
  app.addHook('onClose', async () => {
    await lockClient?.end();
  });
}

export default fp(orphanSweep, { name: 'orphan-sweep', dependencies: ['db'] });
