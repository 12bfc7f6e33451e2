// The audit log: every change records who made it, in the change's own transaction; a refused change
// records nothing (a refused sign-in aside, which is the event); the database refuses to change an
// entry; the admins read the whole log, every operator a package's history.
import type { AuditEntry, BulkActionAnswer, ShipmentView } from '@waybill/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentFields, submitShipment } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { supportRequestBody } from '../../../test/support/inbox-test-data.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.ts';
import { insertOperator } from '../auth/auth.repository.ts';
import { hashPassword } from '../auth/password.ts';

const MEMBER = { email: 'member@waybill.test', password: 'plum tugboat velvet 93' };
const PLAN = { name1: 'Basic', name2: 'Express', name3: 'Rush', price1: 1, price2: 2, price3: 3 };

// Both databases: entries are written in the change's transaction, and a trigger refuses to change one.
describe.each(databasesFor('sql'))('audit log on %s', (kind) => {
  let testApp: TestApp;
  let smtp: TestSmtpServer;
  let admin: TestClient;
  let member: TestClient;
  let adminId: string;

  beforeAll(async () => {
    smtp = await startTestSmtpServer({ rejectRecipients: ['nobody@example.org'] });
    testApp = await startTestApp(kind, {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://waybill.test',
      MAIL_FROM: 'Waybill <no-reply@waybill.test>',
    });
    await testApp.app.mailOutbox.stop();
    admin = await testApp.operator();
    await insertOperator(testApp.app.db, {
      email: MEMBER.email,
      passwordHash: await hashPassword(MEMBER.password),
      role: 'operator',
    });
    member = testApp.client();
    expect((await member.post('/api/auth/login', MEMBER)).status).toBe(200);
    const signIns = await list({ action: 'auth.sign_in_succeeded', actor: TEST_ADMIN.email });
    adminId = signIns.items[0]!.actorId!;
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
  });

  async function list(query: Record<string, string | number> = {}) {
    const search = new URLSearchParams(
      Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
    );
    const answer = await admin.get<AuditEntry[]>(`/api/admin/audit?${search}`);
    expect(answer.status, answer.text).toBe(200);
    return { items: answer.body, total: Number(answer.headers.get('x-total-count')), headers: answer.headers };
  }
  const newest = async () => (await list({ pageSize: 1 })).items[0]!;
  const total = async () => (await list({ pageSize: 1 })).total;

  const byAdmin = () => ({ actorKind: 'operator', actorId: adminId, actorEmail: TEST_ADMIN.email, ip: '127.0.0.1' });

  async function pendingCode() {
    return submitShipment(testApp);
  }
  async function acceptedCode() {
    const code = await pendingCode();
    expect((await admin.post('/api/admin/accept', { trackingCode: code })).status).toBe(200);
    return code;
  }

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
  const cases: {
    name: string;
    change: () => Promise<{ status: number; expected: Partial<AuditEntry> }>;
    refused: () => Promise<number>;
  }[] = [
    {
      name: 'accept',
      async change() {
        const code = await pendingCode();
        const answer = await admin.post<ShipmentView>('/api/admin/accept', { trackingCode: code });
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
        const answer = await admin.post<ShipmentView>('/api/admin/location-update', {
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
        const added = await admin.post<ShipmentView>('/api/admin/location-update', {
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

  it('sign-in: a success, a failure (known and unknown e-mail) and a sign-out', async () => {
    const client = testApp.client();
    expect((await client.post('/api/auth/login', { email: MEMBER.email, password: 'wrong password' })).status).toBe(
      401,
    );
    const memberEntry = await newest();
    expect(memberEntry).toMatchObject({
      actorKind: 'operator',
      actorEmail: MEMBER.email,
      action: 'auth.sign_in_failed',
      targetType: 'operator',
      before: null,
      after: null,
    });
    expect(memberEntry.actorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      (await client.post('/api/auth/login', { email: 'Nobody@Waybill.test', password: 'anything at all' })).status,
    ).toBe(401);
    expect(await newest()).toMatchObject({
      actorId: null,
      actorEmail: 'nobody@waybill.test',
      action: 'auth.sign_in_failed',
      targetId: null,
    });
    expect((await client.post('/api/auth/login', MEMBER)).status).toBe(200);
    expect(await newest()).toMatchObject({
      actorId: memberEntry.actorId,
      actorEmail: MEMBER.email,
      action: 'auth.sign_in_succeeded',
      targetId: memberEntry.actorId,
    });
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect(await newest()).toMatchObject({ actorId: memberEntry.actorId, action: 'auth.signed_out' });
    // Signing out again, without a session, changes nothing and records nothing.
    const count = await total();
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect(await total()).toBe(count);
  });

  it('team: invitation, role, deactivation, reactivation, links and passwords, each with its actor', async () => {
    const strong = 'quartz lantern meadow 47';
    const invited = await admin.post('/api/admin/operators', {
      email: 'ivy@waybill.test',
      name: 'Ivy',
      role: 'operator',
    });
    expect(invited.status).toBe(201);
    const id = invited.body.id as string;
    const target = { targetType: 'operator', targetId: id };
    expect(await newest()).toMatchObject({
      ...byAdmin(),
      ...target,
      action: 'operator.invited',
      after: { email: 'ivy@waybill.test', name: 'Ivy', role: 'operator' },
    });
    const count = await total();
    expect(
      (await admin.post('/api/admin/operators', { email: 'ivy@waybill.test', name: 'I', role: 'admin' })).status,
    ).toBe(409);
    expect(await total()).toBe(count);

    const before = smtp.received.length;
    await testApp.app.mailOutbox.runOnce();
    const text = smtp.received.slice(before).find((mail) => mail.envelopeTo.includes('ivy@waybill.test'))?.parsed.text;
    const token = /accept-invite#token=([\w-]{43})/.exec(text ?? '')?.[1];
    expect(token).toBeDefined();
    const refusedAccept = await testApp.client().post('/api/auth/accept-invite', { token, password: 'short' });
    expect(refusedAccept.status).toBe(400);
    expect(await total()).toBe(count);
    expect(
      (await testApp.client().post('/api/auth/accept-invite', { token, name: 'Ivy B.', password: strong })).status,
    ).toBe(200);
    expect(await newest()).toMatchObject({
      actorKind: 'operator',
      actorId: id,
      actorEmail: 'ivy@waybill.test',
      ...target,
      action: 'operator.invitation_accepted',
      before: { name: 'Ivy' },
      after: { name: 'Ivy B.', link: 'invite' },
    });

    const patch = (json: unknown) => admin.request('PATCH', `/api/admin/operators/${id}`, { json });
    expect((await patch({ role: 'admin' })).status).toBe(200);
    expect(await newest()).toMatchObject({
      ...byAdmin(),
      ...target,
      action: 'operator.role_changed',
      before: { role: 'operator' },
      after: { role: 'admin' },
    });
    expect((await patch({ active: false })).status).toBe(200);
    expect(await newest()).toMatchObject({
      ...byAdmin(),
      ...target,
      action: 'operator.deactivated',
      after: { active: false },
    });
    const afterDeactivation = await total();
    expect((await admin.post(`/api/admin/operators/${id}/reset-password`)).status).toBe(409);
    expect((await patch({ active: false })).status).toBe(200);
    expect(await total()).toBe(afterDeactivation);
    expect((await patch({ active: true })).status).toBe(200);
    expect(await newest()).toMatchObject({
      ...byAdmin(),
      ...target,
      action: 'operator.reactivated',
      after: { active: true },
    });
    expect((await admin.post(`/api/admin/operators/${id}/reset-password`)).status).toBe(200);
    expect(await newest()).toMatchObject({
      ...byAdmin(),
      ...target,
      action: 'operator.password_reset_sent',
      after: { link: 'reset' },
    });

    const ivy = testApp.client();
    expect((await ivy.post('/api/auth/login', { email: 'ivy@waybill.test', password: strong })).status).toBe(200);
    const wrong = await ivy.post('/api/auth/change-password', { currentPassword: 'not it', newPassword: 'x' });
    expect(wrong.status).toBe(400);
    const beforeChange = await total();
    expect(
      (await ivy.post('/api/auth/change-password', { currentPassword: strong, newPassword: 'harbor violet comet 58' }))
        .status,
    ).toBe(200);
    expect(await total()).toBe(beforeChange + 1);
    const changed = await newest();
    expect(changed).toMatchObject({
      actorId: id,
      ...target,
      action: 'operator.password_changed',
      before: null,
      after: null,
    });
    // No entry carries a password, a hash or a token.
    const everything = JSON.stringify((await list({ target: id, pageSize: 100 })).items);
    for (const secret of [strong, 'harbor violet comet 58', token!, 'scrypt$']) {
      expect(everything).not.toContain(secret);
    }
  });

  it('names each target in words, never by a bare record id, and no customer by name', async () => {
    // Each made here when not already there (the order of the tests above does not matter).
    await admin.post('/api/create-plan', PLAN);
    await admin.post('/api/details', { phone: '+1 555 0100', address: ['1 Dock Road'] });
    expect((await testApp.client().post('/api/support-requests', supportRequestBody())).status).toBe(201);
    const invited = await admin.post('/api/admin/operators', {
      email: `named.${Date.now()}@waybill.test`,
      name: 'Nadia Named',
      role: 'operator',
    });
    expect(invited.status).toBe(201);
    await admin.put('/api/admin/notification-settings', { notifyCustomers: true });
    const trackingCode = await submitShipment(testApp, shipmentFields({ name: 'Ama Private' }));

    const labelOf = async (query: Record<string, string>) =>
      (await list({ ...query, pageSize: 1 })).items[0]?.targetLabel;
    expect(await labelOf({ action: 'plan.created' })).toBe('Basic · Express · Rush');
    expect(await labelOf({ action: 'details.created' })).toBe('Contact details');
    expect(await labelOf({ action: 'inbox.received' })).toBe('Support request');
    expect(await labelOf({ action: 'operator.invited' })).toBe('Nadia Named');
    // An operator without a name is named by their e-mail.
    expect(await labelOf({ action: 'auth.sign_in_succeeded', actor: MEMBER.email })).toBe(MEMBER.email);
    expect(await labelOf({ action: 'settings.notifications_changed' })).toBe('Customer notifications');
    expect(await labelOf({ target: trackingCode })).toBe(trackingCode);

    const { items } = await list({ pageSize: 100 });
    for (const entry of items) {
      if (entry.targetId) expect(entry.targetLabel, entry.action).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(entry.targetLabel ?? '', entry.action).not.toContain('Ama Private');
    }
  });

  it('shows changes, sign-ins or all', async () => {
    const all = await list({ pageSize: 100 });
    const changes = await list({ pageSize: 100, show: 'changes' });
    const signIns = await list({ pageSize: 100, show: 'sign-ins' });
    const signInActions = ['auth.sign_in_succeeded', 'auth.sign_in_failed'];
    expect(signIns.total).toBeGreaterThan(0);
    expect(signIns.items.every((entry) => signInActions.includes(entry.action))).toBe(true);
    expect(changes.items.some((entry) => signInActions.includes(entry.action))).toBe(false);
    expect(changes.total + signIns.total).toBe(all.total);
    expect((await list({ show: 'all', pageSize: 1 })).total).toBe(all.total);
    const refused = await admin.get('/api/admin/audit?show=logins');
    expect([refused.status, refused.body.errors]).toEqual([400, { show: 'show must be changes, sign-ins or all' }]);
  });

  it('the database refuses to change, remove or truncate an entry', async () => {
    const db = testApp.app.db;
    const count = await total();
    expect(count).toBeGreaterThan(0);
    for (const statement of [
      sql`update audit_log set action = 'package.nothing'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      await expect(db.execute(statement)).rejects.toThrow();
    }
    expect(await total()).toBe(count);
    expect((await list({ action: 'package.nothing' })).total).toBe(0);
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

  it("keeps identifiers, not personal data: nothing of a deleted package's people stays in the log", async () => {
    const fields = shipmentFields({ description: 'A violin for Margaret Hamilton' });
    const code = await submitShipment(testApp, fields);
    expect((await admin.post('/api/admin/accept', { trackingCode: code })).status).toBe(200);
    const located = await admin.post('/api/admin/location-update', { trackingCode: code, location: 'Depot 4' });
    expect(located.status).toBeLessThan(300);
    const mailed = await admin.post('/api/send-email', { ...emailPayload(fields.email), trackingCode: code });
    expect(mailed.status, mailed.text).toBeLessThan(300);
    const shipment = (await admin.get<ShipmentView>(`/api/admin/packages/${code}`)).body;
    expect((await admin.delete(`/api/admin/packages/${code}`)).status).toBe(200);

    const history = await member.get<AuditEntry[]>(`/api/admin/packages/${code}/history`);
    expect(history.body.map((item) => item.action)).toEqual([
      'package.deleted',
      'package.location_added',
      'package.accepted',
      'package.submitted',
    ]);
    expect(history.body[0]).toMatchObject({
      ...byAdmin(),
      targetId: code,
      before: { id: shipment._id, status: 'Order Placed', quantity: 2, weight: 1.5, images: 0, deliveryProof: false },
    });
    const customerEntries = history.body.filter((item) => item.actorKind === 'customer');
    expect(customerEntries.map((item) => item.ip)).toEqual([null]);
    const everything = JSON.stringify((await list({ pageSize: 100 })).items);
    const personal = [
      fields.name,
      fields.email,
      fields.phone,
      fields.pickupLocation,
      fields.rname,
      fields.remail,
      fields.rphone,
      fields.destination,
      'Margaret Hamilton',
    ];
    for (const value of personal) expect(everything, value).not.toContain(value);
  });

  it("keeps a deleted package's history; a package's history for every operator, the log for admins only", async () => {
    const code = await acceptedCode();
    expect((await admin.delete(`/api/admin/packages/${code}`)).status).toBe(200);
    const { items } = await list({ target: code });
    expect(items.map((item) => item.action)).toEqual(['package.deleted', 'package.accepted', 'package.submitted']);

    const history = await member.get<AuditEntry[]>(`/api/admin/packages/${code.toLowerCase()}/history`);
    expect(history.status).toBe(200);
    expect(history.body).toEqual(items);
    const live = await pendingCode();
    const liveHistory = await member.get<AuditEntry[]>(`/api/admin/packages/${live}/history`);
    expect(liveHistory.body.map((item) => item.action)).toEqual(['package.submitted']);

    const unknown = await member.get('/api/admin/packages/NOPE22222222/history');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/Package not found/);

    const refused = await member.get('/api/admin/audit');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Only an admin can do that' });
    expect((await testApp.client().get('/api/admin/audit')).status).toBe(401);
    expect((await testApp.client().get(`/api/admin/packages/${live}/history`)).status).toBe(401);
  });
});

function emailPayload(to: string) {
  return {
    to,
    subject: 'Hello',
    templateType: 'simple',
    customMessage: 'A note about your package.',
    includeImages: false,
    imageCount: 1,
  };
}
