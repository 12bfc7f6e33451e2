import type { OperatorRole } from '@waybill/domain';
import { createOperatorRow } from '../../src/modules/auth/auth.service.ts';
import { hashPassword } from '../../src/modules/auth/password.ts';
import type { TestClient } from './http-client.ts';
import type { TestApp } from './test-app.ts';

let sequence = 0;

/**
 * A member of the team with `role` and a password, written straight to the database (the invitation's
 * e-mail round trip is the team tests' subject), and a client signed in as them.
 */
export async function signedInMember(
  testApp: TestApp,
  role: OperatorRole,
  name = `Member ${role} ${sequence + 1}`,
): Promise<{ id: string; email: string; client: TestClient }> {
  sequence += 1;
  const email = `${role}.${sequence}.${Date.now()}@waybill.test`;
  const password = `Harbor-Velvet-Rocket-${sequence}`;
  const row = await createOperatorRow(testApp.app.db, {
    email,
    passwordHash: await hashPassword(password),
    name,
    role,
  });
  if (!row) throw new Error(`could not add ${email}`);
  const client = testApp.client();
  const answer = await client.post('/api/auth/login', { email, password });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`);
  return { id: row.id, email, client };
}
