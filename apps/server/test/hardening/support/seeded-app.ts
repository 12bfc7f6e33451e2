import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { acceptedPackage, submitPackage } from '../../support/factories.ts';
import type { TestClient } from '../../support/http-client.ts';
import type { TestApp } from '../../support/test-app.ts';
import { fingerprintRows } from './database-state.ts';
import type { SeededContext } from './endpoint-specs.ts';
import type { RawAnswer } from './raw-http.ts';

/**
 * A pending and an accepted package (with a location update), a plan and contact details. Each
 * submission queues its shipper's receipt: the mail outbox is stopped and what it holds sent now, so
 * no e-mail changes rows or files behind a before-and-after comparison.
 */
export async function seedContext(testApp: TestApp, operator: TestClient): Promise<SeededContext> {
  await testApp.app.mailOutbox.stop();
  const pendingCode = await submitPackage(testApp);
  const { trackingCode: acceptedCode } = await acceptedPackage(testApp, operator);
  const located = await operator.post('/api/admin/location-update', { trackingCode: acceptedCode, location: 'Depot' });
  const plan = await operator.post('/api/create-plan', {
    name1: 'Basic',
    name2: 'Express',
    name3: 'Rush',
    price1: 1,
    price2: 2,
    price3: 3,
  });
  const details = await operator.post('/api/details', { phone: '+1 555 0100', address: ['1 Dock Road'] });
  if (located.status !== 201 || plan.status !== 201 || details.status !== 201) {
    throw new Error(`seeding failed: ${located.status} ${plan.status} ${details.status}`);
  }
  await testApp.app.mailOutbox.runOnce();
  return {
    pendingCode,
    acceptedCode,
    locationTimestamp: located.body.locationUpdates[0].timestamp,
    planId: plan.body._id,
    detailsId: details.body._id,
  };
}

async function listNames(directory: string): Promise<string[]> {
  try {
    return (await readdir(directory, { recursive: true })).sort();
  } catch {
    return [];
  }
}

export interface StoredState {
  rows: Record<string, string>;
  uploads: string[];
  tmp: string[];
  outbox: string[];
}

/**
 * Every row and every file under DATA_DIR/uploads, tmp and outbox. Sessions, rate-limit counters and
 * failed sign-ins aside: reading the console refreshes a session, on PostgreSQL a refused request
 * still counts against its route's limit (the limit runs before the body is read, as it must), and a
 * refused sign-in counts against its account's lock and is itself an audit log entry (the event
 * recorded, not a change stored): every other audit entry counts.
 */
export async function readStoredState(testApp: TestApp): Promise<StoredState> {
  return {
    rows: await fingerprintRows(testApp.app.db, {
      skip: ['sessions', 'rate_limit_counters', 'sign_in_failures'],
      where: { audit_log: sql`t.action <> 'auth.sign_in_failed'` },
    }),
    uploads: await listNames(path.join(testApp.dataDir, 'uploads')),
    tmp: await listNames(path.join(testApp.dataDir, 'tmp')),
    outbox: await listNames(path.join(testApp.dataDir, 'outbox')),
  };
}

/** A refusal answered as a page for a browser (the links of e-mail updates): a 4xx HTML page, nothing stored. */
export async function expectPageRefusedLeavingNothing(answer: RawAnswer, before: StoredState, testApp: TestApp) {
  expect(answer.status, answer.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
  expect(answer.text).toContain('<h1>');
  expect(answer.text).not.toMatch(/\.[jt]s:\d+:\d+/);
  const after = await readStoredState(testApp);
  expect(after.rows).toEqual(before.rows);
  expect(after.outbox).toEqual(before.outbox);
}

/** The property every refusal must keep: a 4xx JSON `{ message }`, and nothing stored or left on disk. */
export async function expectRefusedLeavingNothing(answer: RawAnswer, before: StoredState, testApp: TestApp) {
  expect(answer.status, answer.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
  if (answer.headers['content-type']?.startsWith('application/problem+json')) {
    // The web shops' API (/api/v1) answers RFC 9457 problem details: a title, and what failed.
    expect(typeof answer.body.title).toBe('string');
    expect(answer.body.status).toBe(answer.status);
  } else {
    expect(answer.headers['content-type']).toContain('application/json');
    expect(typeof answer.body.message).toBe('string');
    expect(answer.body.message.length).toBeGreaterThan(0);
  }
  expect(answer.text).not.toMatch(/\.[jt]s:\d+:\d+/);
  const after = await readStoredState(testApp);
  expect(after.rows).toEqual(before.rows);
  expect(after.uploads).toEqual(before.uploads);
  expect(after.tmp).toEqual([]);
  expect(after.outbox).toEqual(before.outbox);
}
