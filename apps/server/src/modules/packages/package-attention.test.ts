// The console's "Needs attention" filter: the rules of the domain as one query, with each package's
// reasons. The clock is controlled by moving the packages' dates, and by a fixed `now` given to the
// service; nothing waits.
import { attentionReasons, DEFAULT_ATTENTION_RULES, type PackageAnswer } from '@waybill/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { packages } from '../../db/schema/index.ts';
import { listPackages } from './package-reads.service.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

interface Placed {
  status: string;
  createdAt: Date;
  updatedAt: Date;
  estimatedDelivery: Date | null;
}

// Both databases: the attention rules are one query.
describe.each(databasesFor('sql'))('GET /api/admin/packages?attention=1 on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  const codes: Record<string, string> = {};

  /** A package submitted over HTTP, then moved in time (and status) directly in the database. */
  async function place(values: Placed): Promise<string> {
    const trackingCode = await submitPackage(testApp);
    await testApp.app.db.update(packages).set(values).where(eq(packages.trackingCode, trackingCode));
    return trackingCode;
  }

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    operator = await testApp.operator();
    const now = Date.now();
    // Each is a few minutes on one side of its threshold, so the test's own run time cannot move it across.
    const at = (hours: number, minutes = 0) => new Date(now - hours * HOUR - minutes * MINUTE);
    const ahead = new Date(now + 48 * HOUR);
    const rows: Record<string, Placed> = {
      pendingLong: { status: 'Pending', createdAt: at(24, 5), updatedAt: at(24, 5), estimatedDelivery: null },
      pendingNew: { status: 'Pending', createdAt: at(23, 55), updatedAt: at(23, 55), estimatedDelivery: null },
      stale: { status: 'Shipped', createdAt: at(60), updatedAt: at(48, 5), estimatedDelivery: ahead },
      fresh: { status: 'Shipped', createdAt: at(60), updatedAt: at(47, 55), estimatedDelivery: ahead },
      late: { status: 'Out for Delivery', createdAt: at(100), updatedAt: at(1), estimatedDelivery: at(2) },
      lateCustom: { status: 'Held at customs', createdAt: at(100), updatedAt: at(1), estimatedDelivery: at(0, 5) },
      staleAndLate: { status: 'Order Placed', createdAt: at(200), updatedAt: at(72), estimatedDelivery: at(4) },
      delivered: { status: 'Delivered', createdAt: at(300), updatedAt: at(300), estimatedDelivery: at(290) },
      rejected: { status: 'Rejected', createdAt: at(300), updatedAt: at(300), estimatedDelivery: null },
    };
    for (const [name, values] of Object.entries(rows)) codes[name] = await place(values);
  });
  afterAll(() => testApp?.close());

  const attention = async (query = '') => {
    const response = await operator.get<PackageAnswer[]>(`/api/admin/packages?attention=1${query}`);
    expect(response.status).toBe(200);
    return response;
  };
  const byName = (items: PackageAnswer[]) =>
    Object.fromEntries(
      items.map((item) => [Object.keys(codes).find((name) => codes[name] === item.trackingCode), item.attention]),
    );

  it('holds the packages past a rule, with why, under the default hours', async () => {
    const response = await attention();
    expect(byName(response.body)).toEqual({
      pendingLong: ['pending'],
      stale: ['stale'],
      late: ['late'],
      lateCustom: ['late'],
      staleAndLate: ['stale', 'late'],
    });
    expect(response.headers.get('x-total-count')).toBe('5');
  });

  it('lists newest created first like the rest of the list, and pages with the filter kept', async () => {
    const first = await attention('&pageSize=2');
    expect(first.body.map((item) => item.trackingCode)).toEqual([codes.pendingLong, codes.stale]);
    expect(first.headers.get('link')).toContain('attention=1');
    const created = (await attention()).body.map((item) => Date.parse(item.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('narrows further with a status and a search, and carries no reasons without the filter', async () => {
    expect(byName((await attention('&status=Pending')).body)).toEqual({ pendingLong: ['pending'] });
    expect(byName((await attention(`&q=${codes.stale}`)).body)).toEqual({ stale: ['stale'] });
    const all = await operator.get<PackageAnswer[]>('/api/admin/packages?attention=0');
    expect(all.body).toHaveLength(9);
    expect(all.body.every((item) => item.attention === undefined)).toBe(true);
  });

  it('follows the hours an admin saves, each rule its own', async () => {
    const saved = await operator.put('/api/admin/attention-settings', {
      pendingHours: 25,
      staleHours: 47,
      lateHours: 3,
    });
    expect(saved.status).toBe(200);
    try {
      // 25 h leaves out the package Pending for 24 h 5 min, 47 h takes in the one unchanged for 47 h 55 min,
      // and 3 h leaves out the two packages 2 h and 5 min past their estimated delivery.
      expect(byName((await attention()).body)).toEqual({
        stale: ['stale'],
        fresh: ['stale'],
        staleAndLate: ['stale', 'late'],
      });
    } finally {
      await operator.put('/api/admin/attention-settings', DEFAULT_ATTENTION_RULES);
    }
  });

  it('refuses another value of attention with 400', async () => {
    const response = await operator.get('/api/admin/packages?attention=yes');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('attention must be 1 or 0');
  });

  it('agrees with attentionReasons of the domain to the millisecond on a fixed clock', async () => {
    const now = new Date('2031-01-15T09:00:00.000Z');
    const edge = (hours: number, ms: number) => new Date(now.getTime() - hours * HOUR - ms);
    const far = new Date(now.getTime() + 100 * HOUR);
    const cases: Placed[] = [];
    for (const ms of [-1, 0, 1]) {
      cases.push({ status: 'Pending', createdAt: edge(24, ms), updatedAt: edge(24, ms), estimatedDelivery: null });
      cases.push({ status: 'Processing', createdAt: edge(100, 0), updatedAt: edge(48, ms), estimatedDelivery: far });
      cases.push({ status: 'Shipped', createdAt: edge(100, 0), updatedAt: edge(1, 0), estimatedDelivery: edge(0, ms) });
    }
    const code = codes.fresh!;
    let flagged = 0;
    for (const values of cases) {
      await testApp.app.db.update(packages).set(values).where(eq(packages.trackingCode, code));
      const page = await listPackages(testApp.app, { page: 1, pageSize: 100, attention: '1', q: code }, now);
      const listed = page.items.find((item) => item.trackingCode === code);
      const expected = attentionReasons(values, DEFAULT_ATTENTION_RULES, now);
      expect(listed?.attention ?? [], JSON.stringify(values)).toEqual(expected);
      if (expected.length > 0) flagged++;
    }
    // Exactly at a threshold nothing counts; a millisecond past it does.
    expect(flagged).toBe(3);
  });
});
