// The audit log of the console's other changes: plans, contact details, the notification setting,
// an e-mail sent and the inbox, each with its refusal, which records nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuditApp,
  type AuditCase,
  auditReading,
  emailPayload,
  PLAN,
  startAuditApp,
  stopAuditApp,
} from '../../../test/support/audit-log.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { supportRequestBody } from '../../../test/support/inbox-test-data.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';

// Both databases: entries are written in the change's transaction.
describe.each(databasesFor('sql'))('audit log on %s', (kind) => {
  let audit: AuditApp;
  let testApp: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    audit = await startAuditApp(kind);
    ({ testApp, admin } = audit);
  });
  afterAll(() => stopAuditApp(audit));
  const { list, newest, total, byAdmin } = auditReading(() => audit);

  // Each change: what it records, then the same route refused, which records nothing.
  const cases: AuditCase[] = [
    {
      name: 'plan created, then updated',
      async change() {
        const created = await admin.post('/api/create-plan', PLAN);
        expect(await newest()).toMatchObject({ ...byAdmin(), action: 'plan.created', targetId: created.body._id });
        const answer = await admin.put(`/api/edit-plan/${created.body._id}`, { ...PLAN, price2: 5 });
        return {
          status: answer.status,
          expected: {
            action: 'plan.updated',
            targetType: 'plan',
            targetId: created.body._id,
            before: { price2: 2 },
            after: { price2: 5 },
          },
        };
      },
      refused: async () => (await admin.post('/api/create-plan', PLAN)).status,
    },
    {
      name: 'contact details created, then updated',
      async change() {
        const created = await admin.post('/api/details', { phone: '+1 555 0100', address: ['1 Dock Road'] });
        expect(await newest()).toMatchObject({ ...byAdmin(), action: 'details.created', targetId: created.body._id });
        const answer = await admin.put(`/api/details/${created.body._id}`, {
          phone: '+1 555 0199',
          address: ['1 Dock Road'],
        });
        return {
          status: answer.status,
          expected: {
            action: 'details.updated',
            targetType: 'details',
            before: { phone: '+1 555 0100' },
            after: { phone: '+1 555 0199' },
          },
        };
      },
      refused: async () =>
        (await admin.put('/api/details/00000000-0000-4000-8000-000000000000', { phone: '1' })).status,
    },
    {
      name: 'notification setting',
      async change() {
        // On by default; turned off here.
        const answer = await admin.put('/api/admin/notification-settings', { notifyCustomers: false });
        return {
          status: answer.status,
          expected: {
            action: 'settings.notifications_changed',
            targetType: 'settings',
            targetId: 'notifications',
            before: { notifyCustomers: true },
            after: { notifyCustomers: false },
          },
        };
      },
      refused: async () => (await admin.put('/api/admin/notification-settings', { notifyCustomers: 'maybe' })).status,
    },
    {
      name: 'e-mail sent',
      async change() {
        const answer = await admin.post('/api/send-email', emailPayload('grace@example.org'));
        return {
          status: answer.status,
          expected: {
            action: 'email.sent',
            targetType: 'email',
            targetId: answer.body.id,
            after: { subject: 'Hello', template: 'simple' },
          },
        };
      },
      // The mail server refuses the recipient: a 502, and no entry.
      refused: async () => (await admin.post('/api/send-email', emailPayload('nobody@example.org'))).status,
    },
    {
      name: 'inbox item marked handled',
      async change() {
        const received = await testApp.client().post('/api/support-requests', supportRequestBody());
        expect(received.status).toBe(201);
        // Its arrival, by the customer: which item, of which kind, and nothing the customer wrote.
        expect(await newest()).toMatchObject({
          actorKind: 'customer',
          action: 'inbox.received',
          targetType: 'inbox',
          targetId: received.body.id,
          after: { kind: 'support' },
          ip: null,
        });
        const id = received.body.id as string;
        const answer = await admin.request('PATCH', `/api/admin/inbox/${id}`, { json: { state: 'handled' } });
        return {
          status: answer.status,
          expected: {
            action: 'inbox.state_changed',
            targetType: 'inbox',
            targetId: id,
            before: { state: 'new' },
            after: { state: 'handled' },
          },
        };
      },
      refused: async () =>
        (
          await admin.request('PATCH', '/api/admin/inbox/00000000-0000-4000-8000-000000000000', {
            json: { state: 'new' },
          })
        ).status,
    },
    {
      name: 'inbox item marked new again',
      async change() {
        const received = await testApp.client().post('/api/support-requests', supportRequestBody());
        const id = received.body.id as string;
        await admin.request('PATCH', `/api/admin/inbox/${id}`, { json: { state: 'handled' } });
        const answer = await admin.request('PATCH', `/api/admin/inbox/${id}`, { json: { state: 'new' } });
        return {
          status: answer.status,
          expected: {
            action: 'inbox.state_changed',
            targetType: 'inbox',
            targetId: id,
            before: { state: 'handled' },
            after: { state: 'new' },
          },
        };
      },
      refused: async () =>
        (await admin.request('PATCH', '/api/admin/inbox/not-an-id', { json: { state: 'new' } })).status,
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
});
