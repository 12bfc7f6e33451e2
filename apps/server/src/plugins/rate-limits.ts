import { randomUUID } from 'node:crypto';
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
} from '@fastify/rate-limit';
import { apiErrorSchema, COUNTER_UNAVAILABLE } from '@waybill/domain';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimit } from '../config.ts';
import { AppError } from '../errors.ts';
import { addRouteAnswers } from '../http/answers.ts';
import { LocalCounts } from './rate-limit-local.ts';
import { RedisCounts } from './rate-limit-redis.ts';
import { deleteExpiredCounters, type Hit, hitCounter, leavePeers, settleCounters } from './rate-limit-store.ts';

export type RateLimitName = 'login' | 'track' | 'submit' | 'forms';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one request of `key` in a window of `windowMs` with a budget of `max`, as the public limits
     * are counted (in this process's memory, settled with the database about every second; in Redis
     * with REDIS_URL): a limit of the app's own, like /api/v1's per key.
     */
    countRequest(key: string, windowMs: number, max: number): Promise<Hit>;
  }
}

/** The hooks `rateLimitFor` made, so the routes that carry one declare the 429 they may answer. */
const limiters = new WeakSet<onRequestAsyncHookHandler>();
/** Those of them that refuse the request when the shared counter cannot be reached (see `FAILS_OPEN`). */
const failingClosed = new WeakSet<onRequestAsyncHookHandler>();

const TOO_MANY = apiErrorSchema.meta({
  description: 'Too many requests from this address: "Too many requests. Please try again in {time}."',
  headers: { 'Retry-After': { type: 'integer', description: 'Seconds until the limit lifts' } },
});

const UNAVAILABLE = apiErrorSchema.meta({
  description: `The rate-limit counters (the database, or Redis with REDIS_URL) could not be reached: "${COUNTER_UNAVAILABLE}"`,
});

/**
 * What a limit does when the database holding the shared counters does not answer. Sign-in fails
 * closed: its limit is what stands between a guesser and the operators' passwords, and a database
 * that cannot count cannot check a password either, so refusing costs nothing that was not lost.
 * Tracking, submissions and forms fail open: those limits only slow abuse, and a counter that stumbles
 * (a fail-over, a full pool) should not turn customers away from requests that may well succeed.
 */
const FAILS_OPEN: Record<RateLimitName, boolean> = { login: false, track: true, submit: true, forms: true };

/** The limits counted hit by hit in the shared count; the others count locally first (`LocalCounts`). */
const EXACT: Record<RateLimitName, boolean> = { login: true, track: false, submit: false, forms: false };

/** How often each process deletes counters whose window has ended (any process may; it is one DELETE). */
const SWEEP_INTERVAL_MS = 5 * 60_000;
/** A database outage fails every limited request; one warning per this interval is enough to see it. */
const WARN_INTERVAL_MS = 10_000;

/**
 * One counter per route and client address. The route is in the key, not in a store of each route,
 * because the database store is one table for every process; HEAD counts as GET (see `rateLimitFor`).
 */
function rateLimitKey(request: FastifyRequest): string {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return `${method} ${request.routeOptions.url} ${normalizeIP(request.ip)}`;
}

/**
 * Limits that are one budget per client address across every route that takes them, rather than one
 * per route. A tracking code can be guessed through the tracking API, the server-rendered tracking page
 * and the subscription form (each tells whether a code exists): a budget per route tripled the guesses.
 */
const SHARED_BUDGETS: ReadonlySet<RateLimitName> = new Set(['track']);

/** The key of a shared budget: its name and the client address, whatever the route or method. */
const sharedBudgetKey = (name: RateLimitName) => (request: FastifyRequest) => `${name} ${normalizeIP(request.ip)}`;

/**
 * The hook of each shared budget, made once per app (the limiter decorator is made once per app) and
 * put on every route that takes the budget, so every route counts in one store under one key.
 */
const sharedLimiters = new WeakMap<object, Map<RateLimitName, onRequestAsyncHookHandler>>();

/**
 * Registers the rate-limit plugin without a global limit; routes opt in with `...rateLimitFor(...)`.
 * Where the counts live (docs/decisions/0058): with REDIS_URL, in Redis, hit by hit, for every process.
 * Otherwise sign-in (and any budget too small to share) is counted hit by hit in the database, and the
 * public limits in each process's memory, settled with the database in batches (`LocalCounts`): a
 * client spread over several processes gets at most its budget plus `TOLERANCE`.
 */
async function rateLimits(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const hooks = (route.onRequest ? [route.onRequest].flat() : []) as onRequestAsyncHookHandler[];
    if (hooks.some((hook) => limiters.has(hook))) addRouteAnswers(route, { 429: TOO_MANY });
    if (hooks.some((hook) => failingClosed.has(hook))) addRouteAnswers(route, { 503: UNAVAILABLE });
  });
  let lastWarning = 0;
  const warn = (error: unknown, message: string) => {
    if (Date.now() - lastWarning < WARN_INTERVAL_MS) return;
    lastWarning = Date.now();
    app.log.warn({ err: error }, message);
  };
  const onError = (error: unknown) => {
    warn(error, 'could not count a rate-limited request');
    return new AppError(503, COUNTER_UNAVAILABLE);
  };
  const { redisUrl } = app.config;
  let counters: Counters;
  if (redisUrl) {
    const redis = new RedisCounts(redisUrl);
    await redis.connect((error) => warn(error, 'the rate-limit counters in Redis cannot be reached'));
    app.addHook('onClose', () => redis.close());
    counters = {
      exact: (key, windowMs) => redis.hit(key, windowMs),
      local: (key, windowMs) => redis.hit(key, windowMs),
    };
  } else {
    const peer = randomUUID();
    const local = new LocalCounts({
      settle: (hits) => settleCounters(app.db, peer, hits),
      hitNow: (key, windowMs) => hitCounter(app.db, key, windowMs),
      leave: () => leavePeers(app.db, peer),
      onSettleError: (error) => warn(error, 'could not settle the rate-limit counts with the database'),
    });
    // The public limits count locally, and /api/v1's per key (`countRequest`, always on): with the
    // public ones off, nothing settles on a timer; a key's hits settle once its allowance is used up.
    // Sign-in counts hit by hit.
    if (app.config.rateLimits.enabled) {
      app.addHook('onReady', () => local.start());
      app.addHook('preClose', () => local.stop());
    }
    counters = { exact: (key, windowMs) => hitCounter(app.db, key, windowMs), local: local.hit.bind(local) };
    sweepExpiredCounters(app);
  }
  app.decorate('countRequest', (key: string, windowMs: number, max: number) => counters.local(key, windowMs, max));
  await app.register(rateLimit, {
    global: false,
    keyGenerator: rateLimitKey,
    store: countingStore(counters, onError),
    errorResponseBuilder: (_request, context) =>
      new AppError(context.statusCode, `Too many requests. Please try again in ${context.after}.`),
  });
}

/** The two ways a hit is counted: in the shared count at once, or as `LocalCounts` does. */
interface Counters {
  exact(key: string, windowMs: number): Promise<Hit>;
  local(key: string, windowMs: number, max: number): Promise<Hit>;
}

/** A limit's own option (kept by @fastify/rate-limit in the params it gives the store's `child`). */
interface CountingParams {
  exact?: boolean;
}

/**
 * A @fastify/rate-limit store over `counters`. The key (see `rateLimitKey`) already names the route,
 * so a limiter's `child` only chooses how its hits are counted.
 */
function countingStore(counters: Counters, onError: (error: unknown) => Error): FastifyRateLimitStoreCtor {
  class CountingStore implements FastifyRateLimitStore {
    private readonly count: Counters['local'];
    constructor(params?: CountingParams) {
      this.count = params?.exact ? counters.exact : counters.local;
    }

    incr(key: string, callback: (error: Error | null, result?: Hit) => void, timeWindow: number, max: number): void {
      this.count(key, timeWindow, max).then(
        (hit) => callback(null, hit),
        (error: unknown) => callback(onError(error)),
      );
    }

    child(params: object): FastifyRateLimitStore {
      return new CountingStore(params as CountingParams);
    }
  }
  return CountingStore as unknown as FastifyRateLimitStoreCtor;
}

function sweepExpiredCounters(app: FastifyInstance) {
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    sweeping = deleteExpiredCounters(app.db)
      .then((count) => {
        if (count > 0) app.log.debug({ count }, 'expired rate-limit counters deleted');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not delete expired rate-limit counters'));
  };
  app.addHook('onReady', async () => {
    sweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
    sweeper.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    await sweeping;
  });
}

/** The hook of one named limit on this app (undefined when RATE_LIMITS=off lifts it). */
function limiterFor(app: FastifyInstance, name: RateLimitName): onRequestAsyncHookHandler | undefined {
  const limits = app.config.rateLimits;
  if (name !== 'login' && !limits.enabled) return undefined;
  const shared = SHARED_BUDGETS.has(name) ? sharedLimiters.get(app.rateLimit) : undefined;
  const existing = shared?.get(name);
  if (existing) return existing;
  const limit: RateLimit = limits[name];
  const limiter = app.rateLimit({
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    skipOnError: FAILS_OPEN[name],
    // Sign-in is counted hit by hit: few requests, and its budget guards the operators' passwords.
    ...({ exact: EXACT[name] } as CountingParams),
    ...(SHARED_BUDGETS.has(name) ? { keyGenerator: sharedBudgetKey(name) } : {}),
  });
  limiters.add(limiter);
  if (!FAILS_OPEN[name]) failingClosed.add(limiter);
  if (SHARED_BUDGETS.has(name)) {
    if (!sharedLimiters.has(app.rateLimit)) sharedLimiters.set(app.rateLimit, new Map());
    sharedLimiters.get(app.rateLimit)!.set(name, limiter);
  }
  return limiter;
}

/**
 * Route options for one or more named limits: one counter per route and client address, whatever the
 * method, except for a shared budget (tracking), which counts every route that takes it together.
 * Fastify answers HEAD for every GET route, and @fastify/rate-limit gives each route configured with
 * `config.rateLimit` a store of its own (a `groupId` only renames keys inside that store), so HEAD had
 * its own count and doubled the guessing budget of a tracking code. The hook made here has one store;
 * Fastify copies a route's hooks to its HEAD twin, so both methods count against it, and the key
 * (`rateLimitKey`) names HEAD as GET, so they share one row in the database too. Call it once per
 * route. Login is always limited, the others follow RATE_LIMITS.
 */
export function rateLimitFor(
  app: FastifyInstance,
  ...names: [RateLimitName, ...RateLimitName[]]
): { onRequest?: onRequestAsyncHookHandler } {
  const hooks = names.flatMap((name) => limiterFor(app, name) ?? []);
  if (hooks.length <= 1) return hooks[0] ? { onRequest: hooks[0] } : {};
  // @fastify/rate-limit runs one limiter per request object (it marks the request it counted), so each
  // budget counts on a view of its own of the request; the answer's headers and a 429 are the real ones.
  const combined: onRequestAsyncHookHandler = async function (request, reply) {
    for (const hook of hooks) await hook.call(this, Object.create(request), reply);
  };
  limiters.add(combined);
  if (hooks.some((hook) => failingClosed.has(hook))) failingClosed.add(combined);
  return { onRequest: combined };
}

export default fp(rateLimits, { name: 'rate-limits' });
