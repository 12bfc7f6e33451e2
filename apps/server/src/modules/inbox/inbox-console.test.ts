import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/support/http-client.ts';
import {
  ACCOUNT_PASSWORD,
  accountRequestBody,
  contactMessageBody,
  sendRequest,
  supportRequestBody,
} from '../../../test/support/inbox-test-data.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

// Both databases: filters, counts per kind and pages are queries.
describe.each(databasesFor('sql'))('console inbox on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  const ids = { support: '', contact: '', account: '' };
  const bodies = { support: supportRequestBody(), contact: contactMessageBody(), account: accountRequestBody() };

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    operator = await testApp.operator();
    // Sent one after another, so the account request is the newest.
    ids.support = await sendRequest(testApp, '/api/support-requests', bodies.support);
    ids.contact = await sendRequest(testApp, '/api/contact-messages', bodies.contact);
    ids.account = await sendRequest(testApp, '/api/account-requests', bodies.account);
  });
  afterAll(() => testApp?.close());

  describe('without a session or anti-forgery header', () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/inbox'],
      ['GET', '/api/admin/inbox-stats'],
      ['PATCH', `/api/admin/inbox/${UNKNOWN_ID}`, { state: 'handled' }],
    ];

    it.each(calls)('%s %s answers 401 without a session', async (method, path, json) => {
      const response = await testApp.client().request(method, path, { json });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Please sign in to continue.' });
    });

    it('PATCH answers 403 without the anti-forgery header and changes nothing', async () => {
      const response = await operator.request('PATCH', `/api/admin/inbox/${ids.contact}`, {
        json: { state: 'handled' },
        xsrf: false,
      });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'Missing or invalid anti-forgery token' });
      const listed = await operator.get('/api/admin/inbox?kind=contact');
      expect(listed.body[0].state).toBe('new');
    });
  });

  it('lists the three kinds newest first, each with its own fields and never the password', async () => {
    const response = await operator.get('/api/admin/inbox');
    expect(response.status).toBe(200);
    const { password: _password, ...account } = bodies.account;
    expect(response.body).toEqual([
      { _id: ids.account, kind: 'account', state: 'new', createdAt: expect.any(String), ...account },
      { _id: ids.contact, kind: 'contact', state: 'new', createdAt: expect.any(String), ...bodies.contact },
      { _id: ids.support, kind: 'support', state: 'new', createdAt: expect.any(String), ...bodies.support },
    ]);
    const times = response.body.map((item: { createdAt: string }) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(response.text).not.toContain(ACCOUNT_PASSWORD);
    expect(response.text).not.toMatch(/scrypt|password/i);
  });

  it('filters by kind and by state', async () => {
    for (const itemKind of ['support', 'contact', 'account'] as const) {
      const response = await operator.get(`/api/admin/inbox?kind=${itemKind}&state=new`);
      expect(response.body.map((item: { _id: string }) => item._id)).toEqual([ids[itemKind]]);
    }
    expect((await operator.get('/api/admin/inbox?state=handled')).body).toEqual([]);
  });

  it('refuses an unknown kind, state or page size', async () => {
    const badKind = await operator.get('/api/admin/inbox?kind=spam');
    expect(badKind.status).toBe(400);
    expect(badKind.body.message).toBe('kind must be support, contact or account');
    const badState = await operator.get('/api/admin/inbox?state=done');
    expect(badState.status).toBe(400);
    expect(badState.body.message).toBe('state must be new or handled');
    const badSize = await operator.get('/api/admin/inbox?pageSize=101');
    expect(badSize.status).toBe(400);
    expect(badSize.body.message).toBe('pageSize must be a whole number from 1 to 100');
  });

  it('marks an item handled and new again, and counts new items per kind', async () => {
    expect((await operator.get('/api/admin/inbox-stats')).body).toEqual({
      new: 3,
      byKind: { support: 1, contact: 1, account: 1 },
    });

    const handled = await operator.request('PATCH', `/api/admin/inbox/${ids.account}`, { json: { state: 'handled' } });
    expect(handled.status).toBe(200);
    expect(handled.body).toMatchObject({ _id: ids.account, kind: 'account', state: 'handled', city: 'Lagos' });
    expect(handled.text).not.toMatch(/scrypt|password/i);

    const stillNew = await operator.get('/api/admin/inbox?state=new');
    expect(stillNew.body.map((item: { _id: string }) => item._id)).toEqual([ids.contact, ids.support]);
    const handledList = await operator.get('/api/admin/inbox?state=handled&kind=account');
    expect(handledList.body.map((item: { _id: string }) => item._id)).toEqual([ids.account]);
    expect((await operator.get('/api/admin/inbox-stats')).body).toEqual({
      new: 2,
      byKind: { support: 1, contact: 1, account: 0 },
    });

    const reopened = await operator.request('PATCH', `/api/admin/inbox/${ids.account}`, { json: { state: 'new' } });
    expect(reopened.body.state).toBe('new');
    expect((await operator.get('/api/admin/inbox-stats')).body.new).toBe(3);
  });

  it('answers 404 for an unknown or malformed id and 400 for a bad state', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const response = await operator.request('PATCH', `/api/admin/inbox/${id}`, { json: { state: 'handled' } });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Inbox item not found' });
    }
    const badState = await operator.request('PATCH', `/api/admin/inbox/${ids.support}`, { json: { state: 'done' } });
    expect(badState.status).toBe(400);
    expect(badState.body).toEqual({
      message: 'state must be new or handled',
      errors: { state: 'state must be new or handled' },
    });
  });

  it('pages with the same headers as the package list, keeping the filters in the next link', async () => {
    for (let i = 0; i < 3; i += 1) await sendRequest(testApp, '/api/contact-messages', contactMessageBody());
    const first = await operator.get('/api/admin/inbox?kind=contact&state=new&pageSize=3');
    expect(first.body).toHaveLength(3);
    expect(first.headers.get('x-total-count')).toBe('4');
    expect(first.headers.get('x-page')).toBe('1');
    expect(first.headers.get('x-page-size')).toBe('3');
    expect(first.headers.get('x-next-page')).toBe('2');
    expect(first.headers.get('link')).toBe('</api/admin/inbox?page=2&pageSize=3&kind=contact&state=new>; rel="next"');

    const last = await operator.get('/api/admin/inbox?kind=contact&state=new&pageSize=3&page=2');
    expect(last.body.map((item: { _id: string }) => item._id)).toEqual([ids.contact]);
    expect(last.headers.get('x-next-page')).toBeNull();
    expect(last.headers.get('link')).toBeNull();
  });
});
