import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';

// One database: an answer of the app alone.
describe.each(databasesFor('any'))('POST /api/console-shortcut on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind, {
      CONSOLE_SHORTCUT_NAME: 'Night Owl',
      CONSOLE_SHORTCUT_CODE: '2468',
      ADMIN_PATH: '/ops-test',
    });
  });
  afterAll(() => testApp?.close());

  it('answers the console path when name and code match', async () => {
    const response = await testApp.client().post('/api/console-shortcut', { name: ' night owl ', code: '2468' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ path: '/ops-test' });
  });

  it.each([
    [{ name: 'Night Owl', code: '2469' }],
    [{ name: 'Day Owl', code: '2468' }],
    [{ name: 'Night Owl' }],
    [{ name: 1, code: 2 }],
    [{ name: '', code: '' }],
    ['not an object'],
  ])('answers 200 with no path for %j, so a browser logs no error', async (body) => {
    const response = await testApp.client().post('/api/console-shortcut', body);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ path: null });
    expect(response.text).not.toContain('ops-test');
  });

  it('needs the anti-forgery header', async () => {
    const response = await testApp
      .client()
      .post('/api/console-shortcut', { name: 'Night Owl', code: '2468' }, { xsrf: false });
    expect(response.status).toBe(403);
  });
});
