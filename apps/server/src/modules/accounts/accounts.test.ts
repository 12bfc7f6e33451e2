// Business accounts: an operator approves or declines an account request in the Inbox; the requester
// sets a password through the e-mailed link (a real SMTP server), signs in at /account with a session
// of their own, ships, reads their shipments and labels, manages keys and colleagues; and an account
// sees only its own: each route called with another account's ids answers 404.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountLinkSentTo,
  accountShipmentBody,
  approvedAccount,
  MEMBER_PASSWORD,
  signInMember,
} from '../../../test/support/accounts.ts';
import { submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { accountRequestBody, sendRequest, supportRequestBody } from '../../../test/support/inbox-test-data.ts';
import { findOutboxMessages } from '../../../test/support/outbox-messages.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.ts';
import { accountMemberTokens, auditLog, customerAccounts, packages } from '../../db/schema/index.ts';

const PUBLIC_URL = 'https://parcels.example.test';

// Both databases: one account per request and per address under concurrent approvals, sessions and
// links in the database, every query bounded by the account.
describe.each(databasesFor('sql'))('business accounts on %s', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let operator: TestClient;
  let first: Awaited<ReturnType<typeof approvedAccount>>;
  let second: Awaited<ReturnType<typeof approvedAccount>>;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await startTestApp(kind, { PUBLIC_URL, SMTP_URL: smtp.url });
    await testApp.app.mailOutbox.stop();
    operator = await testApp.operator();
    first = await approvedAccount(testApp, smtp, operator, { company: 'Ada Books' });
    second = await approvedAccount(testApp, smtp, operator, { company: 'Bola Shoes' });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
  });

  it('approves a request once: the account from its fields, a single-use 72-hour link, hashed at rest, audited', async () => {
    const request = accountRequestBody({ company: 'Chidi Crafts', country: 'Ghana' });
    const id = await sendRequest(testApp, '/api/account-requests', request);
    const [one, two] = await Promise.all([
      operator.post(`/api/admin/inbox/${id}/approve`),
      operator.post(`/api/admin/inbox/${id}/approve`),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const approved = one.status === 200 ? one : two;
    expect(approved.body.message).toContain(request.email);
    const [account] = await testApp.app.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.id, approved.body.accountId));
    expect(account).toMatchObject({
      company: 'Chidi Crafts',
      address: request.address,
      city: request.city,
      country: 'Ghana',
      contactName: request.name,
      contactEmail: request.email,
      contactPhone: request.phone,
      status: 'active',
    });
    const { token, subject } = await accountLinkSentTo(testApp, smtp, request.email);
    expect(subject).toContain('business account is ready');
    const [link] = await testApp.app.db.select().from(accountMemberTokens);
    expect(JSON.stringify(link)).not.toContain(token);
    expect(link!.expiresAt.getTime() - link!.createdAt.getTime()).toBeCloseTo(72 * 3_600_000, -4);
    const item = await operator.get(`/api/admin/inbox?kind=account&state=handled`);
    expect(item.body.map((row: { _id: string }) => row._id)).toContain(id);

    const weak = await testApp.client().post('/api/account/set-password', { token, password: 'password1234' });
    expect(weak.status).toBe(400);
    const set = await testApp.client().post('/api/account/set-password', { token, password: MEMBER_PASSWORD });
    expect(set.status).toBe(200);
    const again = await testApp.client().post('/api/account/set-password', { token, password: MEMBER_PASSWORD });
    expect(again.status).toBe(400);
    const actions = (await testApp.app.db.select().from(auditLog)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['inbox.account_approved', 'account.password_set']));
  });

  it('declines a request without an account, and refuses both for other kinds of item', async () => {
    const id = await sendRequest(testApp, '/api/account-requests', accountRequestBody());
    const declined = await operator.post(`/api/admin/inbox/${id}/decline`);
    expect(declined.status).toBe(200);
    // A declined request can still be approved on second thought.
    expect((await operator.post(`/api/admin/inbox/${id}/approve`)).status).toBe(200);
    const support = await sendRequest(testApp, '/api/support-requests', supportRequestBody());
    expect((await operator.post(`/api/admin/inbox/${support}/approve`)).status).toBe(409);
    expect((await operator.post(`/api/admin/inbox/${support}/decline`)).status).toBe(409);
    expect((await operator.post('/api/admin/inbox/not-an-id/approve')).status).toBe(404);
    expect((await testApp.client().post(`/api/admin/inbox/${id}/approve`)).status).toBe(401);
  });

  it('keeps the two sessions apart: a customer is a stranger to the console and the driver app, an operator to the portal', async () => {
    const me = await first.owner.get('/api/account/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ member: { email: first.email, role: 'owner' }, account: { company: 'Ada Books' } });
    expect(first.owner.cookies.get('waybill_session')).toBeUndefined();
    for (const path of ['/api/admin/packages', '/api/admin/inbox', '/api/auth/me', '/api/driver/settings']) {
      expect((await first.owner.get(path)).status, path).toBe(401);
    }
    expect((await operator.get('/api/account/me')).status).toBe(401);
    // The portal's page asks without a failed request: 200 either way.
    const signedIn = await first.owner.get('/api/account/session');
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    expect(signedIn.body).toEqual({ session: me.body, expired: false });
    for (const stranger of [operator, testApp.client()]) {
      const answer = await stranger.get('/api/account/session');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ session: null, expired: false });
    }
    expect((await operator.get('/api/account/shipments')).status).toBe(401);
    const wrong = await testApp
      .client()
      .post('/api/account/sign-in', { email: first.email, password: 'wrong-password-1' });
    expect(wrong.status).toBe(401);
    const unknown = await testApp.client().post('/api/account/sign-in', { email: 'nobody@example.com', password: 'x' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("ships as the account, lists and reads its own shipments, and answers 404 for another account's", async () => {
    const shipped = await first.owner.post('/api/account/shipments', accountShipmentBody({ description: 'Atlas' }));
    expect(shipped.status).toBe(201);
    expect(shipped.body.status).toBe('Pending');
    const code = shipped.body.trackingCode as string;
    const [row] = await testApp.app.db.select().from(packages).where(eq(packages.trackingCode, code));
    expect(row).toMatchObject({ accountId: first.accountId, name: 'Ada Books', email: first.email });
    expect(row!.pickupLocation).toContain('12 Marina');
    await second.owner.post('/api/account/shipments', accountShipmentBody({ description: 'Sandals' }));

    const list = await first.owner.get(`/api/account/shipments?status=Pending&q=${code.slice(2, 8).toLowerCase()}`);
    expect(list.status).toBe(200);
    expect(list.body.map((item: { trackingCode: string }) => item.trackingCode)).toEqual([code]);
    expect(list.headers.get('x-total-count')).toBe('1');
    const theirs = await second.owner.get('/api/account/shipments');
    expect(theirs.body.map((item: { description: string }) => item.description)).toEqual(['Sandals']);

    const detail = await first.owner.get(`/api/account/shipments/${code}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      trackingCode: code,
      receiverName: 'Kemi Receiver',
      tracking: { status: 'Pending' },
    });
    expect((await first.owner.get(`/api/account/shipments/${code}/label`)).status).toBe(409);
    expect((await operator.post('/api/admin/accept', { trackingCode: code })).status).toBe(200);
    const label = await first.owner.get(`/api/account/shipments/${code}/label?size=a4`);
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toBe('application/pdf');

    // Another account's code is not found, exactly like one that does not exist.
    const missing = await second.owner.get('/api/account/shipments/WB-NOPE-0000');
    for (const path of [`/api/account/shipments/${code}`, `/api/account/shipments/${code}/label`]) {
      const answer = await second.owner.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual(missing.body);
    }
  });

  it("mails no receipt for an account's shipment, whose code the account has at once; the public form's still gets one", async () => {
    const shipped = await first.owner.post('/api/account/shipments', accountShipmentBody({ description: 'Quiet' }));
    expect(shipped.status).toBe(201);
    // Submitted after it: its receipt queued means the account's shipment was handled before.
    const publicCode = await submitPackage(testApp);
    const receiptsFor = async (code: string) => {
      const [row] = await testApp.app.db.select().from(packages).where(eq(packages.trackingCode, code));
      return (await findOutboxMessages(testApp.app.db)).filter(
        (message) => message.packageId === row!.id && message.kind === 'submission-receipt',
      ).length;
    };
    await expect.poll(() => receiptsFor(publicCode), { timeout: 15_000, interval: 50 }).toBe(1);
    expect(await receiptsFor(shipped.body.trackingCode as string)).toBe(0);
  });

  it('gives owners keys shown once and stored as a hash; members neither see nor make them; revoking another’s is a 404', async () => {
    const created = await first.owner.post('/api/account/api-keys', { name: 'Shop' });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^wb_live_[\w-]{43}$/);
    expect(created.body.key.startsWith(created.body.prefix)).toBe(true);
    const listed = await first.owner.get('/api/account/api-keys');
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);
    expect(listed.body).toEqual([expect.objectContaining({ name: 'Shop', lastUsedAt: null, revokedAt: null })]);
    expect((await second.owner.get('/api/account/api-keys')).body).toEqual([]);
    expect((await second.owner.request('DELETE', `/api/account/api-keys/${created.body.id}`)).status).toBe(404);
    const revoked = await first.owner.request('DELETE', `/api/account/api-keys/${created.body.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
  });

  it('lets an owner invite and remove colleagues; a member cannot; another account’s member is a 404', async () => {
    const email = `colleague.${kind}@example.com`;
    const invited = await first.owner.post('/api/account/members', { email, name: 'Cole League', role: 'member' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, role: 'member', invitationPending: true });
    const { token, subject } = await accountLinkSentTo(testApp, smtp, email);
    expect(subject).toContain('Ada Books');
    expect(
      (await testApp.client().post('/api/account/set-password', { token, password: MEMBER_PASSWORD })).status,
    ).toBe(200);
    const member = await signInMember(testApp, email);
    expect(
      (await member.post('/api/account/members', { email: 'x@example.com', name: 'X', role: 'member' })).status,
    ).toBe(403);
    expect((await member.get('/api/account/api-keys')).status).toBe(403);
    expect((await member.get('/api/account/shipments')).status).toBe(200);
    const taken = await second.owner.post('/api/account/members', { email, name: 'Again', role: 'owner' });
    expect(taken.status).toBe(409);

    expect((await second.owner.request('DELETE', `/api/account/members/${invited.body.id}`)).status).toBe(404);
    const owners = (await first.owner.get('/api/account/members')).body.filter(
      (m: { role: string }) => m.role === 'owner',
    );
    expect((await first.owner.request('DELETE', `/api/account/members/${owners[0].id}`)).status).toBe(409);
    expect((await first.owner.request('DELETE', `/api/account/members/${invited.body.id}`)).status).toBe(200);
    expect((await member.get('/api/account/me')).status).toBe(401);
  });

  it("lists a business customer's sign-in on the Activity page among the sign-ins, never among the changes", async () => {
    await signInMember(testApp, first.email);
    const entries = async (show: string) =>
      (await operator.get(`/api/admin/audit?show=${show}&action=account.sign_in_succeeded&pageSize=100`)).body as {
        action: string;
      }[];
    const signIns = await entries('sign-ins');
    expect(signIns.length).toBeGreaterThan(0);
    expect(signIns.every((entry) => entry.action === 'account.sign_in_succeeded')).toBe(true);
    expect(await entries('changes')).toEqual([]);
  });
});
