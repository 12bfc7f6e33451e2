import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { PRERENDERED_PATHS, prerenderedFile } from '@waybill/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';

const page = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body>${title}</body></html>`;

/** A small stand-in for the web build, laid out as apps/web/dist is. */
async function writeWebBuild(root: string) {
  await mkdir(path.join(root, 'assets'), { recursive: true });
  for (const pathname of PRERENDERED_PATHS) {
    const file = path.join(root, prerenderedFile(pathname));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, page(pathname === '/' ? 'Home' : `Route ${pathname.slice(1)}`));
  }
  await writeFile(path.join(root, '__spa-fallback.html'), page('App'));
  const script = 'console.log("waybill");'.repeat(50);
  await writeFile(path.join(root, 'assets/index-abc123.js'), script);
  await writeFile(path.join(root, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  // The scan page's barcode decoder: a WebAssembly module's first bytes.
  const wasm = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(2000)]);
  await writeFile(path.join(root, 'assets/zxing_reader-abc123.wasm'), wasm);
  await writeFile(path.join(root, 'assets/zxing_reader-abc123.wasm.br'), brotliCompressSync(wasm));
  await writeFile(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

describe('serving the web app', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    const root = path.join(process.env.TMPDIR ?? '/tmp', `waybill-web-${process.pid}-${Date.now()}`);
    await writeWebBuild(root);
    testApp = await startTestApp('pglite', { WEB_DIST_DIR: root, ADMIN_PATH: '/ops-test' });
  });
  afterAll(() => testApp?.close());

  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${testApp.baseUrl}${url}`, { headers });

  it('serves the prerendered home and routes, with or without a trailing slash', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<title>Home</title>');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(home.headers.get('content-type')).toContain('text/html');
    for (const url of ['/pricing', '/pricing/', '/0', '/thank-you/']) {
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`Route ${url.replaceAll('/', '')}`);
    }
  });

  it('serves the SPA fallback for a tracking link and the console, with the console base', async () => {
    const track = await get('/track/ABCDEFGHJKMN');
    expect(track.status).toBe(200);
    expect(await track.text()).toContain('<title>App</title>');
    for (const url of ['/ops-test', '/ops-test/', '/ops-test/plan', '/ops-test/contact']) {
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<meta name="waybill-console-base" content="/ops-test"></head>');
    }
  });

  it('answers an unknown page with the app and a 404, an unknown API route with JSON', async () => {
    const page404 = await get('/no-such-page');
    expect(page404.status).toBe(404);
    expect(await page404.text()).toContain('<title>App</title>');
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
    expect((await get('/assets/missing.js')).status).toBe(404);
  });

  it('serves other root files of the build and refuses path tricks', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    for (const url of [
      '/..%2f..%2fetc%2fpasswd',
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/package.json',
    ]) {
      const response = await get(url);
      expect([403, 404]).toContain(response.status);
      expect(await response.text()).not.toMatch(/root:|"name"/);
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
