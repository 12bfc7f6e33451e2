// The migration that adds roles keeps every operator made before it able to do everything: they
// become admins, while an operator added afterwards without a role is not one. *PGlite*: the SQL is
// the same on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../../test/support/migration-steps.ts';

describe('the team migration', () => {
  it('makes the operators that existed admins, and later ones operators by default', async () => {
    await beforeMigration('pglite', '0007_team', async (database) => {
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
});
