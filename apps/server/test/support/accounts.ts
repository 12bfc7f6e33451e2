import type { TestClient } from './http-client.ts';
import { accountRequestBody, sendRequest } from './inbox-test-data.ts';
import type { TestApp } from './test-app.ts';
import type { TestSmtpServer } from './test-smtp-server.ts';

export const MEMBER_PASSWORD = 'Lantern-Quietly-Orbit-47';

/** A shipment as the portal's ship form sends it (the sender is the account). */
export function accountShipmentBody(overrides: Record<string, unknown> = {}) {
  return {
    receiverName: 'Kemi Receiver',
    receiverEmail: 'kemi@example.com',
    receiverPhone: '+234 802 000 0000',
    destination: '5 Allen Avenue, Ikeja',
    description: 'Two boxes of books',
    quantity: 2,
    weight: 3.5,
    dimensionUnit: 'cm',
    length: 30,
    width: 20,
    height: 10,
    ...overrides,
  };
}

/** Sends what the outbox holds and returns the token of the account link e-mailed to `to` in that pass. */
export async function accountLinkSentTo(testApp: TestApp, smtp: TestSmtpServer, to: string) {
  const before = smtp.received.length;
  await testApp.app.mailOutbox.runOnce();
  const mail = smtp.received.slice(before).find((received) => received.envelopeTo.includes(to));
  if (!mail) throw new Error(`no e-mail to ${to}`);
  const text = mail.parsed.text ?? '';
  const token = /\/account\/set-password#token=([\w-]{43})/.exec(text)?.[1];
  if (!token) throw new Error(`no link in ${text}`);
  return { token, text, subject: mail.parsed.subject ?? '' };
}

export async function signInMember(testApp: TestApp, email: string, password = MEMBER_PASSWORD): Promise<TestClient> {
  const client = testApp.client();
  const answer = await client.post('/api/account/sign-in', { email, password });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`);
  return client;
}

/**
 * An approved account the way a shop gets one: its request, an operator's Approve, the e-mailed link
 * with a password, and a client signed in as its owner.
 */
export async function approvedAccount(
  testApp: TestApp,
  smtp: TestSmtpServer,
  operator: TestClient,
  overrides: Record<string, unknown> = {},
) {
  const request = accountRequestBody(overrides);
  const requestId = await sendRequest(testApp, '/api/account-requests', request);
  const approved = await operator.post(`/api/admin/inbox/${requestId}/approve`);
  if (approved.status !== 200) throw new Error(`approve failed: ${approved.status} ${approved.text}`);
  const { token } = await accountLinkSentTo(testApp, smtp, request.email);
  const set = await testApp.client().post('/api/account/set-password', { token, password: MEMBER_PASSWORD });
  if (set.status !== 200) throw new Error(`set-password failed: ${set.status} ${set.text}`);
  return {
    requestId,
    accountId: approved.body.accountId as string,
    email: request.email,
    company: request.company,
    owner: await signInMember(testApp, request.email),
  };
}
