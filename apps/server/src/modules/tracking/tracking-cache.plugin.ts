import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AnswerCache } from './answer-cache.ts';
import { type ChangeListener, listenOnPglite, listenOnPostgres } from './tracking-changes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's public tracking answers, dropped as the database announces changes. */
    trackingAnswers: AnswerCache;
  }
}

/**
 * Tens of thousands of packages in transit fit: a typical answer is 0.3–2 KB, and the character
 * budget (32 Mi, at most 64 MB) bounds the memory whatever the number of updates per package.
 */
export const TRACKING_CACHE_LIMITS = {
  maxEntries: 50_000,
  maxBytes: 32 * 1024 * 1024,
  maxMisses: 10_000,
  // A safety net, not the invalidation: answers that depend on the clock (a package running late) are
  // at most this far behind, and so is an answer whose change notification was lost with a connection
  // that has not been noticed yet.
  ttlMs: 60_000,
  // 45 to 60 s: a benchmark cycling 10 000 codes saw them all expire within a second and the p99 jump.
  ttlSpread: 0.25,
  missTtlMs: 10_000,
};

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The tracking answers' cache and the listener that keeps it true. Every change of a package, its
 * locations or its proofs makes the database announce the code (NOTIFY in the change's transaction,
 * migration 0009); each process drops that answer. While the listener is not listening the cache is
 * off and every request reads the database. On PGlite the notification comes back through the same
 * client as the committing query returns; on PostgreSQL through a connection of its own.
 */
async function trackingCache(app: FastifyInstance) {
  const cache = new AnswerCache(TRACKING_CACHE_LIMITS);
  app.decorate('trackingAnswers', cache);
  let lastWarning = 0;
  const handlers = {
    changed(code: string) {
      if (code === '*') cache.clear();
      else cache.invalidate(code);
    },
    listening(on: boolean, error?: unknown) {
      cache.enabled = on;
      if (on && lastWarning > 0) app.log.info('tracking answers are cached again: changes are heard');
      if (error && Date.now() - lastWarning >= 10_000) {
        lastWarning = Date.now();
        app.log.warn({ err: error }, 'not hearing tracking changes: tracking answers are read uncached');
      }
    },
  };
  const client = (app.db as unknown as { $client?: unknown }).$client;
  let listener: ChangeListener;
  if (client instanceof PGlite) listener = await listenOnPglite(client, handlers);
  else if (app.config.databaseUrl) listener = await listenOnPostgres(app.config.databaseUrl, handlers);
  else throw new Error('tracking cache: the database is neither PGlite nor PostgreSQL');

  // A write is answered once this process has heard the change it made: the writer's next read of
  // tracking through this process is never the cached answer from before.
  // A callback hook: reads (every tracking answer) pass straight through, with no promise to settle.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!UNSAFE_METHODS.has(request.method) || reply.statusCode >= 400 || !cache.enabled) {
      done(null, payload);
      return;
    }
    listener.caughtUp().then(
      (heard) => {
        if (!heard) cache.clear();
        done(null, payload);
      },
      (error: Error) => done(error),
    );
  });
  app.addHook('onClose', async () => listener.close());
}

export default fp(trackingCache, { name: 'tracking-cache', dependencies: ['db'] });
