import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';

const details = {
  phone: '+1 555 0100',
  email: 'desk@waybill.example',
  watsapp: 'https://wa.me/15550100',
  address: ['100 Harbor Way', '', 'Oakland, CA'],
};

// One database: validation, messages and the public answer are the app's; one row each.
describe.each(databasesFor('any'))('contact details and company settings on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    testApp = await startTestApp(kind, { COMPANY_NAME: 'Waybill Couriers', COMPANY_PHONE: '+1 555 0199' });
    operator = await testApp.operator();
  });
  afterAll(() => testApp?.close());

  it('serves the company settings from the environment', async () => {
    const response = await testApp.client().get('/api/company');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Waybill Couriers', phone: '+1 555 0199' });
    expect(Object.keys(response.body).sort()).toEqual(['address', 'email', 'hours', 'name', 'phone', 'whatsapp']);
    // No COMPANY_WHATSAPP here: the wa.me link of COMPANY_PHONE.
    expect(response.body.whatsapp).toBe('https://wa.me/15550199');
  });

  it('needs a session and the anti-forgery header to write', async () => {
    expect((await testApp.client().post('/api/details', details)).status).toBe(401);
    expect((await testApp.client().put('/api/details/00000000-0000-4000-8000-000000000000', details)).status).toBe(401);
    expect((await operator.post('/api/details', details, { xsrf: false })).status).toBe(403);
    expect((await testApp.client().get('/api/details')).body).toEqual([]);
  });

  it('validates e-mail, WhatsApp link and address', async () => {
    const response = await operator.post('/api/details', {
      ...details,
      email: 'desk',
      watsapp: 'javascript:alert(1)',
      address: 'one line',
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      email: 'Invalid email address',
      watsapp: 'WhatsApp link must start with https://',
      address: 'Address must be a list of lines',
    });
    expect((await testApp.client().get('/api/details')).body).toEqual([]);
  });

  it('creates one record (blank address lines dropped), refuses a second, edits it', async () => {
    const created = await operator.post('/api/details', details);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ _id: expect.any(String), ...details, address: ['100 Harbor Way', 'Oakland, CA'] });

    const second = await operator.post('/api/details', details);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: 'Contact details already exist; edit them instead' });

    const edited = await operator.put(`/api/details/${created.body._id}`, {
      ...details,
      phone: '+1 555 0111',
      address: ['PO Box 7'],
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ phone: '+1 555 0111', address: ['PO Box 7'] });
    expect((await testApp.client().get('/api/details')).body).toEqual([edited.body]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await operator.put(`/api/details/${id}`, details);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Contact details not found' });
    }
  });
});
