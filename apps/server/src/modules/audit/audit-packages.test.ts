// The audit log of a package's changes: a customer's submission, each change an operator makes (and
// its refusal, which records nothing), a bulk action's one entry per package; and the log read by
// actor, action, target and time, a page at a time.
import type { BulkActionAnswer, PackageAnswer } from '@waybill/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuditApp,
  type AuditCase,
  auditReading,
  MEMBER,
  startAuditApp,
  stopAuditApp,
} from '../../../test/support/audit-log.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { TEST_ADMIN } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';

// Both databases: entries are written in the change's transaction.
describe.each(databasesFor('sql'))('audit log on %s', (kind) => {
  let audit: AuditApp;
  let admin: TestClient;
  let adminId: string;
  beforeAll(async () => {
    audit = await startAuditApp(kind);
    ({ admin, adminId } = audit);
  });
  afterAll(() => stopAuditApp(audit));
  const { list, newest, total, byAdmin, pendingCode, acceptedCode } = auditReading(() => audit);

  it("records a customer's submission with the customer as actor, and none of the customer's details", async () => {
    const code = await pendingCode();
    expect(await newest()).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      actorKind: 'customer',
      actorId: null,
      actorEmail: null,
      action: 'package.submitted',
      targetType: 'package',
      targetId: code,
      targetLabel: code,
      before: null,
      after: { status: 'Pending', quantity: 2, weight: 1.5, images: 0 },
      ip: null,
    });
  });

  // Each change: what it records, then the same route refused, which records nothing.
  const cases: AuditCase[] = [
    {
      name: 'accept',
      async change() {
        const code = await pendingCode();
        const answer = await admin.post<PackageAnswer>('/api/admin/accept', { trackingCode: code });
        return {
          status: answer.status,
          expected: {
            action: 'package.accepted',
            targetId: code,
            before: { status: 'Pending' },
            after: { status: 'Order Placed', estimatedDelivery: answer.body.estimatedDelivery },
          },
        };
      },
      refused: async () => (await admin.post('/api/admin/accept', { trackingCode: await acceptedCode() })).status,
    },
    {
      name: 'reject',
      async change() {
        const code = await pendingCode();
        const answer = await admin.post('/api/admin/reject', { trackingCode: code });
        return {
          status: answer.status,
          expected: {
            action: 'package.rejected',
            targetId: code,
            before: { status: 'Pending' },
            after: { status: 'Rejected' },
          },
        };
      },
      refused: async () => (await admin.post('/api/admin/reject', { trackingCode: 'NOPE22222222' })).status,
    },
    {
      name: 'status',
      async change() {
        const code = await acceptedCode();
        const answer = await admin.post('/api/admin/update-status', { trackingCode: code, status: 'In Transit' });
        return {
          status: answer.status,
          expected: {
            action: 'package.status_changed',
            targetId: code,
            before: { status: 'Order Placed' },
            after: { status: 'In Transit' },
          },
        };
      },
      refused: async () =>
        (await admin.post('/api/admin/update-status', { trackingCode: await pendingCode(), status: '' })).status,
    },
    {
      name: 'location added',
      async change() {
        const code = await acceptedCode();
        const answer = await admin.post<PackageAnswer>('/api/admin/location-update', {
          trackingCode: code,
          location: 'Depot 4',
        });
        return {
          status: answer.status,
          expected: {
            action: 'package.location_added',
            targetId: code,
            before: null,
            after: { location: 'Depot 4', timestamp: answer.body.locationUpdates[0]!.timestamp },
          },
        };
      },
      refused: async () => (await admin.post('/api/admin/location-update', { trackingCode: 'NOPE22222222' })).status,
    },
    {
      name: 'location removed',
      async change() {
        const code = await acceptedCode();
        const added = await admin.post<PackageAnswer>('/api/admin/location-update', {
          trackingCode: code,
          location: 'Hub',
        });
        const timestamp = added.body.locationUpdates[0]!.timestamp;
        const answer = await admin.delete('/api/admin/location-update', { trackingCode: code, timestamp });
        return {
          status: answer.status,
          expected: { action: 'package.location_removed', targetId: code, before: { location: 'Hub', timestamp } },
        };
      },
      refused: async () =>
        (
          await admin.delete('/api/admin/location-update', {
            trackingCode: await acceptedCode(),
            timestamp: '2020-01-01T00:00:00.000Z',
          })
        ).status,
    },
    {
      name: 'package deleted',
      async change() {
        const code = await acceptedCode();
        const answer = await admin.delete(`/api/admin/packages/${code}`);
        return {
          status: answer.status,
          expected: {
            action: 'package.deleted',
            targetId: code,
            before: expect.objectContaining({ status: 'Order Placed', images: 0 }),
          },
        };
      },
      refused: async () => (await admin.delete('/api/admin/packages/NOPE22222222')).status,
    },
  ];

  it.each(cases)(
    '$name: records the admin, the action, the target and what changed; a refusal records nothing',
    async ({ change, refused }) => {
      const { status, expected } = await change();
      expect(status).toBeLessThan(300);
      const entry = await newest();
      expect(entry).toMatchObject({ ...byAdmin(), targetType: expected.targetType ?? 'package', ...expected });
      expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);

      const count = await total();
      const last = (await newest()).id;
      const refusal = await refused();
      expect(refusal).toBeGreaterThanOrEqual(400);
      // Setting up the refusal may itself record (a submission, an acceptance): only those, nothing of the refusal.
      const since = (await list({ pageSize: 100 })).items;
      const added = since.slice(
        0,
        since.findIndex((item) => item.id === last),
      );
      expect(added.length).toBe((await total()) - count);
      for (const item of added)
        expect(['package.submitted', 'package.accepted', 'package.location_added']).toContain(item.action);
    },
  );

  it('bulk: one entry per package changed, each with its own before and after', async () => {
    const codes = [await pendingCode(), await pendingCode()];
    const already = await acceptedCode();
    const count = await total();
    const answer = await admin.post<BulkActionAnswer>('/api/admin/bulk', {
      action: 'accept',
      trackingCodes: [codes[0], already, 'NOPE22222222', codes[1], codes[0]],
    });
    expect(answer.body.results.map((result) => result.ok)).toEqual([true, false, false, true, false]);
    expect(await total()).toBe(count + 2);
    for (const code of codes) {
      const { items } = await list({ target: code, action: 'package.accepted' });
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        ...byAdmin(),
        before: { status: 'Pending' },
        after: { status: 'Order Placed' },
      });
    }
  });

  it('filters by actor, action, target and time, newest first, a page at a time', async () => {
    const code = await acceptedCode();
    expect((await admin.post('/api/admin/update-status', { trackingCode: code, status: 'Shipped' })).status).toBe(200);
    const history = await list({ target: code.toLowerCase() });
    expect(history.items.map((item) => item.action)).toEqual([
      'package.status_changed',
      'package.accepted',
      'package.submitted',
    ]);
    const times = history.items.map((item) => Date.parse(item.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const byId = await list({ actor: adminId, action: 'package.accepted' });
    const byEmail = await list({ actor: TEST_ADMIN.email.toUpperCase(), action: 'package.accepted' });
    expect(byId.total).toBeGreaterThan(1);
    expect(byEmail.items).toEqual(byId.items);
    expect(byId.items.every((item) => item.actorId === adminId && item.action === 'package.accepted')).toBe(true);
    expect((await list({ actor: MEMBER.email, action: 'package.accepted' })).total).toBe(0);

    const accepted = history.items[1]!;
    const exactly = await list({ target: code, from: accepted.at, to: accepted.at });
    expect(exactly.items.map((item) => item.id)).toEqual([accepted.id]);
    expect((await list({ from: '2999-01-01T00:00:00Z' })).total).toBe(0);

    const first = await list({ pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.headers.get('x-next-page')).toBe('2');
    expect(first.headers.get('link')).toBe('</api/admin/audit?page=2&pageSize=2>; rel="next"');
    const second = await list({ pageSize: 2, page: 2 });
    expect(second.items[0]!.id).not.toBe(first.items[1]!.id);
    const filtered = await list({ target: code, pageSize: 1 });
    expect(filtered.headers.get('link')).toBe(`</api/admin/audit?page=2&pageSize=1&target=${code}>; rel="next"`);

    for (const query of ['from=yesterday', 'to=0001-01-01T00:00:00Z', 'page=0', `actor=${'a'.repeat(300)}`]) {
      const refused = await admin.get(`/api/admin/audit?${query}`);
      expect(refused.status, query).toBe(400);
      expect(typeof refused.body.message).toBe('string');
    }
  });
});
