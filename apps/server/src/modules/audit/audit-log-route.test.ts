// Reading the audit log: each target named in words, changes and sign-ins shown apart, an entry the
// database refuses to change, no personal data kept after a package is deleted, a package's history
// for every operator and the whole log for admins only.
import type { AuditEntry, PackageAnswer } from '@waybill/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuditApp,
  auditReading,
  emailPayload,
  MEMBER,
  PLAN,
  startAuditApp,
  stopAuditApp,
} from '../../../test/support/audit-log.ts';
import { packageFields, submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { supportRequestBody } from '../../../test/support/inbox-test-data.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';

// Both databases: entries are written in the change's transaction, and a trigger refuses to change one.
describe.each(databasesFor('sql'))('audit log on %s', (kind) => {
  let audit: AuditApp;
  let testApp: TestApp;
  let admin: TestClient;
  let member: TestClient;
  beforeAll(async () => {
    audit = await startAuditApp(kind);
    ({ testApp, admin, member } = audit);
  });
  afterAll(() => stopAuditApp(audit));
  const { list, total, byAdmin, pendingCode, acceptedCode } = auditReading(() => audit);

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
    const trackingCode = await submitPackage(testApp, packageFields({ name: 'Ama Private' }));

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

  it("keeps identifiers, not personal data: nothing of a deleted package's people stays in the log", async () => {
    const fields = packageFields({ description: 'A violin for Margaret Hamilton' });
    const code = await submitPackage(testApp, fields);
    expect((await admin.post('/api/admin/accept', { trackingCode: code })).status).toBe(200);
    const located = await admin.post('/api/admin/location-update', { trackingCode: code, location: 'Depot 4' });
    expect(located.status).toBeLessThan(300);
    const mailed = await admin.post('/api/send-email', { ...emailPayload(fields.email), trackingCode: code });
    expect(mailed.status, mailed.text).toBeLessThan(300);
    const pkg = (await admin.get<PackageAnswer>(`/api/admin/packages/${code}`)).body;
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
      before: { id: pkg._id, status: 'Order Placed', quantity: 2, weight: 1.5, images: 0, deliveryProof: false },
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
