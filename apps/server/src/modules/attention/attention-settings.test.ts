// The hours of the "Needs attention" rules: defaults until saved, whole hours within bounds, written by
// admins only (operators read them), each change in the audit log.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { attentionSettings, auditLog, operators } from '../../db/schema/index.ts';
import { addOperator } from '../auth/auth.service.ts';
import { passwordSiteOf } from '../auth/password-strength.ts';

const PATH = '/api/admin/attention-settings';
const OPERATOR = { email: 'desk@waybill.test', password: 'Lantern-Quietly-Orbit-47' };

// One database: bounds, messages and the admin-only check are the app's; one settings row.
describe.each(databasesFor('any'))('attention settings on %s', (kind) => {
  let testApp: TestApp;
  let admin: TestClient;
  let operator: TestClient;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
    admin = await testApp.operator();
    await addOperator(testApp.app.db, passwordSiteOf(testApp.app.config), OPERATOR.email, OPERATOR.password, 'Desk');
    await testApp.app.db.update(operators).set({ role: 'operator' }).where(eq(operators.email, OPERATOR.email));
    operator = testApp.client();
    expect((await operator.post('/api/auth/login', OPERATOR)).status).toBe(200);
  });
  afterAll(() => testApp?.close());

  const audited = () =>
    testApp.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.attention_changed'))
      .orderBy(auditLog.at);

  it('answers the defaults (24, 48, 0) while none are saved, to an operator too', async () => {
    const response = await operator.get(PATH);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ pendingHours: 24, staleHours: 48, lateHours: 0 });
    expect(await testApp.app.db.select().from(attentionSettings)).toEqual([]);
  });

  it('lets an admin save whole hours, keeps them, and records only what changed', async () => {
    const saved = await admin.put(PATH, { pendingHours: 12, staleHours: 48, lateHours: 6 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ pendingHours: 12, staleHours: 48, lateHours: 6 });
    expect((await operator.get(PATH)).body).toEqual({ pendingHours: 12, staleHours: 48, lateHours: 6 });
    const [entry] = await audited();
    expect(entry).toMatchObject({
      actorKind: 'operator',
      targetType: 'settings',
      targetId: 'attention',
      before: { pendingHours: 24, lateHours: 0 },
      after: { pendingHours: 12, lateHours: 6 },
    });
  });

  it('refuses an operator with 403 and changes nothing', async () => {
    const entries = (await audited()).length;
    const response = await operator.put(PATH, { pendingHours: 1, staleHours: 1, lateHours: 1 });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Only an admin can do that' });
    expect((await admin.get(PATH)).body).toEqual({ pendingHours: 12, staleHours: 48, lateHours: 6 });
    expect(await audited()).toHaveLength(entries);
  });

  it.each([
    [{ pendingHours: 0, staleHours: 48, lateHours: 0 }, 'pendingHours', 'Pending hours'],
    [{ pendingHours: 24, staleHours: 8761, lateHours: 0 }, 'staleHours', 'Hours without an update'],
    [{ pendingHours: 24, staleHours: 48, lateHours: -1 }, 'lateHours', 'Hours past the estimated delivery'],
    [{ pendingHours: 1.5, staleHours: 48, lateHours: 0 }, 'pendingHours', 'Pending hours'],
    [{ pendingHours: 24, staleHours: '1'.repeat(400), lateHours: 0 }, 'staleHours', undefined],
    [{ pendingHours: 24, staleHours: 48 }, 'lateHours', 'Hours past the estimated delivery'],
  ])('refuses %o with 400 on %s and stores nothing', async (body, field, label) => {
    const entries = (await audited()).length;
    const response = await admin.put(PATH, body);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toEqual([field]);
    if (label)
      expect(response.body.message).toBe(
        `${label} must be a whole number of hours from ${field === 'lateHours' ? 0 : 1} to 8760`,
      );
    expect((await admin.get(PATH)).body).toEqual({ pendingHours: 12, staleHours: 48, lateHours: 6 });
    expect(await audited()).toHaveLength(entries);
  });
});
