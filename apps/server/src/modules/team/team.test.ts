// The team: an admin invites operators by e-mail (a real SMTP server receives the link), changes their
// role, deactivates them (their sessions end at once) and sends reset links; the last admin is kept;
// links work once and expire; passwords must be long and hard to guess (the slow-down of failed
// sign-ins is in auth/sign-in-throttle.test.ts).
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { findOutboxMessages } from '../../../test/support/outbox-messages.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.ts';
import { operators, operatorTokens } from '../../db/schema/index.ts';
import { resetOperatorPassword } from '../auth/auth.service.ts';
import { passwordSiteOf } from '../auth/password-strength.ts';

const PUBLIC_URL = 'https://parcels.example.test';
const ADMIN_PATH = '/desk-7f3a';
const STRONG = 'Lantern-Quietly-Orbit-47';
const ADMIN_ONLY = { message: 'Only an admin can do that' };
const LINK_INVALID = { message: 'This link has expired or was already used. Ask an admin for a new one.' };

// Both databases: the last admin is kept against two requests at once; sessions end in the database.
describe.each(databasesFor('sql'))('team of operators on %s', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let admin: TestClient;
  let adminId: string;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await startTestApp(kind, { PUBLIC_URL, ADMIN_PATH, SMTP_URL: smtp.url });
    // The tests send the queued mail themselves, so no timer sends behind their back.
    await testApp.app.mailOutbox.stop();
    admin = await testApp.operator();
    const [row] = await testApp.app.db.select().from(operators).where(eq(operators.email, TEST_ADMIN.email));
    adminId = row!.id;
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
  });

  /** Sends what is queued and returns the one-time link e-mailed to `to` in that pass. */
  async function linkSentTo(to: string): Promise<{ token: string; text: string; html: string; subject: string }> {
    const before = smtp.received.length;
    await testApp.app.mailOutbox.runOnce();
    const mail = smtp.received.slice(before).find((received) => received.envelopeTo.includes(to));
    if (!mail) throw new Error(`no e-mail to ${to}`);
    const text = mail.parsed.text ?? '';
    const token = new RegExp(`${PUBLIC_URL}${ADMIN_PATH}/accept-invite#token=([\\w-]{43})`).exec(text)?.[1];
    if (!token) throw new Error(`no link in ${text}`);
    return { token, text, html: String(mail.parsed.html), subject: mail.parsed.subject ?? '' };
  }

  async function signIn(email: string, password: string): Promise<TestClient> {
    const client = testApp.client();
    const answer = await client.post('/api/auth/login', { email, password });
    if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`);
    return client;
  }

  /** Invites someone, accepts the e-mailed link with a strong password, and signs them in. */
  async function member(email: string, role: 'admin' | 'operator') {
    const invited = await admin.post('/api/admin/operators', { email, name: `Member ${role}`, role });
    expect(invited.status).toBe(201);
    const { token } = await linkSentTo(email);
    expect((await testApp.client().post('/api/auth/accept-invite', { token, password: STRONG })).status).toBe(200);
    return { id: invited.body.id as string, client: await signIn(email, STRONG) };
  }

  const patch = (client: TestClient, id: string, json: unknown) =>
    client.request('PATCH', `/api/admin/operators/${id}`, { json });

  it('invites an operator by e-mail; they set a password, sign in and work on packages', async () => {
    const invited = await admin.post('/api/admin/operators', {
      email: ' Nia@Waybill.test ',
      name: 'Nia Okafor',
      role: 'operator',
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email: 'nia@waybill.test',
      name: 'Nia Okafor',
      role: 'operator',
      state: 'invited',
      invitationPending: true,
      active: true,
      lastSignInAt: null,
    });
    const again = await admin.post('/api/admin/operators', { email: 'nia@waybill.test', name: 'Nia', role: 'admin' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'An operator with this e-mail already exists' });

    const mail = await linkSentTo('nia@waybill.test');
    expect(mail.subject).toMatch(/invited/);
    expect(mail.text).toContain('Hello Nia Okafor,');
    expect(mail.text).toContain('72 hours');
    expect(mail.html).toContain(`href="${PUBLIC_URL}${ADMIN_PATH}/accept-invite#token=${mail.token}"`);
    // Only the token's hash is stored, and the sent message no longer holds the link.
    const tokens = await testApp.app.db.select().from(operatorTokens);
    expect(JSON.stringify(tokens)).not.toContain(mail.token);
    expect(JSON.stringify(await findOutboxMessages(testApp.app.db))).not.toContain(mail.token);

    // Not before the password is set: the same answer as a wrong password.
    const early = await testApp.client().post('/api/auth/login', { email: 'nia@waybill.test', password: STRONG });
    expect(early.body).toEqual({ message: 'Invalid email or password' });

    const short = await testApp.client().post('/api/auth/accept-invite', { token: mail.token, password: 'Short-1' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('The password must be at least 12 characters.');
    const year = new Date().getFullYear();
    // The site's name, a season and the year, the person's name and the year: each refused.
    for (const weak of [
      'password1234',
      'qwertyuiopasdf',
      'nia@waybill.test',
      'Waybill Waybill',
      `Summer${year}!!!`,
      `NiaOkafor${year}`,
    ]) {
      const refused = await testApp.client().post('/api/auth/accept-invite', { token: mail.token, password: weak });
      expect(refused.status, weak).toBe(400);
      expect(refused.body.message, weak).toMatch(/^This password is too easy to guess\. \S/);
    }
    // A refused password leaves the link usable.
    const accepted = await testApp
      .client()
      .post('/api/auth/accept-invite', { token: mail.token, name: 'Nia O.', password: STRONG });
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toMatch(/Sign in/);
    expect(
      (await testApp.client().post('/api/auth/accept-invite', { token: mail.token, password: STRONG })).body,
    ).toEqual(LINK_INVALID);

    const nia = await signIn('nia@waybill.test', STRONG);
    expect((await nia.get('/api/auth/me')).body).toEqual({
      email: 'nia@waybill.test',
      name: 'Nia O.',
      role: 'operator',
    });
    const trackingCode = await submitPackage(testApp);
    expect((await nia.post('/api/admin/accept', { trackingCode })).status).toBe(200);
    expect((await nia.get('/api/admin/notification-settings')).status).toBe(200);
    expect((await nia.get('/api/admin/operators')).body).toEqual(ADMIN_ONLY);

    const team = (await admin.get('/api/admin/operators')).body as {
      email: string;
      state: string;
      lastSignInAt: string;
    }[];
    const row = team.find((entry) => entry.email === 'nia@waybill.test')!;
    expect(row.state).toBe('active');
    expect(Date.parse(row.lastSignInAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(team.find((entry) => entry.email === TEST_ADMIN.email)).toMatchObject({ role: 'admin', state: 'active' });
  });

  it('refuses an operator every admin route with 403 and the message, and changes nothing', async () => {
    const { id, client } = await member('ravi@waybill.test', 'operator');
    const adminRoutes = testApp.routes
      .filter((route) => route.config?.access === 'admin')
      .flatMap((route) => [route.method].flat().map((method) => ({ method, url: route.url })))
      .filter((route) => route.method !== 'HEAD');
    const names = adminRoutes.map((route) => `${route.method} ${route.url}`);
    for (const expected of [
      'GET /api/admin/operators',
      'POST /api/admin/operators',
      'PATCH /api/admin/operators/:id',
      'POST /api/admin/operators/:id/reset-password',
      'POST /api/create-plan',
      'PUT /api/edit-plan/:id',
      'POST /api/details',
      'PUT /api/details/:id',
      'PUT /api/admin/notification-settings',
    ]) {
      expect(names).toContain(expected);
    }
    const before = await testApp.app.db.select().from(operators);
    const failures: string[] = [];
    for (const route of adminRoutes) {
      const path = route.url.replace(/:[A-Za-z]+/g, route.url.includes('operators') ? adminId : id);
      const json = route.method === 'GET' ? undefined : { role: 'admin', active: false, email: 'x@y.zz', name: 'X' };
      const answer = await client.request(route.method, path, { json });
      if (answer.status !== 403 || answer.body.message !== ADMIN_ONLY.message) {
        failures.push(`${route.method} ${route.url} → ${answer.status} ${answer.text.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await testApp.app.db.select().from(operators)).toEqual(before);
    // Made an admin, the same session may do it at its next request.
    expect((await patch(admin, id, { role: 'admin' })).body.role).toBe('admin');
    expect((await client.get('/api/admin/operators')).status).toBe(200);
    expect((await patch(admin, id, { role: 'operator' })).body.role).toBe('operator');
    expect((await client.get('/api/admin/operators')).status).toBe(403);
  });

  it('ends a deactivated operator’s session at once; they cannot sign in until reactivated', async () => {
    const { id, client } = await member('deact@waybill.test', 'operator');
    expect((await client.get('/api/admin/packages?page=1&pageSize=1')).status).toBe(200);
    const off = await patch(admin, id, { active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, state: 'deactivated' });
    const next = await client.get('/api/admin/packages?page=1&pageSize=1');
    expect(next.status).toBe(401);
    const again = await testApp.client().post('/api/auth/login', { email: 'deact@waybill.test', password: STRONG });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: 'Invalid email or password' });
    // No link for a deactivated operator.
    expect((await admin.post(`/api/admin/operators/${id}/reset-password`)).status).toBe(409);

    expect((await patch(admin, id, { active: true })).body.state).toBe('active');
    await signIn('deact@waybill.test', STRONG);
    expect((await patch(admin, '00000000-0000-4000-8000-000000000000', { active: false })).status).toBe(404);
    expect((await patch(admin, 'not-an-id', { active: false })).status).toBe(404);
    const nothing = await patch(admin, id, {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('Nothing to change');
  });

  it('keeps the last active admin: no deactivation or demotion, even by two requests at once', async () => {
    for (const change of [{ active: false }, { role: 'operator' }]) {
      const refused = await patch(admin, adminId, change);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/^The last active admin cannot be deactivated or made an operator/);
    }
    const second = await member('second-admin@waybill.test', 'admin');
    for (const [first, other] of [
      [{ role: 'operator' }, { active: false }],
      [{ active: false }, { active: false }],
    ] as const) {
      const answers = await Promise.all([patch(admin, adminId, first), patch(second.client, second.id, other)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const admins = (await testApp.app.db.select().from(operators)).filter(
        (row) => row.role === 'admin' && row.active,
      );
      expect(admins).toHaveLength(1);
      // Both admins again, signed in afresh (a deactivation ended one's sessions).
      await testApp.app.db
        .update(operators)
        .set({ role: 'admin', active: true })
        .where(inArray(operators.id, [adminId, second.id]));
      admin = await testApp.operator();
      second.client = await signIn('second-admin@waybill.test', STRONG);
    }
    await testApp.app.db.update(operators).set({ role: 'operator' }).where(eq(operators.id, second.id));
  });

  it('counts only admins who can sign in: an invited admin who never set a password is not another admin', async () => {
    const invited = await admin.post('/api/admin/operators', {
      email: 'unaccepted-admin@waybill.test',
      name: 'Not Yet',
      role: 'admin',
    });
    expect(invited.status).toBe(201);
    for (const change of [{ active: false }, { role: 'operator' }]) {
      const refused = await patch(admin, adminId, change);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/^The last active admin cannot be deactivated or made an operator/);
    }
    expect((await admin.get('/api/auth/me')).body.role).toBe('admin');
    // The invited admin is not the last one: they may be made an operator or deactivated.
    expect((await patch(admin, invited.body.id, { role: 'operator' })).status).toBe(200);
    expect((await patch(admin, invited.body.id, { active: false })).status).toBe(200);
  });

  it('deletes every unused link of an operator deactivated, or whose password is changed or reset', async () => {
    const NEW = 'Saffron-Glacier-Minnow-19';
    const unusedLinks = async (id: string) =>
      (await testApp.app.db.select().from(operatorTokens).where(eq(operatorTokens.operatorId, id))).filter(
        (row) => row.usedAt === null,
      );
    const acceptWith = (token: string) =>
      testApp.client().post('/api/auth/accept-invite', { token, password: 'Another-Lantern-Harbor-77' });

    const deactivated = await member('links-deactivated@waybill.test', 'operator');
    expect((await admin.post(`/api/admin/operators/${deactivated.id}/reset-password`)).status).toBe(200);
    const beforeDeactivation = await linkSentTo('links-deactivated@waybill.test');
    expect(await unusedLinks(deactivated.id)).toHaveLength(1);
    expect((await patch(admin, deactivated.id, { active: false })).status).toBe(200);
    expect(await unusedLinks(deactivated.id)).toEqual([]);
    expect((await patch(admin, deactivated.id, { active: true })).status).toBe(200);
    expect((await acceptWith(beforeDeactivation.token)).body).toEqual(LINK_INVALID);

    const changed = await member('links-changed@waybill.test', 'operator');
    expect((await admin.post(`/api/admin/operators/${changed.id}/reset-password`)).status).toBe(200);
    const beforeChange = await linkSentTo('links-changed@waybill.test');
    const change = await changed.client.post('/api/auth/change-password', {
      currentPassword: STRONG,
      newPassword: NEW,
    });
    expect(change.status).toBe(200);
    expect(await unusedLinks(changed.id)).toEqual([]);
    expect((await acceptWith(beforeChange.token)).body).toEqual(LINK_INVALID);

    const reset = await member('links-reset@waybill.test', 'operator');
    expect((await admin.post(`/api/admin/operators/${reset.id}/reset-password`)).status).toBe(200);
    const beforeReset = await linkSentTo('links-reset@waybill.test');
    await resetOperatorPassword(testApp.app.db, passwordSiteOf(testApp.app.config), 'links-reset@waybill.test', NEW);
    expect(await unusedLinks(reset.id)).toEqual([]);
    expect((await acceptWith(beforeReset.token)).body).toEqual(LINK_INVALID);
    expect(
      (await testApp.client().post('/api/auth/login', { email: 'links-reset@waybill.test', password: NEW })).status,
    ).toBe(200);
  });

  it('sends a reset link that works once and expires; the old password works until it is used', async () => {
    const { id, client } = await member('reset@waybill.test', 'operator');
    const sent = await admin.post(`/api/admin/operators/${id}/reset-password`);
    expect(sent.status).toBe(200);
    const first = await linkSentTo('reset@waybill.test');
    expect(first.subject).toMatch(/new password/);
    expect((await client.get('/api/auth/me')).status).toBe(200);

    // A newer link replaces it; an expired one is refused.
    expect((await admin.post(`/api/admin/operators/${id}/reset-password`)).status).toBe(200);
    const second = await linkSentTo('reset@waybill.test');
    const NEW = 'Harbor-Velvet-Rocket-93';
    expect(
      (await testApp.client().post('/api/auth/accept-invite', { token: first.token, password: NEW })).body,
    ).toEqual(LINK_INVALID);
    await testApp.app.db
      .update(operatorTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(operatorTokens.operatorId, id));
    expect(
      (await testApp.client().post('/api/auth/accept-invite', { token: second.token, password: NEW })).body,
    ).toEqual(LINK_INVALID);
    await signIn('reset@waybill.test', STRONG);

    expect((await admin.post(`/api/admin/operators/${id}/reset-password`)).status).toBe(200);
    const third = await linkSentTo('reset@waybill.test');
    const uses = await Promise.all([
      testApp.client().post('/api/auth/accept-invite', { token: third.token, password: NEW }),
      testApp.client().post('/api/auth/accept-invite', { token: third.token, password: NEW }),
    ]);
    expect(uses.map((use) => use.status).sort()).toEqual([200, 400]);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect(
      (await testApp.client().post('/api/auth/login', { email: 'reset@waybill.test', password: STRONG })).status,
    ).toBe(401);
    await signIn('reset@waybill.test', NEW);
    for (const token of ['', 'x'.repeat(200), 'A'.repeat(43)]) {
      const answer = await testApp.client().post('/api/auth/accept-invite', { token, password: NEW });
      expect(answer.status, token).toBe(400);
    }
  });

  it('changes the own password after checking the current one; other sessions end', async () => {
    const { client } = await member('change@waybill.test', 'operator');
    const elsewhere = await signIn('change@waybill.test', STRONG);
    const NEW = 'Meadow-Copper-Lighthouse-58';
    const wrong = await client.post('/api/auth/change-password', { currentPassword: 'not-it', newPassword: NEW });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The current password is wrong.');
    const weak = await client.post('/api/auth/change-password', {
      currentPassword: STRONG,
      newPassword: 'password12345',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/^This password is too easy to guess\./);
    const seasonal = await client.post('/api/auth/change-password', {
      currentPassword: STRONG,
      newPassword: `Winter${new Date().getFullYear()}!!!`,
    });
    expect(seasonal.status).toBe(400);
    expect(seasonal.body.errors.newPassword).toMatch(/^This password is too easy to guess\./);
    const short = await client.post('/api/auth/change-password', { currentPassword: STRONG, newPassword: 'abc' });
    expect(short.body.message).toBe('The password must be at least 12 characters.');

    const changed = await client.post('/api/auth/change-password', { currentPassword: STRONG, newPassword: NEW });
    expect(changed.status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    await signIn('change@waybill.test', NEW);
  });
});
