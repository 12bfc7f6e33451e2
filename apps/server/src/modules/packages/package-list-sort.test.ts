import type { PackageAnswer } from '@waybill/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';

// Both databases: sort orders and their indexes are queries.
describe.each(databasesFor('sql'))('GET /api/admin/packages sorted by creation or last update on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  // Created first to last; the first is then accepted, so it is the one changed last.
  const codes: string[] = [];
  beforeAll(async () => {
    testApp = await startTestApp(kind);
    operator = await testApp.operator();
    for (let index = 0; index < 3; index++) codes.push(await submitPackage(testApp));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await operator.post('/api/admin/accept', { trackingCode: codes[0] });
  });
  afterAll(() => testApp?.close());

  const listed = async (query: string) => {
    const response = await operator.get<PackageAnswer[]>(`/api/admin/packages?${query}`);
    expect(response.status).toBe(200);
    return response.body.map((item) => item.trackingCode);
  };

  it('lists newest created first by default and with sort=created&order=desc', async () => {
    const [first, second, third] = codes;
    expect(await listed('')).toEqual([third, second, first]);
    expect(await listed('sort=created&order=desc')).toEqual([third, second, first]);
    expect(await listed('sort=created&order=asc')).toEqual([first, second, third]);
  });

  it('lists by last update either way, paging without overlap', async () => {
    const [first, second, third] = codes;
    expect(await listed('sort=updated')).toEqual([first, third, second]);
    expect(await listed('sort=updated&order=asc')).toEqual([second, third, first]);
    const pages = [
      ...(await listed('sort=updated&pageSize=2&page=1')),
      ...(await listed('sort=updated&pageSize=2&page=2')),
    ];
    expect(pages).toEqual([first, third, second]);
  });

  it('sorts inside a status filter and keeps the sort in the next link', async () => {
    const [, second, third] = codes;
    expect(await listed('status=Pending&sort=updated&order=asc')).toEqual([second, third]);
    const response = await operator.get('/api/admin/packages?sort=updated&order=asc&pageSize=1');
    expect(response.headers.get('link')).toContain('sort=updated');
    expect(response.headers.get('link')).toContain('order=asc');
  });

  it('refuses an unknown sort or order with a 400 message', async () => {
    const sort = await operator.get('/api/admin/packages?sort=name');
    expect(sort.status).toBe(400);
    expect(sort.body.message).toBe('sort must be created or updated');
    const order = await operator.get('/api/admin/packages?order=up');
    expect(order.status).toBe(400);
    expect(order.body.message).toBe('order must be desc or asc');
  });
});
