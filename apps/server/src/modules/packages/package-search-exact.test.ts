import type { PackageAnswer } from '@waybill/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageFields, submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';

// Both databases: search is a query (trigram and exact matches).
describe.each(databasesFor('sql'))('console search for a whole code or address on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  let ada: string;
  let canada: string;
  let mentions: string;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
    await testApp.app.mailOutbox.stop();
    operator = await testApp.operator();
    ada = await submitPackage(testApp, packageFields({ email: 'Ada@Example.com' }));
    canada = await submitPackage(testApp, packageFields({ remail: 'canada@example.com' }));
    // A package whose receiver's name holds another package's code.
    mentions = await submitPackage(testApp, packageFields({ rname: `Ref ${ada}` }));
  });
  afterAll(() => testApp?.close());

  const search = async (query: string) => {
    const answer = await operator.get<PackageAnswer[]>(`/api/admin/packages?${query}`);
    expect(answer.status).toBe(200);
    return {
      codes: answer.body.map((item) => item.trackingCode).sort(),
      total: answer.headers.get('x-total-count'),
    };
  };

  it('a whole address some package has lists its packages only, in any case', async () => {
    expect(await search('q=ADA%40example.com')).toEqual({ codes: [ada], total: '1' });
    expect(await search('q=%20canada%40example.com%20')).toEqual({ codes: [canada], total: '1' });
  });

  it('part of an address, or one no package has, is searched inside every field as before', async () => {
    expect(await search('q=da%40example.com')).toEqual({ codes: [ada, canada].sort(), total: '2' });
    expect(await search('q=nobody%40example.com')).toEqual({ codes: [], total: '0' });
  });

  it('a whole tracking code lists its package, not the others that mention it; part of one searches inside', async () => {
    expect(await search(`q=${ada.toLowerCase()}`)).toEqual({ codes: [ada], total: '1' });
    expect(await search(`q=${ada.slice(0, 11)}`)).toEqual({ codes: [ada, mentions].sort(), total: '2' });
  });

  it('keeps the status filter', async () => {
    expect(await search('q=ada%40example.com&status=Pending')).toEqual({ codes: [ada], total: '1' });
    expect(await search('q=ada%40example.com&status=Shipped')).toEqual({ codes: [], total: '0' });
  });
});
