// One request must not stall the server: while hostile bodies are read and refused (long runs of
// digits ending in a letter, the input that makes a backtracking number pattern take seconds, and
// texts far over every limit), health checks keep answering about as fast as on an idle server.
// Measured against a baseline taken in the same test, with a generous bound for a shared machine.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageFields, packageForm } from '../support/factories.ts';
import { healthTimesDuring as healthTimes, slowest } from '../support/health-times.ts';
import type { TestClient, TestResponse } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** Digits and a letter at the end: a valid number until the last character. */
const digitsThenX = (count: number) => `${'1'.repeat(count)}x`;
const LONG_TEXT = 'A'.repeat(200_000);

describe('health while hostile bodies are processed', () => {
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    testApp = await startTestApp('pglite');
    operator = await testApp.operator();
  });
  afterAll(() => testApp?.close());

  /** Each sends one hostile body; every one must be refused with a 4xx and a message. */
  const hostileRequests = (): (() => Promise<TestResponse>)[] => {
    const submit = (fields: Record<string, string>) => () =>
      testApp.client().request('POST', '/api/submit-package', { form: packageForm(packageFields(fields)) });
    const plan = { name1: 'Basic', name2: 'Express', name3: 'Rush', price1: 1, price2: 2, price3: 3 };
    const mail = { to: 'ada@example.com', subject: 'Hello', templateType: 'simple', customMessage: 'Hi' };
    return [
      // Numbers as text, in multipart and in JSON.
      submit({ quantity: digitsThenX(65_000) }),
      submit({ weight: digitsThenX(40_000) }),
      submit({ length: digitsThenX(40_000) }),
      () => operator.post('/api/create-plan', { ...plan, price1: digitsThenX(25_000) }),
      () => operator.post('/api/create-plan', { ...plan, price2: digitsThenX(80_000), price3: digitsThenX(80_000) }),
      () => operator.post('/api/admin/email-preview', { ...mail, imageCount: digitsThenX(80_000) }),
      () => operator.get(`/api/admin/packages?page=${digitsThenX(8_000)}`),
      // Texts over every limit, where patterns would read them (e-mail addresses, links).
      submit({ email: `${LONG_TEXT.slice(0, 60_000)}@x`, description: LONG_TEXT.slice(0, 60_000) }),
      () => testApp.client().post('/api/support-requests', { name: 'Ada', email: `${LONG_TEXT}@`, message: 'x' }),
      () => testApp.client().post('/api/contact-messages', { name: 'Ada', message: LONG_TEXT }),
      () => operator.post('/api/details', { watsapp: `https://${LONG_TEXT} x`, email: `${LONG_TEXT}@` }),
      () => operator.post('/api/admin/email-preview', { ...mail, to: `${LONG_TEXT}@x.y`, subject: LONG_TEXT }),
    ];
  };

  /** How long each health check takes, one after another, until `until` settles. */
  const healthTimesDuring = (until: Promise<unknown>) => healthTimes(testApp.client(), until);

  it('keeps answering health checks quickly, and refuses each hostile body with a message', {
    timeout: 120_000,
  }, async () => {
    const idle = await healthTimesDuring(new Promise((resolve) => setTimeout(resolve, 1_000)));
    const baseline = slowest(idle);

    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const answers = Promise.all(
      Array.from({ length: 2 }, () => hostileRequests()).flatMap((round) => round.map((send) => send())),
    );
    const during = await healthTimesDuring(answers);
    loop.disable();

    for (const answer of await answers) {
      expect(answer.status, answer.text.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(answer.status, answer.text.slice(0, 200)).toBeLessThan(500);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    const blocked = Math.round(loop.max / 1e6);
    // Backtracking blocked the loop for seconds; a bound of a second over 20 idle checks leaves room
    // for a busy machine and still catches that.
    expect(
      slowest(during),
      `slowest health check ${slowest(during)} ms (idle ${Math.round(baseline)} ms), event loop blocked up to ${blocked} ms`,
    ).toBeLessThan(1_000 + 20 * baseline);
  });
});
