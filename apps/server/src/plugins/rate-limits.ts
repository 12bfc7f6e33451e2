import rateLimit from '@fastify/rate-limit';
import { apiErrorSchema } from '@waybill/domain';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimit } from '../config.ts';
import { AppError } from '../errors.ts';
import { addRouteAnswers } from '../http/answers.ts';

export type RateLimitName = 'login' | 'track' | 'submit' | 'forms';

/** The hooks `rateLimitFor` made, so the routes that carry one declare the 429 they may answer. */
const limiters = new WeakSet<onRequestAsyncHookHandler>();

const TOO_MANY = apiErrorSchema.meta({
  description: 'Too many requests from this address: "Too many requests. Please try again in {time}."',
  headers: { 'Retry-After': { type: 'integer', description: 'Seconds until the limit lifts' } },
});

/**
 * Registers the rate-limit plugin without a global limit; routes opt in with `...rateLimitFor(...)`.
 * Counters live in process memory, so with several processes each enforces its own share.
 */
async function rateLimits(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const hooks = route.onRequest ? [route.onRequest].flat() : [];
    if (hooks.some((hook) => limiters.has(hook as onRequestAsyncHookHandler))) {
      addRouteAnswers(route, { 429: TOO_MANY });
    }
  });
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
  const limiter = app.rateLimit({ max: limit.max, timeWindow: limit.timeWindowMs });
  limiters.add(limiter);
  return { onRequest: limiter };
}

export default fp(rateLimits, { name: 'rate-limits' });
