import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  apiErrorSchema,
  IDEMPOTENCY_KEY_BUSY,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENCY_KEY_TTL_HOURS,
  idempotencyKeySchema,
} from '@waybill/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import stringify from 'safe-stable-stringify';
import { z } from 'zod';
import { AppError, badRequest } from '../../errors.ts';
import { addRouteAnswers, errorAnswers } from '../../http/answers.ts';
import {
  completeKey,
  deleteExpiredKey,
  deleteExpiredKeys,
  findKey,
  insertClaim,
  type KeyId,
  releaseKey,
  renewLease,
  takeOverKey,
} from './key-store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Honour the Idempotency-Key header on this route. `body`: the key is claimed before the handler,
     * from the URL and the parsed body. `handler`: the handler claims it itself with
     * `claimIdempotencyKey` once it has read a body Fastify does not parse (multipart).
     */
    idempotency?: 'body' | 'handler';
  }
}

export interface IdempotencyOptions {
  /** How long a key and its answer are kept. */
  ttlMs: number;
  /** How long a claim holds without renewal; the owner renews it every third of this. */
  leaseMs: number;
  /** How long a repeat waits for the first request to finish before answering 409. */
  maxWaitMs: number;
  /** How often expired keys are deleted. */
  sweepIntervalMs: number;
}

export const DEFAULT_IDEMPOTENCY_OPTIONS: IdempotencyOptions = {
  ttlMs: IDEMPOTENCY_KEY_TTL_HOURS * 60 * 60_000,
  leaseMs: 30_000,
  maxWaitMs: 60_000,
  sweepIntervalMs: 60 * 60_000,
};

/** The header on a replayed answer, so a client (and a test) can tell. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

const FIRST_POLL_MS = 20;
const MAX_POLL_MS = 250;

interface Claim {
  owner: string;
  heartbeat: NodeJS.Timeout;
  finished: boolean;
}

interface KeyedRequest {
  id: KeyId;
  options: IdempotencyOptions;
  claim?: Claim;
}

const keyedRequests = new WeakMap<FastifyRequest, KeyedRequest>();

/** SHA-256 of what a request asks for: its method, URL and a digest (or canonical JSON) of its body. */
export function requestFingerprint(request: FastifyRequest, body: string): string {
  return createHash('sha256').update(`${request.method}\n${request.url}\n${body}`).digest('hex');
}

/** A preValidation hook: a present key must be 1–100 characters (after authentication, so a stranger hears 401). */
function keyReader(options: IdempotencyOptions) {
  return async function readKey(request: FastifyRequest): Promise<void> {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    if (header === undefined) return;
    const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header.join(', ') : header);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key');
    const route = `${request.method} ${request.routeOptions.url}`;
    // A key belongs to whoever sent it: an operator, or a business account (its portal or its API keys).
    const account = request.accountMember?.accountId ?? request.apiClient?.accountId;
    const scope = request.operator?.id ?? (account ? `account:${account}` : '');
    keyedRequests.set(request, { id: { route, scope, key: parsed.data }, options });
  };
}

/** True when the request carries a (valid) Idempotency-Key on a route that honours it. */
export function hasIdempotencyKey(request: FastifyRequest): boolean {
  return keyedRequests.has(request);
}

/** The stored first answer of a key, to send again. */
export interface StoredAnswer {
  statusCode: number;
  body: string;
}

type Outcome = { owner: string } | { replay: StoredAnswer };

/**
 * Claims the key in the database, or waits while another request holds it. A key is claimed once per
 * route and scope: of two requests at once, on any process, one inserts the row; the other waits
 * for its answer. A claim whose owner stopped renewing it (a crashed process) is taken over.
 */
async function claimKey(request: FastifyRequest, keyed: KeyedRequest, requestHash: string): Promise<Outcome> {
  const { db } = request.server;
  const { id, options } = keyed;
  const deadline = Date.now() + options.maxWaitMs;
  let pause = FIRST_POLL_MS;
  for (;;) {
    const owner = randomUUID();
    if (await insertClaim(db, id, { requestHash, owner, leaseMs: options.leaseMs, ttlMs: options.ttlMs })) {
      return { owner };
    }
    const stored = await findKey(db, id);
    if (!stored) continue; // released by a failed first request in between: claim it afresh
    if (stored.expired) {
      await deleteExpiredKey(db, id);
      continue;
    }
    if (stored.requestHash !== requestHash) throw new AppError(422, IDEMPOTENCY_KEY_REUSED);
    if (stored.state === 'done') return { replay: { statusCode: stored.statusCode!, body: stored.responseBody! } };
    if (stored.leaseEnded && (await takeOverKey(db, id, owner, options.leaseMs))) return { owner };
    if (Date.now() >= deadline) throw new AppError(409, IDEMPOTENCY_KEY_BUSY);
    await sleep(pause);
    pause = Math.min(pause * 2, MAX_POLL_MS);
  }
}

/** Sends a stored first answer again, marked as a replay. */
export function sendReplay(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  return reply
    .code(answer.statusCode)
    .type('application/json; charset=utf-8')
    .header(REPLAYED_HEADER, 'true')
    .send(answer.body);
}

/**
 * For routes with `idempotency: 'handler'`: claims the request's key for `fingerprint` (a digest of
 * the body the handler read). Resolves undefined when the handler should do the work (it owns the key,
 * or the request carries none); else the first answer, which the handler sends with `sendReplay` once
 * it has tidied up (a repeated upload's temporary files). `reply` gets Retry-After on a 409.
 */
export async function claimIdempotencyKey(
  request: FastifyRequest,
  reply: FastifyReply,
  fingerprint: string,
): Promise<StoredAnswer | undefined> {
  const keyed = keyedRequests.get(request);
  if (!keyed || keyed.claim) return undefined;
  let outcome: Outcome;
  try {
    outcome = await claimKey(request, keyed, requestFingerprint(request, fingerprint));
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) reply.header('Retry-After', '1');
    throw error;
  }
  if ('replay' in outcome) {
    request.log.info({ route: keyed.id.route }, 'idempotent request replayed');
    return outcome.replay;
  }
  const { db } = request.server;
  const { leaseMs } = keyed.options;
  const heartbeat = setInterval(() => {
    renewLease(db, keyed.id, outcome.owner, leaseMs).catch((error: unknown) =>
      request.log.warn({ err: error }, 'could not renew an idempotency key lease'),
    );
  }, leaseMs / 3);
  heartbeat.unref();
  keyed.claim = { owner: outcome.owner, heartbeat, finished: false };
  return undefined;
}

/** preHandler of `idempotency: 'body'` routes: the fingerprint is the canonical JSON of the parsed body. */
async function claimByBody(request: FastifyRequest, reply: FastifyReply) {
  if (!keyedRequests.has(request)) return;
  const replay = await claimIdempotencyKey(request, reply, stringify(request.body ?? null) ?? '');
  if (replay) return sendReplay(reply, replay);
}

/**
 * onSend: stores the owner's answer, or lets the key go after a server error. A 4xx is kept: it is the
 * decided outcome of that exact request (409 "Only a Pending package can be accepted", a refused
 * image), and a repeat would only reach the same verdict. A 5xx is released: nothing was committed
 * (each write is one transaction), the failure is the server's or the mail server's, and the same
 * key retried later should try again rather than replay the failure for 24 hours.
 */
async function storeAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const claim = keyedRequests.get(request)?.claim;
  if (!claim || claim.finished) return payload;
  claim.finished = true;
  clearInterval(claim.heartbeat);
  const { id } = keyedRequests.get(request)!;
  const { db } = request.server;
  try {
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (reply.statusCode >= 500 || body === null) await releaseKey(db, id, claim.owner);
    else await completeKey(db, id, claim.owner, { statusCode: reply.statusCode, body });
  } catch (error) {
    // The write itself succeeded; the client gets its answer. A repeat after the lease may run again.
    request.log.error({ err: error }, 'could not store the answer of an idempotent request');
  }
  return payload;
}

/** onResponse: a claim still open here (no answer was sent: the connection broke) is let go. */
async function releaseUnanswered(request: FastifyRequest) {
  const keyed = keyedRequests.get(request);
  const claim = keyed?.claim;
  if (!keyed || !claim || claim.finished) return;
  claim.finished = true;
  clearInterval(claim.heartbeat);
  await releaseKey(request.server.db, keyed.id, claim.owner).catch((error: unknown) =>
    request.log.error({ err: error }, 'could not release an idempotency key'),
  );
}

/**
 * The header and the answers a keyed route declares. The header is read (and refused) by the route's
 * preValidation hook before the schema sees it; the schema describes it, and keeps every other header.
 */
const KEYED_HEADERS = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: idempotencyKeySchema
    .optional()
    .describe(
      `One key per user action (1 to 100 characters), the same on every retry of it: a repeat within ` +
        `${IDEMPOTENCY_KEY_TTL_HOURS} hours gets the first answer again, with ${REPLAYED_HEADER}: true`,
    ),
});
const KEYED_ANSWERS = {
  ...errorAnswers({ 422: IDEMPOTENCY_KEY_REUSED }),
  409: apiErrorSchema.meta({
    description: `${IDEMPOTENCY_KEY_BUSY} (or the route's own conflict)`,
    headers: { 'Retry-After': { type: 'integer', description: 'Seconds to wait before repeating' } },
  }),
};

function appendHook<K extends 'preValidation' | 'preHandler' | 'onSend' | 'onResponse'>(
  route: RouteOptions,
  name: K,
  hook: unknown,
) {
  const existing = route[name] ? (Array.isArray(route[name]) ? route[name] : [route[name]]) : [];
  (route as unknown as Record<string, unknown>)[name] = [...existing, hook];
}

/**
 * Idempotency keys for write routes that opt in with `config: { idempotency: 'body' }` (or
 * `'handler'`): a repeat of a request with the same `Idempotency-Key` within 24 hours changes nothing
 * and gets the first answer (status and body) again, even when both arrive at once. The same key with
 * another request is a 422; a key that is empty or longer than 100 characters a 400. Expired keys are
 * swept every hour.
 */
async function idempotency(app: FastifyInstance, overrides: Partial<IdempotencyOptions>) {
  const options = { ...DEFAULT_IDEMPOTENCY_OPTIONS, ...overrides };
  const readKey = keyReader(options);

  app.addHook('onRoute', (route) => {
    const mode = route.config?.idempotency;
    if (!mode) return;
    route.schema = { ...route.schema, headers: KEYED_HEADERS };
    addRouteAnswers(route, KEYED_ANSWERS);
    appendHook(route, 'preValidation', readKey);
    if (mode === 'body') appendHook(route, 'preHandler', claimByBody);
    appendHook(route, 'onSend', storeAnswer);
    appendHook(route, 'onResponse', releaseUnanswered);
  });

  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    sweeping = deleteExpiredKeys(app.db)
      .then((count) => {
        if (count > 0) app.log.info({ count }, 'expired idempotency keys deleted');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not delete expired idempotency keys'));
  };
  app.addHook('onReady', async () => {
    sweep();
    sweeper = setInterval(sweep, options.sweepIntervalMs);
    sweeper.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    await sweeping;
  });
}

export default fp(idempotency, { name: 'idempotency', dependencies: ['db'] });
