import type { BulkActionAnswer, PackageStats } from '@waybill/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { statusCounts } from '../../../test/support/status-counts.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import type { Database } from '../../db/client.ts';
import { SEARCH_COUNT_CAP as CAP } from './package-reads.service.ts';

/** A page size that divides the cap: the page that ends at it is full. */
const PAGE = 100;

/** Inserts `count` packages in one statement, named `name`, with codes `prefix` + a number. */
async function insertPackages(db: Database, count: number, { prefix, name, status }: Record<string, string>) {
  await db.execute(sql`insert into packages (tracking_code, status, name, email, phone, pickup_location, receiver_name,
      receiver_email, receiver_phone, destination, description, quantity, weight, dimension_unit, length, width, height)
    select ${prefix} || lpad(i::text, 8, '0'), ${status}, ${name}, 'bulk' || i || '@example.com', '+1 555 0100',
      'Dock', 'Receiver', 'receiver@example.org', '+1 555 0101', 'Market Square', 'Books', 1, 1, 'cm', 1, 1, 1
    from generate_series(1, ${count}::int) as i`);
}

// Both databases: counters kept by triggers, under concurrent writes.
describe.each(databasesFor('sql'))('package counts on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
    await testApp.app.mailOutbox.stop();
    operator = await testApp.operator();
  });
  afterAll(() => testApp?.close());

  const totalOf = async (query = '') => {
    const answer = await operator.get(`/api/admin/packages?pageSize=1${query}`);
    expect(answer.status).toBe(200);
    return Number(answer.headers.get('x-total-count'));
  };

  /** The counters equal count(*) by status, and the list, its status filter and the stats say the same. */
  async function expectExactCounts() {
    const { counters, actual } = await statusCounts(testApp.app.db);
    expect(counters).toEqual(actual);
    const all = Object.values(actual).reduce((sum, count) => sum + count, 0);
    expect(await totalOf()).toBe(all);
    for (const [status, count] of Object.entries(actual)) {
      expect(await totalOf(`&status=${encodeURIComponent(status)}`)).toBe(count);
    }
    expect(await totalOf('&status=No%20such%20status')).toBe(0);
    const stats = await operator.get<PackageStats>('/api/admin/package-stats');
    expect(stats.body).toEqual({ total: all, byStatus: actual });
  }

  it('stay exact through submissions, accept, reject, status changes, bulk actions and deletes', async () => {
    await expectExactCounts();
    const codes = await Promise.all(Array.from({ length: 6 }, () => submitPackage(testApp)));
    await expectExactCounts();
    expect((await operator.post('/api/admin/accept', { trackingCode: codes[0] })).status).toBe(200);
    expect((await operator.post('/api/admin/reject', { trackingCode: codes[1] })).status).toBe(200);
    await expectExactCounts();
    const accepted = await operator.post<BulkActionAnswer>('/api/admin/bulk', {
      action: 'accept',
      trackingCodes: codes.slice(2, 5),
    });
    expect(accepted.body.results.every((result) => result.ok)).toBe(true);
    await expectExactCounts();
    expect(
      (await operator.post('/api/admin/update-status', { trackingCode: codes[0], status: 'Shipped' })).status,
    ).toBe(200);
    // The same status again changes nothing; a custom status gets its own counter.
    expect(
      (await operator.post('/api/admin/update-status', { trackingCode: codes[0], status: 'Shipped' })).status,
    ).toBe(200);
    expect(
      (await operator.post('/api/admin/update-status', { trackingCode: codes[2], status: 'Held at customs' })).status,
    ).toBe(200);
    await expectExactCounts();
    const moved = await operator.post<BulkActionAnswer>('/api/admin/bulk', {
      action: 'status',
      status: 'Delivered',
      trackingCodes: codes.slice(0, 5),
    });
    expect(moved.status).toBe(200);
    await expectExactCounts();
    const deleted = await operator.post<BulkActionAnswer>('/api/admin/bulk', {
      action: 'delete',
      trackingCodes: codes.slice(3, 5),
    });
    expect(deleted.body.results.every((result) => result.ok)).toBe(true);
    expect((await operator.request('DELETE', `/api/admin/packages/${codes[5]}`)).status).toBe(200);
    await expectExactCounts();
    // The last package of a status gone: the status leaves the stats (its counter stays at 0).
    expect(Object.keys((await operator.get<PackageStats>('/api/admin/package-stats')).body.byStatus)).not.toContain(
      'Held at customs',
    );
  });

  it(`a search counts up to ${CAP} and says so; its pages go on while a full page comes back`, async () => {
    await insertPackages(testApp.app.db, CAP + 30, { prefix: 'CAP', name: 'Wide Capsurname', status: 'Shipped' });
    const first = await operator.get(`/api/admin/packages?q=capsurname&pageSize=${PAGE}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe(String(CAP));
    expect(first.headers.get('x-total-count-capped')).toBe(String(CAP));
    expect(first.headers.get('x-next-page')).toBe('2');
    // The page that ends at the cap is full: the next one is offered and holds the last 30.
    const atCap = await operator.get(`/api/admin/packages?q=capsurname&pageSize=${PAGE}&page=${CAP / PAGE}`);
    expect(atCap.headers.get('x-next-page')).toBe(String(CAP / PAGE + 1));
    expect(atCap.headers.get('link')).toBe(
      `</api/admin/packages?page=${CAP / PAGE + 1}&pageSize=${PAGE}&q=capsurname>; rel="next"`,
    );
    // The last page, short, knows the exact total.
    const last = await operator.get<unknown[]>(
      `/api/admin/packages?q=capsurname&pageSize=${PAGE}&page=${CAP / PAGE + 1}`,
    );
    expect(last.body).toHaveLength(30);
    expect(last.headers.get('x-total-count')).toBe(String(CAP + 30));
    expect(last.headers.get('x-total-count-capped')).toBeNull();
    expect(last.headers.get('x-next-page')).toBeNull();
    // Past the end: counted, capped, no next page.
    const past = await operator.get<unknown[]>(
      `/api/admin/packages?q=capsurname&pageSize=${PAGE}&page=${CAP / PAGE + 2}`,
    );
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-total-count-capped')).toBe(String(CAP));
    expect(past.headers.get('x-next-page')).toBeNull();

    // Under the cap the count is exact and says nothing more.
    const one = await operator.get(`/api/admin/packages?q=bulk${CAP + 30}%40example.com`);
    expect(one.headers.get('x-total-count')).toBe('1');
    expect(one.headers.get('x-total-count-capped')).toBeNull();
    const none = await operator.get('/api/admin/packages?q=no%20such%20text');
    expect(none.headers.get('x-total-count')).toBe('0');
    expect(none.headers.get('x-next-page')).toBeNull();
    await insertPackages(testApp.app.db, CAP, { prefix: 'EXA', name: 'Exactly Capped', status: 'Shipped' });
    const exactly = await operator.get(`/api/admin/packages?q=exactly%20capped&pageSize=${PAGE}&page=${CAP / PAGE}`);
    expect(exactly.headers.get('x-total-count')).toBe(String(CAP));
    expect(exactly.headers.get('x-total-count-capped')).toBeNull();
    expect(exactly.headers.get('x-next-page')).toBeNull();
    // The status filter and the whole list are not capped: the counters are exact at any size.
    const shipped = (await statusCounts(testApp.app.db)).actual.Shipped!;
    expect(shipped).toBeGreaterThan(2 * CAP);
    expect(await totalOf('&status=Shipped')).toBe(shipped);
    await expectExactCounts();
  });

  it('stay exact through any sequence of inserts, status changes, deletes and rolled-back transactions', async () => {
    const db = testApp.app.db;
    const statuses = ['Pending', 'Order Placed', 'Shipped', 'Delivered', 'Held'];
    const status = fc.constantFrom(...statuses);
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), count: fc.integer({ min: 1, max: 5 }), status }),
      fc.record({
        kind: fc.constant('update' as const),
        from: status,
        to: status,
        limit: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({ kind: fc.constant('delete' as const), from: status, limit: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('swap' as const), a: status, b: status }),
    );
    type Operation =
      | { kind: 'insert'; count: number; status: string }
      | { kind: 'update'; from: string; to: string; limit: number }
      | { kind: 'delete'; from: string; limit: number }
      | { kind: 'swap'; a: string; b: string };
    let run = 0;
    const apply = async (tx: Database, op: Operation) => {
      if (op.kind === 'insert') {
        await insertPackages(tx, op.count, {
          prefix: `P${run}x${Math.random().toString(36).slice(2, 8)}`,
          name: 'Prop',
          status: op.status,
        });
      } else if (op.kind === 'update') {
        await tx.execute(sql`update packages set status = ${op.to} where id in
          (select id from packages where status = ${op.from} and name = 'Prop' limit ${op.limit})`);
      } else if (op.kind === 'delete') {
        await tx.execute(sql`delete from packages where id in
          (select id from packages where status = ${op.from} and name = 'Prop' limit ${op.limit})`);
      } else {
        // Both ways in one statement: rows leave and enter the same two counters.
        await tx.execute(sql`update packages set status = case when status = ${op.a} then ${op.b} else ${op.a} end
          where name = 'Prop' and status in (${op.a}, ${op.b})`);
      }
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ ops: fc.array(operation, { minLength: 1, maxLength: 4 }), rollback: fc.boolean() }), {
          minLength: 1,
          maxLength: 6,
        }),
        async (transactions) => {
          run += 1;
          for (const { ops, rollback } of transactions) {
            await db
              .transaction(async (tx) => {
                for (const op of ops) await apply(tx, op);
                if (rollback) throw new Error('rolled back');
              })
              .catch((error: Error) => {
                if (error.message !== 'rolled back') throw error;
              });
          }
          const { counters, actual } = await statusCounts(db);
          expect(counters).toEqual(actual);
        },
      ),
      { numRuns: 25 },
    );
    await expectExactCounts();
  });

  it.runIf(kind === 'postgres')(
    'concurrent status changes between the same statuses, either way, neither deadlock nor drift',
    async () => {
      await insertPackages(testApp.app.db, 40, { prefix: 'CON', name: 'Concurrent', status: 'Shipped' });
      await insertPackages(testApp.app.db, 40, { prefix: 'COD', name: 'Concurrent', status: 'Delivered' });
      const codes = (prefix: string) =>
        Array.from({ length: 40 }, (_, i) => `${prefix}${String(i + 1).padStart(8, '0')}`);
      // Two bulk requests at once, each four packages at a time: Shipped → Delivered and Delivered → Shipped.
      const [forward, back] = await Promise.all([
        operator.post<BulkActionAnswer>('/api/admin/bulk', {
          action: 'status',
          status: 'Delivered',
          trackingCodes: codes('CON'),
        }),
        operator.post<BulkActionAnswer>('/api/admin/bulk', {
          action: 'status',
          status: 'Shipped',
          trackingCodes: codes('COD'),
        }),
      ]);
      expect(forward.status).toBe(200);
      expect(back.status).toBe(200);
      expect([...forward.body.results, ...back.body.results].filter((result) => !result.ok)).toEqual([]);
      // Two transactions moving many rows both ways at once, holding their counters a moment.
      const db = testApp.app.db;
      await Promise.all(
        ['Shipped', 'Delivered'].map((from) =>
          db.transaction(async (tx) => {
            await tx.execute(sql`update packages set status = case when status = 'Shipped' then 'Delivered' else 'Shipped' end
              where name = 'Concurrent' and status = ${from}`);
            await tx.execute(sql`select pg_sleep(0.05)`);
          }),
        ),
      );
      await expectExactCounts();
    },
  );
});
