// Slow and hostile clients. The HTTP time limits are worked out from a slow phone's largest upload
// (http-timeouts.ts) and applied to the server; then, shortened, each is watched acting on raw sockets:
// a trickled body, slow headers, a silent connection, an upload that outlasts the request timeout and
// an idle kept-alive connection are cut off, while a slow but steady upload still succeeds.
import { SLOW_REQUEST_MESSAGE } from '@waybill/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_TIMEOUTS, type HttpTimeouts, UPLOAD_BUDGET } from '../../src/http-timeouts.ts';
import { packageFields, packageForm } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { databasesFor } from '../support/test-databases.ts';
import { credentialsOf, sendSlowly } from './support/raw-http.ts';

// One database for the apps of this file outside describe.each: what they check is decided before the database.
const ONE_DATABASE = databasesFor('any')[0]!;

/** A visitor's anti-forgery cookie and header, as raw header lines, for the app the tests below run on. */
let CREDENTIALS = '';
async function useCredentialsOf(testApp: TestApp): Promise<void> {
  const { cookie, 'x-xsrf-token': token } = await credentialsOf(testApp.client());
  CREDENTIALS = `Cookie: ${cookie}\r\nX-XSRF-Token: ${token}\r\n`;
}

/** A raw POST; unless told otherwise, it asks the server to close the connection after answering. */
function rawPost(
  path: string,
  contentType: string,
  body: Buffer,
  extraHeaders = `Connection: close\r\n${CREDENTIALS}`,
) {
  const head =
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\n` +
    `Content-Length: ${body.length}\r\n${extraHeaders}\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
}

/** A package submission with one photo of noise (it does not compress) of about `kilobytes`. */
async function submissionWithPhoto(kilobytes: number) {
  const side = Math.round(Math.sqrt((kilobytes * 1024) / 3));
  const photo = await sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const encoded = new Response(packageForm(packageFields(), [{ name: 'parcel.png', data: photo }]));
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

const parsed = (body: string) => {
  try {
    return JSON.parse(body);
  } catch {
    return { unparsable: body };
  }
};

describe('HTTP time limits', () => {
  it('fit a slow phone uploading five 10 MB photos, and are the ones the server runs with', async () => {
    const { largestBodyBytes, slowUplinkBytesPerSecond } = UPLOAD_BUDGET;
    expect(largestBodyBytes).toBeGreaterThan(5 * 10 * 1024 * 1024);
    const slowUploadMs = (largestBodyBytes / slowUplinkBytesPerSecond) * 1000;
    expect(slowUploadMs).toBeGreaterThan(14 * 60_000);
    // The whole upload fits with a quarter to spare at least…
    expect(HTTP_TIMEOUTS.requestMs).toBeGreaterThanOrEqual(slowUploadMs * 1.25);
    // …the minimum rate is far below the slow uplink and forgives a stall of ten seconds or more…
    const { bytes, windowMs } = HTTP_TIMEOUTS.minBodyRate;
    expect((bytes / windowMs) * 1000).toBeLessThanOrEqual(slowUplinkBytesPerSecond / 20);
    expect(windowMs).toBeGreaterThanOrEqual(10_000);
    // …yet a trickle is cut long before the request timeout, and the largest headers Node accepts
    // (16 KB) arrive in time even at the minimum rate.
    expect(windowMs * 10).toBeLessThanOrEqual(HTTP_TIMEOUTS.requestMs);
    expect(((16 * 1024) / bytes) * windowMs).toBeLessThan(HTTP_TIMEOUTS.headersMs);
    expect(HTTP_TIMEOUTS.checkEveryMs).toBeLessThanOrEqual(HTTP_TIMEOUTS.headersMs / 4);
    expect(HTTP_TIMEOUTS.keepAliveMs).toBeGreaterThan(60_000);

    const testApp = await startTestApp(ONE_DATABASE);
    try {
      const server = testApp.app.server;
      expect({
        headersTimeout: server.headersTimeout,
        requestTimeout: server.requestTimeout,
        timeout: server.timeout,
        keepAliveTimeout: server.keepAliveTimeout,
      }).toEqual({
        headersTimeout: HTTP_TIMEOUTS.headersMs,
        requestTimeout: HTTP_TIMEOUTS.requestMs,
        timeout: HTTP_TIMEOUTS.idleMs,
        keepAliveTimeout: HTTP_TIMEOUTS.keepAliveMs,
      });
    } finally {
      await testApp.close();
    }
  });
});

describe('a server with shortened time limits', () => {
  // The request timeout is far away here, so what cuts a trickle is the minimum rate.
  const SHORT: HttpTimeouts = {
    headersMs: 1500,
    requestMs: 30_000,
    minBodyRate: { bytes: 4096, windowMs: 1000 },
    idleMs: 30_000,
    keepAliveMs: 1000,
    checkEveryMs: 250,
  };
  /** Well under the request timeout: a cut before this is the minimum rate's or the headers timeout's doing. */
  const CUT_WITHIN_MS = 10_000;
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(ONE_DATABASE, {}, { timeouts: SHORT });
    await useCredentialsOf(testApp);
  });
  afterAll(() => testApp?.close());

  it('cuts bodies trickled a byte at a time, on 40 connections at once, long before the request timeout', async () => {
    const login = rawPost('/api/auth/login', 'application/json', Buffer.from(`{"email":"${'a'.repeat(180)}"}`));
    const head = login.indexOf('\r\n\r\n') + 4;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        sendSlowly(testApp.baseUrl, login, { atOnce: head, chunkBytes: 1, everyMs: 200, giveUpMs: 40_000 }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(408);
      expect(parsed(answer.body)).toEqual({ message: SLOW_REQUEST_MESSAGE });
      expect(answer.closedAfterMs).toBeGreaterThanOrEqual(SHORT.minBodyRate.windowMs * 0.9);
      expect(answer.closedAfterMs).toBeLessThan(CUT_WITHIN_MS);
      expect(answer.sentBytes).toBeLessThan(login.length);
    }
    expect((await testApp.client().get('/api/health')).status).toBe(200);
  });

  it('cuts a trickle that goes on after an early answer', async () => {
    // No anti-forgery token: refused at once, but the client keeps trickling the body it announced on
    // a kept-alive connection, which Node keeps reading to find the next request.
    const forged = rawPost('/api/auth/login', 'application/json', Buffer.alloc(2000, 0x20), '');
    const answer = await sendSlowly(testApp.baseUrl, forged, {
      atOnce: forged.indexOf('\r\n\r\n') + 4,
      chunkBytes: 1,
      everyMs: 200,
      giveUpMs: 40_000,
    });
    expect(answer.status).toBe(403);
    expect(answer.closedAfterMs).toBeLessThan(CUT_WITHIN_MS);
  });

  it('cuts a photo upload trickled a byte at a time and keeps no temporary file', async () => {
    const { body, contentType } = await submissionWithPhoto(40);
    const request = rawPost('/api/submit-package', contentType, body);
    // Most of the upload at once, then a trickle in the middle of the photo.
    const answer = await sendSlowly(testApp.baseUrl, request, {
      atOnce: request.length - 20_000,
      chunkBytes: 1,
      everyMs: 200,
      giveUpMs: 40_000,
    });
    expect(answer.status).toBe(408);
    expect(answer.closedAfterMs).toBeLessThan(CUT_WITHIN_MS);
    await expect.poll(async () => (await testApp.storedFiles()).tmp).toEqual([]);
    expect((await testApp.storedFiles()).uploads).toEqual([]);
  });

  it('cuts headers that arrive too slowly, and a connection that sends nothing', async () => {
    const head = Buffer.from(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: ${'a'.repeat(500)}\r\n\r\n`);
    const [slowHeaders, silent] = await Promise.all([
      sendSlowly(testApp.baseUrl, head, { atOnce: 10, chunkBytes: 1, everyMs: 100, giveUpMs: 40_000 }),
      sendSlowly(testApp.baseUrl, Buffer.alloc(0), { atOnce: 0, chunkBytes: 0, everyMs: 1000, giveUpMs: 40_000 }),
    ]);
    for (const answer of [slowHeaders, silent]) {
      expect(answer.status).toBe(408);
      expect(parsed(answer.body)).toEqual({ message: SLOW_REQUEST_MESSAGE });
      expect(answer.closedAfterMs).toBeGreaterThanOrEqual(SHORT.headersMs * 0.9);
      expect(answer.closedAfterMs).toBeLessThan(CUT_WITHIN_MS);
    }
    expect(slowHeaders.sentBytes).toBeLessThan(head.length);
  });

  it('accepts a slow but steady photo upload that spans several rate windows', async () => {
    const { body, contentType } = await submissionWithPhoto(120);
    const request = rawPost('/api/submit-package', contentType, body);
    // 8 KB every 200 ms (40 KB/s, ten times the minimum rate): about three seconds.
    const answer = await sendSlowly(testApp.baseUrl, request, {
      atOnce: 1024,
      chunkBytes: 8 * 1024,
      everyMs: 200,
      giveUpMs: 60_000,
    });
    expect(answer.status, answer.body).toBe(201);
    expect(parsed(answer.body).trackingCode).toMatch(/^[A-Z0-9]{12}$/);
    expect(answer.sentBytes).toBe(request.length);
    expect(answer.closedAfterMs).toBeGreaterThan(2 * SHORT.minBodyRate.windowMs);
  });

  it('closes a kept-alive connection left idle after its answer', async () => {
    const get = Buffer.from('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const answer = await sendSlowly(testApp.baseUrl, get, {
      atOnce: get.length,
      chunkBytes: 0,
      everyMs: 1000,
      giveUpMs: 40_000,
    });
    expect(answer.status).toBe(200);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(SHORT.keepAliveMs * 0.9);
    expect(answer.closedAfterMs).toBeLessThan(CUT_WITHIN_MS);
  });
});

describe('a server with a short request timeout', () => {
  const SHORT_REQUEST: HttpTimeouts = {
    headersMs: 1500,
    requestMs: 3000,
    minBodyRate: { bytes: 1024, windowMs: 1000 },
    idleMs: 30_000,
    keepAliveMs: 1000,
    checkEveryMs: 250,
  };
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(ONE_DATABASE, {}, { timeouts: SHORT_REQUEST });
    await useCredentialsOf(testApp);
  });
  afterAll(() => testApp?.close());

  it('cuts an upload that keeps the minimum rate but outlasts the request timeout', async () => {
    const { body, contentType } = await submissionWithPhoto(200);
    const request = rawPost('/api/submit-package', contentType, body);
    // 4 KB every 250 ms (16 KB/s): above the minimum rate, but 200 KB take over twelve seconds.
    const answer = await sendSlowly(testApp.baseUrl, request, {
      atOnce: 1024,
      chunkBytes: 4 * 1024,
      everyMs: 250,
      giveUpMs: 40_000,
    });
    expect(answer.status).toBe(408);
    expect(parsed(answer.body)).toEqual({ message: SLOW_REQUEST_MESSAGE });
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(SHORT_REQUEST.requestMs * 0.9);
    expect(answer.closedAfterMs).toBeLessThan(SHORT_REQUEST.requestMs + 6000);
    expect(answer.sentBytes).toBeLessThan(request.length);
    await expect.poll(async () => (await testApp.storedFiles()).tmp).toEqual([]);
  });
});
