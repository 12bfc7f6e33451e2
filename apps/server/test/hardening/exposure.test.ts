// What the public can see: security headers on every kind of answer, uploads that can only ever be
// WebP images, a tracking answer without personal data, and a console shortcut that grants nothing.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, packageFields, submitPackage } from '../support/factories.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { databasesFor } from '../support/test-databases.ts';
import { credentialsOf, type RawAnswer, rawRequest } from './support/raw-http.ts';

// One database for the apps of this file outside describe.each: what they check is decided before the database.
const ONE_DATABASE = databasesFor('any')[0]!;

/** Every string anywhere in a JSON value. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

function expectSecurityHeaders(answer: RawAnswer) {
  const csp = String(answer.headers['content-security-policy'] ?? '');
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:/);
  expect(csp).toMatch(/default-src 'self'/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/object-src 'none'/);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['referrer-policy']).toMatch(
    /^(no-referrer|strict-origin|strict-origin-when-cross-origin|same-origin)$/,
  );
  expect(answer.headers['x-powered-by']).toBeUndefined();
}

// One database: headers and answers' shapes are the app's.
describe.each(databasesFor('any'))('exposure on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  let stranger: Record<string, string>;
  let imageUrl: string;

  beforeAll(async () => {
    testApp = await startTestApp(kind, { CONSOLE_SHORTCUT_NAME: 'Night Owl', CONSOLE_SHORTCUT_CODE: '2468' });
    operator = await testApp.operator();
    stranger = await credentialsOf(testApp.client());
    const code = await submitPackage(testApp, packageFields(), [{ name: 'a.png', data: await imageBytes('png') }]);
    imageUrl = (await operator.get(`/api/admin/packages/${code}`)).body.packageImages[0];
  });
  afterAll(() => testApp?.close());

  const get = (requestPath: string, headers: Record<string, string> = {}) =>
    rawRequest(testApp.baseUrl, { method: 'GET', path: requestPath, headers });

  it('sends the security headers on successes, refusals, errors and images alike (no HSTS over http)', async () => {
    const answers = [
      await get('/api/health'),
      await get('/api/track/NOPE22222222'),
      await get('/api/admin/packages'),
      await get('/api/no-such-route'),
      await get(imageUrl),
      await rawRequest(testApp.baseUrl, {
        method: 'POST',
        path: '/api/console-shortcut',
        headers: { ...stranger, 'content-type': 'application/json' },
        body: '{"name":',
      }),
      await rawRequest(testApp.baseUrl, {
        method: 'POST',
        path: '/api/console-shortcut',
        headers: { ...stranger, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x'.repeat(300_000) }),
      }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 401, 404, 200, 400, 413]);
    for (const answer of answers) {
      expectSecurityHeaders(answer);
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('serves uploads only as WebP images with nosniff; any other name or a path trick is a 404', async () => {
    const image = await get(imageUrl);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    // Files that must never be served from the site's origin, even if one ended up in the folder.
    const uploads = path.join(testApp.dataDir, 'uploads');
    await writeFile(path.join(uploads, 'evil.html'), '<script>alert(document.cookie)</script>');
    await writeFile(
      path.join(uploads, 'evil.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    await writeFile(path.join(uploads, '.half.webp.partial'), 'half');
    await writeFile(path.join(uploads, 'evil.webp.html'), '<script>alert(1)</script>');
    for (const url of [
      '/uploads/evil.html',
      '/uploads/evil.svg',
      '/uploads/evil.webp.html',
      '/uploads/.half.webp.partial',
      '/uploads/../package.json',
      '/uploads/..%2f..%2fpackage.json',
      '/uploads/%2e%2e/%2e%2e/package.json',
      '/uploads/..\\..\\package.json',
      '/uploads/',
      '/uploads/nothing-here.webp',
      `${imageUrl}/..`,
      `${imageUrl}%00.html`,
    ]) {
      const answer = await get(url);
      // A name is not found; a path trick may be refused earlier (403 for climbing out, 400 for a NUL).
      expect(/\.\.|%2e|%00/i.test(url) ? [400, 403, 404] : [404], url).toContain(answer.status);
      expect(String(answer.headers['content-type'] ?? ''), url).not.toMatch(/html|svg|javascript/);
      expect(answer.text, url).not.toMatch(/<script|"name":/);
    }
  });

  it('tracks a package without a trace of either party', async () => {
    const personal = packageFields({
      name: 'Philippa Quennell-Ashdown',
      email: 'philippa.q@privately.example',
      phone: '+44 7700 900123',
      pickupLocation: '17 Lavender Crescent, Bath',
      rname: 'Bartholomew Okonkwo',
      remail: 'bart.okonkwo@secretmail.example',
      rphone: '+234 803 555 0199',
      destination: '9 Admiralty Way, Lekki, Lagos',
    });
    const trackingCode = await submitPackage(testApp, personal);
    await operator.post('/api/admin/accept', { trackingCode });
    await operator.post('/api/admin/location-update', { trackingCode, location: 'Heathrow sorting hub' });
    await operator.post('/api/admin/update-status', { trackingCode, status: 'Shipped' });
    // Handed over to the receiver, who signs with their full name: the public answer may say initials only.
    const proof = new FormData();
    proof.append('trackingCode', trackingCode);
    proof.append('receivedBy', personal.rname);
    expect((await operator.request('POST', '/api/admin/proof-of-delivery', { form: proof })).status).toBe(200);

    const answer = await get(`/api/track/${trackingCode}`);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual([
      'attempt',
      'delivery',
      'estimatedDelivery',
      'late',
      'locationUpdates',
      'status',
      'stopsAway',
      'trackingCode',
      'trackingNumber',
    ]);
    expect(answer.body.delivery).toMatchObject({ receivedBy: 'B. O.' });
    const secrets = ['name', 'email', 'phone', 'pickupLocation', 'rname', 'remail', 'rphone', 'destination'].flatMap(
      (field) => {
        const value = personal[field as keyof typeof personal];
        // The whole value and its distinctive parts (a surname, an e-mail's local part, phone digits).
        return [
          value,
          ...value.split(/[\s,@.]+/).filter((part) => part.length >= 5),
          value.replace(/\D/g, '').slice(-7),
        ];
      },
    );
    for (const text of stringsOf(answer.body)) {
      for (const secret of secrets.filter((part) => part.length >= 5)) {
        expect(text.toLowerCase(), `"${text}" holds "${secret}"`).not.toContain(secret.toLowerCase());
      }
    }
    expect(answer.text).toContain('Heathrow sorting hub');
  });

  it('answers the console shortcut with a path only: no session, the console still refuses', async () => {
    const client = testApp.client();
    const match = await client.post('/api/console-shortcut', { name: 'Night Owl', code: '2468' });
    expect(match.status).toBe(200);
    expect(Object.keys(match.body)).toEqual(['path']);
    expect(match.headers.getSetCookie().some((line) => line.startsWith('waybill_session='))).toBe(false);
    expect(client.cookies.has('waybill_session')).toBe(false);
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/admin/packages'],
      ['POST', '/api/create-plan'],
    ] as const) {
      const answer = await client.request(method, url, method === 'GET' ? {} : { json: {} });
      expect(answer.status).toBe(401);
    }
  });
});

describe('behind https', () => {
  it('sends HSTS and keeps the other headers', async () => {
    const testApp = await startTestApp(ONE_DATABASE, { PUBLIC_URL: 'https://waybill.example' });
    try {
      const answer = await rawRequest(testApp.baseUrl, { method: 'GET', path: '/api/no-such-route' });
      expectSecurityHeaders(answer);
      expect(answer.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await testApp.close();
    }
  });
});
