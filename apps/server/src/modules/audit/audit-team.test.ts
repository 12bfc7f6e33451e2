// The audit log of the operators: a sign-in, its failure and a sign-out; an invitation, a role,
// deactivation and reactivation, the links and the passwords, each with its actor and no secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditApp, auditReading, MEMBER, startAuditApp, stopAuditApp } from '../../../test/support/audit-log.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import type { TestSmtpServer } from '../../../test/support/test-smtp-server.ts';

// Both databases: entries are written in the change's transaction.
describe.each(databasesFor('sql'))('audit log on %s', (kind) => {
  let audit: AuditApp;
  let testApp: TestApp;
  let smtp: TestSmtpServer;
  let admin: TestClient;
  beforeAll(async () => {
    audit = await startAuditApp(kind);
    ({ testApp, smtp, admin } = audit);
  });
  afterAll(() => stopAuditApp(audit));
  const { list, newest, total, byAdmin } = auditReading(() => audit);

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
});
