// The app the tests of e-mail updates run against, with a real SMTP server and the sender driven by
// the tests; the links in its messages, and the steps of subscribing and confirming.
import { expect } from 'vitest';
import type { TestClient } from './http-client.ts';
import { startTestApp, type TestApp } from './test-app.ts';
import type { DatabaseKind } from './test-databases.ts';
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from './test-smtp-server.ts';

export const PUBLIC_URL = 'https://parcels.example.test';
export const CONFIRM_PATH = '/api/subscriptions/confirm?token=';
export const UNSUBSCRIBE_PATH = '/api/subscriptions/unsubscribe?token=';

/** A header field as the message carried it (mailparser folds List-* fields into one object). */
export function headerLine(mail: ReceivedMail, name: string): string | undefined {
  const line = mail.parsed.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

/** The link after `marker` in a message's text, as the path the test server answers. */
export function linkIn(mail: ReceivedMail, marker: string): string {
  const text = mail.parsed.text ?? '';
  const start = text.indexOf(`${PUBLIC_URL}${marker}`);
  expect(start).toBeGreaterThanOrEqual(0);
  const end = text.indexOf('\n', start);
  return text.slice(start + PUBLIC_URL.length, end === -1 ? undefined : end).trim();
}

export const unique = (name: string) => `${name}.${Math.random().toString(36).slice(2, 8)}@example.org`;

export interface SubscriptionsApp {
  smtp: TestSmtpServer;
  testApp: TestApp;
  operator: TestClient;
  visitor: TestClient;
}

export async function startSubscriptionsApp(kind: DatabaseKind): Promise<SubscriptionsApp> {
  const smtp = await startTestSmtpServer();
  let testApp: TestApp | undefined;
  try {
    testApp = await startTestApp(kind, { PUBLIC_URL, SMTP_URL: smtp.url });
    // The tests drive the sender themselves, so no timer sends behind their back.
    await testApp.app.mailOutbox.stop();
    const operator = await testApp.operator();
    const visitor = testApp.client();
    // The customers' own notifications turned off: subscribers get their updates regardless.
    expect((await operator.put('/api/admin/notification-settings', { notifyCustomers: false })).body).toEqual({
      notifyCustomers: false,
    });
    return { smtp, testApp, operator, visitor };
  } catch (error) {
    await testApp?.close();
    await smtp.stop();
    throw error;
  }
}

export async function stopSubscriptionsApp(subscriptions: SubscriptionsApp | undefined) {
  await subscriptions?.testApp.close();
  await subscriptions?.smtp.stop();
}

/** What the tests do through the app, once `current` has started. */
export function subscriptionSteps(current: () => SubscriptionsApp) {
  /** Sends what is due; the messages that arrived in that pass, and the pass's counts. */
  async function deliver() {
    const { smtp, testApp } = current();
    const before = smtp.received.length;
    const run = await testApp.app.mailOutbox.runOnce();
    return { run, received: smtp.received.slice(before) };
  }
  const subscribe = (code: string, email: string) =>
    current().visitor.post(`/api/track/${code}/subscriptions`, { email });
  const to = (received: ReceivedMail[], email: string) =>
    received.filter((mail) => mail.envelopeTo.some((address) => address.toLowerCase() === email.toLowerCase()));
  const changeStatus = async (trackingCode: string, status: string) =>
    expect((await current().operator.post('/api/admin/update-status', { trackingCode, status })).status).toBe(200);
  const addLocation = async (trackingCode: string, location: string) =>
    expect((await current().operator.post('/api/admin/location-update', { trackingCode, location })).status).toBe(201);

  /** The confirmation page's button: a plain form post, with no cookie and no anti-forgery header. */
  const pressConfirm = (link: string) => {
    const client = current().testApp.client();
    return client.request('POST', link, {
      raw: { body: '', contentType: 'application/x-www-form-urlencoded' },
      xsrf: false,
    });
  };

  /** Subscribes and confirms `email` (opens the link, presses the button); returns the confirmation e-mail. */
  async function confirmed(code: string, email: string) {
    expect((await subscribe(code, email)).status).toBe(202);
    const [confirmation] = to((await deliver()).received, email);
    const link = linkIn(confirmation!, CONFIRM_PATH);
    expect((await current().visitor.get(link)).status).toBe(200);
    const page = await pressConfirm(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain('E-mail updates confirmed');
    return confirmation!;
  }
  return { deliver, subscribe, to, changeStatus, addLocation, pressConfirm, confirmed };
}
