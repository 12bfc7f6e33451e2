import { access, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { contactWire, type PageRequest } from '@waybill/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { writeTestWebBuild } from '../../../test/support/web-build.ts';

/** The web build's files copied to its root as they are (its icons among them). */
const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../../../web/public');

interface Rendered {
  renders: number;
  assets: unknown;
  request: PageRequest;
}

/** What the stand-in renderer was asked, read back from the page. */
async function readRendered(response: Response): Promise<Rendered> {
  const html = await response.text();
  return JSON.parse(html.slice(html.indexOf('<body>') + 6, html.indexOf('</body>'))) as Rendered;
}

// Both databases: a rendered page is dropped when LISTEN/NOTIFY says its content changed.
describe.each(databasesFor('sql'))('serving the site on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'waybill-web-'));
    await writeTestWebBuild(root);
    testApp = await startTestApp(kind, { WEB_DIST_DIR: root, ADMIN_PATH: '/ops-test' });
    operator = await testApp.operator();
  });
  afterAll(async () => {
    await testApp?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${testApp.baseUrl}${url}`, { headers, redirect: 'manual' });

  it("serves the driver app's manifest under the console's path, and its service worker never from a cache", async () => {
    const manifest = await get('/ops-test/driver.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    const body = (await manifest.json()) as {
      start_url: string;
      scope: string;
      display: string;
      icons: { src: string }[];
    };
    expect(body).toMatchObject({ start_url: '/ops-test/driver', scope: '/ops-test/driver', display: 'standalone' });
    // The icons are the web build's own files.
    for (const icon of body.icons) {
      await expect(access(path.join(WEB_PUBLIC, icon.src))).resolves.toBeUndefined();
    }
    const worker = await get('/driver-sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(await worker.text()).toContain('addEventListener');
  });

  it('renders each public page with the saved plan, contact details, company settings and year', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const { request, assets } = await readRendered(home);
    expect(request.path).toBe('/');
    expect(request.content.company).toEqual(testApp.app.config.company);
    expect(request.content.year).toBe(new Date().getFullYear());
    expect(assets).toEqual({ script: '/assets/public-abc123.js' });
    for (const url of ['/pricing', '/pricing/', '/0', '/create/']) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect((await readRendered(response)).request.path).toBe(url.replace(/(.)\/$/, '$1'));
    }
  });

  it('keeps a rendered page until the plan or the contact details change, then renders it again', async () => {
    const first = await readRendered(await get('/pricing'));
    const again = await readRendered(await get('/pricing'));
    expect(again.renders).toBe(first.renders);

    const plans = (await operator.get<{ _id: string }[]>('/api/plans')).body;
    const plan = {
      name1: 'Basic',
      name2: 'Express',
      name3: 'Rush',
      price1: 10,
      price2: 20,
      price3: 30 + first.renders,
      description1: '',
      description2: '',
      description3: '',
    };
    const saved = plans[0]
      ? await operator.put(`/api/edit-plan/${plans[0]._id}`, plan)
      : await operator.post('/api/create-plan', plan);
    expect(saved.status).toBeLessThan(300);
    // The writer's next page shows the change: the write is answered once this process heard it.
    const changed = await readRendered(await get('/pricing'));
    expect(changed.renders).toBeGreaterThan(first.renders);
    expect(changed.request.content.plan).toMatchObject({ name3: 'Rush', price3: plan.price3 });

    const details = { phone: '+44 20 7946 0000', email: 'desk@waybill.test', watsapp: '', address: ['1 Dock Road'] };
    const existing = (await operator.get<{ _id: string }[]>('/api/details')).body[0];
    const written = existing
      ? await operator.put(`/api/details/${existing._id}`, details)
      : await operator.post('/api/details', details);
    expect(written.status).toBeLessThan(300);
    expect((await readRendered(await get('/pricing'))).request.content.details).toMatchObject(
      contactWire.fromWire(details),
    );
  });

  it('sends brotli or gzip as the browser takes them, each with its own ETag, and a 304 for a page it has', async () => {
    const br = await get('/create', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brTag = br.headers.get('etag') ?? '';
    expect(brTag).toMatch(/^"[\w-]+-br"$/);
    const gz = await get('/create', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await get('/create', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    // fetch decodes both: each encoding carries the same page.
    const plainText = await plain.text();
    expect(await gz.text()).toBe(plainText);
    expect(await br.text()).toBe(plainText);
    expect(gz.headers.get('etag')).not.toBe(brTag);

    const notModified = await get('/create', { 'accept-encoding': 'br', 'if-none-match': brTag });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    const otherEncoding = await get('/create', { 'accept-encoding': 'gzip', 'if-none-match': brTag });
    expect(otherEncoding.status).toBe(200);
  });

  it("renders a code's tracking page with its answer, and an unknown code's with the reason", async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const known = await get(`/track/${trackingCode.toLowerCase()}`);
    expect(known.status).toBe(200);
    const { request } = await readRendered(known);
    expect(request.path).toBe(`/track/${trackingCode}`);
    expect(request.tracking).toMatchObject({ code: trackingCode, error: null, result: { status: 'Order Placed' } });
    // The public answer only: the same as the tracking API's.
    const api = await testApp.client().get(`/api/track/${trackingCode}`);
    expect(request.tracking?.result).toEqual(api.body);

    const unknown = await readRendered(await get('/track/NOSUCHCODE22'));
    expect(unknown.request.tracking).toEqual({
      code: 'NOSUCHCODE22',
      result: null,
      error: 'Package not found. Please check the tracking code and try again.',
    });
    // A code longer than any is not looked up; an address longer than the router takes is refused.
    const long = await get(`/track/${'A'.repeat(90)}`);
    expect(long.status).toBe(200);
    expect((await readRendered(long)).request.tracking).toMatchObject({ result: null, error: expect.any(String) });
    expect((await get(`/track/${'A'.repeat(5000)}`)).status).toBe(414);
  });

  it('sends /track?codes= with one code to its page, and renders several as a list', async () => {
    const one = await get('/track?codes=%20wb7k2m9qx4tp%20');
    expect(one.status).toBe(303);
    expect(one.headers.get('location')).toBe('/track/WB7K2M9QX4TP');
    const several = await get('/track?codes=A1,B2');
    expect(several.status).toBe(200);
    expect((await readRendered(several)).request).toMatchObject({ path: '/track', search: 'codes=A1,B2' });
    expect((await readRendered(await get('/track'))).request.search).toBe('');
  });

  it("serves the console page under the console prefix and the driver app's at its address, with the console base", async () => {
    const pages = [
      ...['/ops-test', '/ops-test/', '/ops-test/plan', '/ops-test/drivers', '/ops-test/driver/x'].map((url) => [
        url,
        'Console',
      ]),
      ...['/ops-test/driver', '/ops-test/driver/', '/ops-test/driver?stop=2'].map((url) => [url, 'Driver app']),
    ];
    for (const [url, title] of pages) {
      const response = await get(url!);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
      expect(response.headers.get('content-security-policy'), url).toContain("'wasm-unsafe-eval'");
      const html = await response.text();
      expect(html, url).toContain(`<title>${title}</title>`);
      expect(html, url).toContain('<meta name="waybill-console-base" content="/ops-test"></head>');
    }
  });

  it("serves the portal's page at /account and under it, never cached, and leaves /api/account/* to the API", async () => {
    for (const url of ['/account', '/account/', '/account/set-password', '/account/shipments/ABCDEFGHJKMN?x=1']) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
      expect(response.headers.get('content-type'), url).toBe('text/html; charset=utf-8');
      // The public pages' policy: the portal compiles no WebAssembly.
      expect(response.headers.get('content-security-policy'), url).toContain("script-src 'self';");
      const html = await response.text();
      expect(html, url).toContain('<title>Business account</title>');
      expect(html, url).not.toContain('waybill-console-base');
    }
    const api = await get('/api/account/no-such-route');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
    const me = await get('/api/account/me');
    expect(me.status).toBe(401);
    expect((await get('/account.html')).status).toBe(404);
  });

  it("asks for the driver's run from the app's page only on a page load with a session, never for its worker's copy", async () => {
    const preload = '<link rel="preload" href="/api/driver/run" as="fetch" crossorigin>';
    const session = { cookie: 'waybill_session=any' };
    const load = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
    // Injected: fetch sets the Sec-Fetch headers itself.
    const page = (headers: Record<string, string>) =>
      testApp.app.inject({ method: 'GET', url: '/ops-test/driver', headers });
    const loaded = await page({ ...load, ...session });
    expect(loaded.headers.vary).toContain('Cookie');
    expect(loaded.body).toContain(preload);
    for (const headers of [load, { ...session, 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }, session]) {
      const { body } = await page(headers);
      expect(body).toContain('<title>Driver app</title>');
      expect(body).not.toContain(preload);
    }
  });

  it('answers an unknown page with the not-found page and a 404, an unknown API route with JSON', async () => {
    const page404 = await get('/no-such-page');
    expect(page404.status).toBe(404);
    expect((await readRendered(page404)).request.path).toBe('/404');
    const api = await get('/api/nothing');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Route GET /api/nothing not found' });
  });

  it('serves hashed assets pre-compressed with a year-long cache', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toContain('console.log("waybill")');
    const plain = await get('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(await plain.text());
    expect((await get('/assets/missing.js')).status).toBe(404);

    // Each encoding has its own ETag, and a browser that has it gets a 304.
    const tag = response.headers.get('etag') ?? '';
    expect(new Set([tag, gz.headers.get('etag'), plain.headers.get('etag')]).size).toBe(3);
    const again = await get('/assets/index-abc123.js', { 'accept-encoding': 'br, gzip', 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('reads each asset once and keeps it: removed from the disk after its first request, it is still served', async () => {
    const first = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    const body = await first.text();
    // The folder is listed at the first asset request: a file that came after it is not one.
    await writeFile(path.join(root, 'assets/later-abc123.js'), 'console.log("later");');
    expect((await get('/assets/later-abc123.js')).status).toBe(404);

    await rename(path.join(root, 'assets/index-abc123.js.gz'), path.join(root, 'gone.gz'));
    try {
      const second = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
      expect(second.status).toBe(200);
      expect(second.headers.get('content-encoding')).toBe('gzip');
      expect(await second.text()).toBe(body);
    } finally {
      await rename(path.join(root, 'gone.gz'), path.join(root, 'assets/index-abc123.js.gz'));
    }
  });

  it('serves other root files of the build and never the renderer or path tricks', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    for (const url of [
      '/..%2f..%2fetc%2fpasswd',
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/.ssr/render-page.mjs',
      '/.ssr/assets.json',
      '/assets/..%2f.ssr%2fassets.json',
      '/console.html',
      '/driver.html',
      '/account.html',
    ]) {
      const response = await get(url);
      expect([403, 404], url).toContain(response.status);
      const text = await response.text();
      expect(text, url).not.toMatch(/root:|"private"|createPageRenderer|<title>(Console|Driver app|Business account)/);
      expect(text.startsWith('{"script"'), url).toBe(false);
    }
  });

  it("lets only the console's pages compile WebAssembly, and serves the decoder as application/wasm", async () => {
    const scriptSrc = (response: Response) =>
      (response.headers.get('content-security-policy') ?? '').split(';').find((part) => part.startsWith('script-src'));
    for (const url of ['/ops-test', '/ops-test/scan', '/ops-test/plan']) {
      expect(scriptSrc(await get(url)), url).toBe("script-src 'self' 'wasm-unsafe-eval'");
    }
    for (const url of ['/', '/pricing', '/track/ABCDEFGHJKMN', '/no-such-page', '/api/health', '/favicon.svg']) {
      expect(scriptSrc(await get(url)), url).toBe("script-src 'self'");
    }
    const other = (response: Response) =>
      (response.headers.get('content-security-policy') ?? '')
        .split(';')
        .filter((part) => !part.startsWith('script-src'));
    expect(other(await get('/ops-test/scan'))).toEqual(other(await get('/')));

    // WebAssembly.instantiateStreaming refuses any other type, compressed or not.
    for (const encoding of ['identity', 'br, gzip']) {
      const wasm = await get('/assets/zxing_reader-abc123.wasm', { 'accept-encoding': encoding });
      expect(wasm.status).toBe(200);
      expect(wasm.headers.get('content-type')).toBe('application/wasm');
      expect(wasm.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : 'br');
      expect((await wasm.arrayBuffer()).byteLength).toBe(2008);
    }
  });

  it('keeps the security headers on pages', async () => {
    const home = await get('/');
    expect(home.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
