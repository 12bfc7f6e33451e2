import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AnswerCache } from './answer-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's public tracking answers, dropped as the database announces changes. */
    trackingAnswers: AnswerCache;
  }
}

/** The channel the database's triggers announce changed tracking codes on (migration 0009); '*' means any. */
export const TRACKING_CHANNEL = 'tracking_changed';

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

/**
 * The tracking answers' cache, kept true by the database's announcements: every change of a package,
 * its locations or its proofs makes the database announce the code (NOTIFY in the change's
 * transaction, migration 0009); each process drops that answer. While changes are not heard the cache
 * is off and every request reads the database.
 */
async function trackingCache(app: FastifyInstance) {
  const cache = new AnswerCache(TRACKING_CACHE_LIMITS);
  app.decorate('trackingAnswers', cache);
  app.databaseChanges.subscribe(TRACKING_CHANNEL, {
    changed(code) {
      if (code === '*') cache.clear();
      else cache.invalidate(code);
    },
    listening(on) {
      cache.enabled = on;
    },
  });
}

export default fp(trackingCache, { name: 'tracking-cache', dependencies: ['db', 'database-changes'] });
