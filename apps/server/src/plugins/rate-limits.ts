import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimit } from '../config.ts';
import { AppError } from '../errors.ts';

export type RateLimitName = 'login' | 'track' | 'submit' | 'forms';

/**
 * Registers the rate-limit plugin without a global limit; routes opt in with `rateLimitFor(...)`.
 * Counters live in process memory, so with several processes each enforces its own share.
 */
async function rateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(context.statusCode, `Too many requests. Please try again in ${context.after}.`),
  });
}

/** Route config for a named limit; login is always limited, the others follow RATE_LIMITS. */
export function rateLimitFor(app: FastifyInstance, name: RateLimitName): { rateLimit?: object } {
  const limits = app.config.rateLimits;
  if (name !== 'login' && !limits.enabled) return {};
  const limit: RateLimit = limits[name];
  return { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } };
}

export default fp(rateLimits, { name: 'rate-limits' });
