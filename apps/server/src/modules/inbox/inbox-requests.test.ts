import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_PASSWORD,
  accountRequestBody,
  contactMessageBody,
  supportRequestBody,
} from '../../../test/support/inbox-test-data.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { inboxItems } from '../../db/schema/index.ts';
import { verifyPassword } from '../auth/password.ts';

// One database for the apps of this file outside describe.each: what they check is decided before the database.
const ONE_DATABASE = databasesFor('any')[0]!;

// One database: validation and messages of the forms; one row stored each.
describe.each(databasesFor('any'))('customer requests on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp?.close());

  const storedRow = async (id: string) =>
    (await testApp.app.db.select().from(inboxItems).where(eq(inboxItems.id, id)))[0];
  const countRows = async () => (await testApp.app.db.select({ id: inboxItems.id }).from(inboxItems)).length;

  describe('POST /api/support-requests', () => {
    it('stores a support request, trimmed, as new', async () => {
      const body = supportRequestBody({ name: '  Ada Lovelace ', subject: ' Late parcel ' });
      const response = await testApp.client().post('/api/support-requests', body);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        message: 'Support request received',
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(await storedRow(response.body.id)).toMatchObject({
        kind: 'support',
        state: 'new',
        name: 'Ada Lovelace',
        email: body.email,
        phone: body.phone,
        message: body.message,
        details: { subject: 'Late parcel', category: 'tracking', priority: 'high' },
        passwordHash: null,
      });
    });

    it('takes the phone as optional and medium as the default priority', async () => {
      const { phone: _phone, priority: _priority, ...body } = supportRequestBody();
      const response = await testApp.client().post('/api/support-requests', body);
      expect(response.status).toBe(201);
      expect(await storedRow(response.body.id)).toMatchObject({ phone: '', details: { priority: 'medium' } });
    });

    it('refuses missing fields with the SPEC messages and stores nothing', async () => {
      const before = await countRows();
      const response = await testApp
        .client()
        .post('/api/support-requests', { email: 'ada@example', category: 'gossip' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        message: 'Name is required',
        errors: {
          name: 'Name is required',
          email: 'Invalid email address',
          subject: 'Subject is required',
          category: 'Choose a category',
          message: 'Message is required',
        },
      });
      expect(await countRows()).toBe(before);
    });
  });

  describe('POST /api/contact-messages', () => {
    it('stores a message', async () => {
      const body = contactMessageBody();
      const response = await testApp.client().post('/api/contact-messages', body);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ message: 'Message received', id: expect.any(String) });
      expect(await storedRow(response.body.id)).toMatchObject({ kind: 'contact', state: 'new', ...body, details: {} });
    });

    it('stores a message whatever its name and e-mail hold (SPEC §5), and refuses one without text, storing nothing', async () => {
      const odd = await testApp
        .client()
        .post('/api/contact-messages', { name: ' ', email: 'not an address', message: 'Hi' });
      expect(odd.status).toBe(201);
      expect(await storedRow(odd.body.id)).toMatchObject({ kind: 'contact', name: '', message: 'Hi' });
      const before = await countRows();
      for (const body of [{}, { name: 'Ada', email: 'ada@example.com', message: '   ' }]) {
        const blank = await testApp.client().post('/api/contact-messages', body);
        expect(blank.status).toBe(400);
        expect(blank.body).toEqual({ message: 'Message is required', errors: { message: 'Message is required' } });
      }
      expect(await countRows()).toBe(before);
    });

    it('bounds lengths and refuses what is not text, storing nothing', async () => {
      const before = await countRows();
      const tooLong = await testApp
        .client()
        .post('/api/contact-messages', contactMessageBody({ message: 'x'.repeat(5001) }));
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toEqual({
        message: 'Must be at most 5000 characters',
        errors: { message: 'Must be at most 5000 characters' },
      });
      const notText = await testApp.client().post('/api/contact-messages', { name: ['Ada'] });
      expect(notText.status).toBe(400);
      expect(notText.body.errors).toMatchObject({ name: 'Must be text' });
      expect(await countRows()).toBe(before);
    });
  });

  describe('POST /api/account-requests', () => {
    it('stores the request with the password only as a scrypt hash, and answers neither', async () => {
      const body = accountRequestBody({ city: ' Accra ', country: 'Ghana' });
      const response = await testApp.client().post('/api/account-requests', body);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ message: 'Account request received', id: expect.any(String) });
      const row = await storedRow(response.body.id);
      expect(row).toMatchObject({
        kind: 'account',
        state: 'new',
        name: body.name,
        email: body.email,
        phone: body.phone,
        message: '',
        details: { company: body.company, address: body.address, city: 'Accra', country: 'Ghana' },
      });
      expect(row?.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
      expect(JSON.stringify(row)).not.toContain(ACCOUNT_PASSWORD);
      await expect(verifyPassword(ACCOUNT_PASSWORD, row!.passwordHash!)).resolves.toBe(true);
      expect(response.text).not.toContain(ACCOUNT_PASSWORD);
      expect(response.text).not.toContain('scrypt');
    });

    it.each([
      ['a blank field', { company: '   ' }, 'company', 'All fields are required.'],
      ['a missing password', { password: undefined }, 'password', 'All fields are required.'],
      ['a password of spaces', { password: '    ' }, 'password', 'All fields are required.'],
      ['a country not offered', { country: 'France' }, 'country', 'All fields are required.'],
      ['a malformed e-mail', { email: 'obi@example' }, 'email', 'Invalid email address'],
    ])('refuses %s with its message and stores nothing', async (_case, overrides, field, message) => {
      const before = await countRows();
      const response = await testApp.client().post('/api/account-requests', accountRequestBody(overrides));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message, errors: { [field]: message } });
      expect(response.text).not.toContain(ACCOUNT_PASSWORD);
      expect(await countRows()).toBe(before);
    });
  });

  it.each([
    ['/api/support-requests', supportRequestBody()],
    ['/api/contact-messages', contactMessageBody()],
    ['/api/account-requests', accountRequestBody()],
  ])('%s needs the anti-forgery header', async (path, body) => {
    const before = await countRows();
    const response = await testApp.client().post(path, body, { xsrf: false });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Missing or invalid anti-forgery token' });
    expect(await countRows()).toBe(before);
  });
});

describe('customer request rate limits', () => {
  const forms: [string, () => Record<string, unknown>][] = [
    ['/api/support-requests', supportRequestBody],
    ['/api/contact-messages', contactMessageBody],
    ['/api/account-requests', accountRequestBody],
  ];

  describe('with RATE_LIMIT_FORMS=2/minute', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await startTestApp(ONE_DATABASE, { RATE_LIMITS: 'on', RATE_LIMIT_FORMS: '2/minute' });
    });
    afterAll(() => testApp?.close());

    it.each(forms)('%s answers 429 with a message after two requests from one address', async (path, body) => {
      const client = testApp.client();
      for (let i = 0; i < 2; i += 1) expect((await client.post(path, body())).status).toBe(201);
      const limited = await client.post(path, body());
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ message: expect.stringMatching(/^Too many requests\. Please try again in /) });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('with RATE_LIMITS=off', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await startTestApp(ONE_DATABASE, { RATE_LIMITS: 'off', RATE_LIMIT_FORMS: '1/minute' });
    });
    afterAll(() => testApp?.close());

    it('lets every request through', async () => {
      const client = testApp.client();
      for (let i = 0; i < 3; i += 1)
        expect((await client.post('/api/contact-messages', contactMessageBody())).status).toBe(201);
    });
  });
});
