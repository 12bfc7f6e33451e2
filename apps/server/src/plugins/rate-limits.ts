import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimit } from '../config.ts';
import { AppError } from '../errors.ts';

export type RateLimitName = 'login' | 'track' | 'submit' | 'forms';

/**
 * Registers the rate-limit plugin without a global limit; routes opt in with `...rateLimitFor(...)`.
 * Counters live in process memory, so with several processes each enforces its own share.
 */
async function rateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(context.statusCode, `Too many requests. Please try again in ${context.after}.`),
  });
}

/**
 * Route options for a named limit: one counter per route and client address, whatever the method.
 * Fastify answers HEAD for every GET route, and @fastify/rate-limit gives each route configured with
 * `config.rateLimit` a store of its own (a `groupId` only renames keys inside that store), so HEAD had
 * its own count and doubled the guessing budget of a tracking code. The hook made here has one store;
 * Fastify copies a route's hooks to its HEAD twin, so both methods count against it. Call it once per
 * route: two routes given the same hook would share one budget. Login is always limited, the others
 * follow RATE_LIMITS.
 */
export function rateLimitFor(app: FastifyInstance, name: RateLimitName): { onRequest?: onRequestAsyncHookHandler } {
  const limits = app.config.rateLimits;
  if (name !== 'login' && !limits.enabled) return {};
  const limit: RateLimit = limits[name];
  return { onRequest: app.rateLimit({ max: limit.max, timeWindow: limit.timeWindowMs }) };
}

export default fp(rateLimits, { name: 'rate-limits' });
