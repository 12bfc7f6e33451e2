// The app the audit log's tests run against: a mail server that refuses one recipient, the first
// admin and a member operator signed in; and the log as the admin reads it.
import type { AuditEntry } from '@waybill/domain';
import { expect } from 'vitest';
import { insertOperator } from '../../src/modules/auth/auth.repository.ts';
import { hashPassword } from '../../src/modules/auth/password.ts';
import { submitPackage } from './factories.ts';
import type { TestClient } from './http-client.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from './test-app.ts';
import type { DatabaseKind } from './test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server.ts';

export const MEMBER = { email: 'member@waybill.test', password: 'plum tugboat velvet 93' };
export const PLAN = { name1: 'Basic', name2: 'Express', name3: 'Rush', price1: 1, price2: 2, price3: 3 };

export interface AuditApp {
  testApp: TestApp;
  smtp: TestSmtpServer;
  /** The first operator, an admin. */
  admin: TestClient;
  /** An operator who is not an admin. */
  member: TestClient;
  adminId: string;
}

/** One change: what it records, then the same route refused, which records nothing. */
export interface AuditCase {
  name: string;
  change: () => Promise<{ status: number; expected: Partial<AuditEntry> }>;
  refused: () => Promise<number>;
}

/** The log's entries as the admin reads them (`GET /api/admin/audit`), with the total and the headers. */
export async function auditEntries(admin: TestClient, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
  );
  const answer = await admin.get<AuditEntry[]>(`/api/admin/audit?${search}`);
  expect(answer.status, answer.text).toBe(200);
  return { items: answer.body, total: Number(answer.headers.get('x-total-count')), headers: answer.headers };
}

export async function startAuditApp(kind: DatabaseKind): Promise<AuditApp> {
  const smtp = await startTestSmtpServer({ rejectRecipients: ['nobody@example.org'] });
  let testApp: TestApp | undefined;
  try {
    testApp = await startTestApp(kind, {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://waybill.test',
      MAIL_FROM: 'Waybill <no-reply@waybill.test>',
    });
    await testApp.app.mailOutbox.stop();
    const admin = await testApp.operator();
    await insertOperator(testApp.app.db, {
      email: MEMBER.email,
      passwordHash: await hashPassword(MEMBER.password),
      role: 'operator',
    });
    const member = testApp.client();
    expect((await member.post('/api/auth/login', MEMBER)).status).toBe(200);
    const signIns = await auditEntries(admin, { action: 'auth.sign_in_succeeded', actor: TEST_ADMIN.email });
    return { testApp, smtp, admin, member, adminId: signIns.items[0]!.actorId! };
  } catch (error) {
    await testApp?.close();
    await smtp.stop();
    throw error;
  }
}

export async function stopAuditApp(audit: AuditApp | undefined) {
  await audit?.testApp.close();
  await audit?.smtp.stop();
}

/** What the tests read from the log and make through the app, once `current` has started. */
export function auditReading(current: () => AuditApp) {
  const list = (query: Record<string, string | number> = {}) => auditEntries(current().admin, query);
  const newest = async () => (await list({ pageSize: 1 })).items[0]!;
  const total = async () => (await list({ pageSize: 1 })).total;
  const byAdmin = () => ({
    actorKind: 'operator',
    actorId: current().adminId,
    actorEmail: TEST_ADMIN.email,
    ip: '127.0.0.1',
  });
  async function pendingCode() {
    return submitPackage(current().testApp);
  }
  async function acceptedCode() {
    const code = await pendingCode();
    expect((await current().admin.post('/api/admin/accept', { trackingCode: code })).status).toBe(200);
    return code;
  }
  return { list, newest, total, byAdmin, pendingCode, acceptedCode };
}

export function emailPayload(to: string) {
  return {
    to,
    subject: 'Hello',
    templateType: 'simple',
    customMessage: 'A note about your package.',
    includeImages: false,
    imageCount: 1,
  };
}
