// The migration that adds roles keeps every operator made before it able to do everything: they
// become admins, while an operator added afterwards without a role is not one. *PGlite*: the SQL is
// the same on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStepDatabase, type StepDatabase } from '../../../test/support/migration-steps.ts';

describe('the team migration', () => {
  let database: StepDatabase;
  beforeAll(async () => {
    database = await openStepDatabase('pglite');
  });
  afterAll(() => database?.close());

  it('makes the operators that existed admins, and later ones operators by default', async () => {
    await database.applyBefore('0007_team');
    await database.query(`insert into operators (email, password_hash) values ('a@x.test', 'h'), ('b@x.test', 'h')`);

    await database.apply('0007_team');
    const before = await database.query<{ role: string; active: boolean; name: string }>(
      'select role, active, name from operators order by email',
    );
    expect(before).toEqual([
      { role: 'admin', active: true, name: '' },
      { role: 'admin', active: true, name: '' },
    ]);
    await database.query(`insert into operators (email) values ('c@x.test')`);
    const later = await database.query<{ role: string }>(`select role from operators where email = 'c@x.test'`);
    expect(later).toEqual([{ role: 'operator' }]);
  });
});
