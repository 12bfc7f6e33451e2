import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IDEMPOTENCY_KEY_BUSY, IDEMPOTENCY_KEY_REUSED } from '@waybill/domain';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, databasesFor, type TestDatabase } from '../../../test/support/test-databases.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import errorHandler from '../error-handler.ts';
import idempotency, { REPLAYED_HEADER } from './index.ts';

// Long enough that a renewal every third of it survives a busy machine's timer delays.
const LEASE_MS = 2000;
const MAX_WAIT_MS = 1500;

/** A door the test opens: requests that pass through it wait until then. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

interface Harness {
  app: FastifyInstance;
  handle: DatabaseHandle;
  /** How many times each route's handler ran (its work, not its replays). */
  runs: { write: number; flaky: number; refuse: number };
  /** When set, /test/write waits for it before answering. */
  hold?: ReturnType<typeof gate>;
  /** How many /test/flaky calls fail with a 500 before one succeeds. */
  failures: number;
}

/**
 * A small app with the plugin and three routes: a write that counts its runs, a write that fails with
 * 500 while told to, and a refusal (409). An `x-test-operator` header stands in for a signed-in operator.
 */
async function startHarness(database: TestDatabase, dataDir: string): Promise<Harness> {
  const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir });
  await handle.migrate();
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', handle.db);
  await app.register(errorHandler);
  await app.register(fp(async () => undefined, { name: 'db' }));
  await app.register(idempotency, { leaseMs: LEASE_MS, maxWaitMs: MAX_WAIT_MS, sweepIntervalMs: 300 });
  const harness: Harness = { app, handle, runs: { write: 0, flaky: 0, refuse: 0 }, failures: 0 };
  app.addHook('onRequest', async (request) => {
    const operator = request.headers['x-test-operator'];
    if (typeof operator === 'string')
      request.operator = { id: operator, email: '', name: '', role: 'operator', sessionId: '' };
  });
  const body = z.object({ item: z.string() });

  // In a child context, as the app's feature routes are: the plugin's options must reach them there.
  await app.register(async (child) => {
    const routes = child.withTypeProvider<ZodTypeProvider>();
    routes.post('/test/write', { schema: { body }, config: { idempotency: 'body' } }, async (request, reply) => {
      harness.runs.write += 1;
      const run = harness.runs.write;
      await harness.hold?.opened;
      return reply.code(201).send({ item: request.body.item, run });
    });
    routes.post('/test/flaky', { schema: { body }, config: { idempotency: 'body' } }, async () => {
      harness.runs.flaky += 1;
      if (harness.failures > 0) {
        harness.failures -= 1;
        throw new Error('database unreachable');
      }
      return { run: harness.runs.flaky };
    });
    routes.post('/test/refuse', { schema: { body }, config: { idempotency: 'body' } }, async () => {
      harness.runs.refuse += 1;
      throw new AppError(409, `Refused on run ${harness.runs.refuse}`);
    });
    routes.post('/test/plain', { schema: { body } }, async () => ({ ok: true }));
  });
  await app.ready();
  return harness;
}

// Both databases: idempotency keys are rows whose insert is the lock.
describe.each(databasesFor('sql'))('the Idempotency-Key plugin on %s', (kind) => {
  let dataDir: string;
  let database: TestDatabase;
  let harness: Harness;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-idempotency-'));
    database = await createTestDatabase(kind, dataDir);
    harness = await startHarness(database, dataDir);
  });
  afterAll(async () => {
    await harness?.app.close();
    await harness?.handle.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    harness.hold = undefined;
  });

  const send = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const keyed = (key: string, extra: Record<string, string> = {}) => ({ 'idempotency-key': key, ...extra });
  const storedKeys = () => harness.handle.db.select().from(idempotencyKeys);

  it('runs a repeat once and answers it with the first status and body', async () => {
    const key = randomUUID();
    const before = harness.runs.write;
    const first = await send('/test/write', { item: 'a' }, keyed(key));
    const second = await send('/test/write', { item: 'a' }, keyed(key));
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers[REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(second.headers[REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(harness.runs.write).toBe(before + 1);
  });

  it('makes a repeat that arrives while the first runs wait for its answer, then replays it', async () => {
    const key = randomUUID();
    const before = harness.runs.write;
    harness.hold = gate();
    const first = send('/test/write', { item: 'b' }, keyed(key));
    const second = send('/test/write', { item: 'b' }, keyed(key));
    let secondAnswered = false;
    void second.then(() => {
      secondAnswered = true;
    });
    await expect.poll(() => harness.runs.write).toBe(before + 1);
    // The repeat is still waiting while the first holds the key.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(secondAnswered).toBe(false);
    harness.hold.open();
    const [a, b] = await Promise.all([first, second]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.body).toBe(a.body);
    expect(harness.runs.write).toBe(before + 1);
  });

  it('runs ten requests with one key, sent at once, exactly once', async () => {
    const key = randomUUID();
    const before = harness.runs.write;
    const answers = await Promise.all(Array.from({ length: 10 }, () => send('/test/write', { item: 'c' }, keyed(key))));
    expect(harness.runs.write).toBe(before + 1);
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).size).toBe(1);
  });

  it('refuses the same key with a different body with 422, while the first runs and after', async () => {
    const key = randomUUID();
    const before = harness.runs.write;
    harness.hold = gate();
    const first = send('/test/write', { item: 'd' }, keyed(key));
    await expect.poll(() => harness.runs.write).toBe(before + 1);
    const during = await send('/test/write', { item: 'other' }, keyed(key));
    harness.hold.open();
    expect((await first).statusCode).toBe(201);
    const after = await send('/test/write', { item: 'other' }, keyed(key));
    for (const answer of [during, after]) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual({ message: IDEMPOTENCY_KEY_REUSED });
    }
    expect(harness.runs.write).toBe(before + 1);
  });

  it('refuses an empty key or one over 100 characters with 400, before any work', async () => {
    const before = { runs: harness.runs.write, keys: (await storedKeys()).length };
    const empty = await send('/test/write', { item: 'e' }, keyed(''));
    const long = await send('/test/write', { item: 'e' }, keyed('k'.repeat(101)));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Idempotency-Key must not be empty' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'Idempotency-Key must be at most 100 characters' });
    expect(harness.runs.write).toBe(before.runs);
    expect(await storedKeys()).toHaveLength(before.keys);
    expect((await send('/test/write', { item: 'e' }, keyed('k'.repeat(100)))).statusCode).toBe(201);
  });

  it('runs requests without a key, or with different keys, each time', async () => {
    const before = harness.runs.write;
    await send('/test/write', { item: 'f' });
    await send('/test/write', { item: 'f' });
    await send('/test/write', { item: 'f' }, keyed(randomUUID()));
    await send('/test/write', { item: 'f' }, keyed(randomUUID()));
    expect(harness.runs.write).toBe(before + 4);
  });

  it('keeps one key apart per route and per operator', async () => {
    const key = randomUUID();
    const before = harness.runs.write;
    const first = await send('/test/write', { item: 'g' }, keyed(key, { 'x-test-operator': randomUUID() }));
    const second = await send('/test/write', { item: 'g' }, keyed(key, { 'x-test-operator': randomUUID() }));
    const other = await send('/test/flaky', { item: 'g' }, keyed(key));
    expect(harness.runs.write).toBe(before + 2);
    expect(second.body).not.toBe(first.body);
    expect(other.statusCode).toBe(200);
  });

  it('lets the key go after a 5xx, so the same key tried again does the work', async () => {
    const key = randomUUID();
    const before = harness.runs.flaky;
    harness.failures = 1;
    const failed = await send('/test/flaky', { item: 'h' }, keyed(key));
    expect(failed.statusCode).toBe(500);
    const retried = await send('/test/flaky', { item: 'h' }, keyed(key));
    const replayed = await send('/test/flaky', { item: 'h' }, keyed(key));
    expect(retried.statusCode).toBe(200);
    expect(replayed.body).toBe(retried.body);
    expect(harness.runs.flaky).toBe(before + 2);
  });

  it('keeps a 4xx answer: a repeat replays the refusal without running again', async () => {
    const key = randomUUID();
    const before = harness.runs.refuse;
    const first = await send('/test/refuse', { item: 'i' }, keyed(key));
    const second = await send('/test/refuse', { item: 'i' }, keyed(key));
    expect(first.statusCode).toBe(409);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual(first.json());
    expect(harness.runs.refuse).toBe(before + 1);
  });

  it('answers 409 with Retry-After when the first request outlasts the wait', async () => {
    const key = randomUUID();
    const before = harness.runs.write;
    harness.hold = gate();
    const first = send('/test/write', { item: 'j' }, keyed(key));
    await expect.poll(() => harness.runs.write).toBe(before + 1);
    const started = Date.now();
    const waited = await send('/test/write', { item: 'j' }, keyed(key));
    expect(waited.statusCode).toBe(409);
    expect(waited.json()).toEqual({ message: IDEMPOTENCY_KEY_BUSY });
    expect(waited.headers['retry-after']).toBe('1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(MAX_WAIT_MS);
    harness.hold.open();
    expect((await first).statusCode).toBe(201);
  });

  it('renews the claim while the first request runs longer than the lease', async () => {
    const key = randomUUID();
    const before = harness.runs.write;
    harness.hold = gate();
    const first = send('/test/write', { item: 'k' }, keyed(key));
    await expect.poll(() => harness.runs.write).toBe(before + 1);
    // Twice the lease later the claim would have run out without its renewals; the repeat must still wait.
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 2));
    const second = send('/test/write', { item: 'k' }, keyed(key));
    await new Promise((resolve) => setTimeout(resolve, 300));
    harness.hold.open();
    const [a, b] = await Promise.all([first, second]);
    expect(b.body).toBe(a.body);
    expect(harness.runs.write).toBe(before + 1);
  });

  it('takes over a key whose owner stopped renewing it (a crashed process), and one that expired', async () => {
    const crashed = randomUUID();
    const expired = randomUUID();
    expect((await send('/test/write', { item: 'l' }, keyed(crashed))).statusCode).toBe(201);
    // As a process killed mid-request leaves it: still in progress, its lease over.
    await harness.handle.db.execute(
      sql`update idempotency_keys set state = 'in_progress', status_code = null, response_body = null,
          lease_until = now() - interval '1 second' where key = ${crashed}`,
    );
    await harness.handle.db.insert(idempotencyKeys).values(expiredRow(expired));
    const before = harness.runs.write;
    const takenOver = await send('/test/write', { item: 'l' }, keyed(crashed));
    const fresh = await send('/test/write', { item: 'm' }, keyed(expired));
    expect(takenOver.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json()).toMatchObject({ item: 'm' });
    expect(harness.runs.write).toBe(before + 2);
  });

  it('deletes expired keys as it goes, and keeps the others', async () => {
    const live = randomUUID();
    await send('/test/write', { item: 'n' }, keyed(live));
    const old = [1, 2, 3].map((index) => `old-${index}-${randomUUID()}`);
    await harness.handle.db.insert(idempotencyKeys).values(old.map(expiredRow));
    await expect
      .poll(async () => (await storedKeys()).filter((row) => old.includes(row.key)).length, { timeout: 5000 })
      .toBe(0);
    expect((await storedKeys()).some((row) => row.key === live)).toBe(true);
  });
});

/** A key answered more than 24 hours ago. */
function expiredRow(key: string) {
  return {
    route: 'POST /test/write',
    scope: '',
    key,
    requestHash: 'from another day',
    state: 'done',
    owner: randomUUID(),
    leaseUntil: sql`now() - interval '2 days'`,
    statusCode: 201,
    responseBody: '{"item":"old"}',
    createdAt: sql`now() - interval '25 hours'`,
    expiresAt: sql`now() - interval '1 hour'`,
  };
}
