import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';

const plan = {
  name1: 'Basic Shipping',
  name2: 'Express Shipping',
  name3: 'Same Day Rush',
  price1: 9.99,
  price2: 24.5,
  price3: 49,
  description1: 'For everyday parcels',
  description2: 'When it matters',
  description3: 'Within 6 hours',
};

// Both databases: a second plan is refused by a unique violation, which each driver reports its own way.
describe.each(databasesFor('sql'))('plans on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
    operator = await testApp.operator();
  });
  afterAll(() => testApp?.close());

  it('needs a session and the anti-forgery header to write', async () => {
    const anonymous = await testApp.client().post('/api/create-plan', plan);
    expect(anonymous.status).toBe(401);
    const forged = await operator.post('/api/create-plan', plan, { xsrf: false });
    expect(forged.status).toBe(403);
    const anonymousEdit = await testApp.client().put('/api/edit-plan/00000000-0000-4000-8000-000000000000', plan);
    expect(anonymousEdit.status).toBe(401);
    expect((await testApp.client().get('/api/plans')).body).toEqual([]);
  });

  it('validates the plan body', async () => {
    const response = await operator.post('/api/create-plan', { ...plan, name2: ' ', price3: -1, price1: 'free' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'Plan 2 name is required',
      errors: {
        name2: 'Plan 2 name is required',
        price1: 'Price 1 must be at least 0',
        price3: 'Price 3 must be at least 0',
      },
    });
    expect((await testApp.client().get('/api/plans')).body).toEqual([]);
  });

  it('creates one plan, refuses a second, edits it and lists it publicly', async () => {
    const created = await operator.post('/api/create-plan', plan);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ _id: expect.stringMatching(/^[0-9a-f-]{36}$/), ...plan });

    const second = await operator.post('/api/create-plan', plan);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: 'A plan already exists; edit it instead' });

    const edited = await operator.put(`/api/edit-plan/${created.body._id}`, { ...plan, price1: '12.5' });
    expect(edited.status).toBe(200);
    expect(edited.body.price1).toBe(12.5);

    const listed = await testApp.client().get('/api/plans');
    expect(listed.body).toEqual([{ ...plan, price1: 12.5, _id: created.body._id }]);
  });

  it('answers 404 for an unknown or malformed plan id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await operator.put(`/api/edit-plan/${id}`, plan);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Plan not found');
    }
  });
});
