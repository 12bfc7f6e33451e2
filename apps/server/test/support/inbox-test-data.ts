import type { TestApp } from './test-app.ts';

let sequence = 0;

/** A valid support request; each call gives distinct names and e-mails. */
export function supportRequestBody(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: `Ada Support ${sequence}`,
    email: `ada.support${sequence}@example.com`,
    phone: '+1 555 010 0001',
    subject: `Parcel ${sequence} is late`,
    category: 'tracking',
    priority: 'high',
    message: 'My parcel has not moved for three days.',
    ...overrides,
  };
}

export function contactMessageBody(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: `Grace Contact ${sequence}`,
    email: `grace${sequence}@example.org`,
    message: 'Do you collect from offices on Saturdays?',
    ...overrides,
  };
}

export const ACCOUNT_PASSWORD = 'correct horse battery staple';

export function accountRequestBody(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: `Obi Account ${sequence}`,
    email: `obi${sequence}@example.com`,
    phone: '+234 801 000 0000',
    address: '12 Marina',
    company: `Obi Logistics ${sequence}`,
    city: 'Lagos',
    country: 'Nigeria',
    password: ACCOUNT_PASSWORD,
    ...overrides,
  };
}

/** Sends a request as a customer and returns the stored item's id. */
export async function sendRequest(testApp: TestApp, path: string, body: unknown): Promise<string> {
  const response = await testApp.client().post(path, body);
  if (response.status !== 201) throw new Error(`${path} failed: ${response.status} ${response.text}`);
  return response.body.id as string;
}
