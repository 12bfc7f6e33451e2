// `npm run operator -- add` and `-- reset`, run as the real command on a database of its own: each
// change is recorded in the audit log with the command line as its actor, and no password or hash.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databasesFor, type TestDatabase } from '../../../test/support/test-databases.ts';
import { openDatabase } from '../../db/client.ts';
import { auditLog, operators } from '../../db/schema/index.ts';

const run = promisify(execFile);
const SERVER_ROOT = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'Lantern-Quartz-Meadow-47';
const NEW_PASSWORD = 'Harbor-Velvet-Comet-58';

// One database: what the command writes is ordinary rows (the slow-down's counting is proved on both in
// sign-in-throttle.test.ts).
describe.each(databasesFor('any'))('the operator command on %s', (kind) => {
  let dataDir: string;
  let database: TestDatabase;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-operator-cli-'));
    database = await createTestDatabase(kind, dataDir);
  });
  afterAll(async () => {
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const operatorCommand = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/modules/auth/operator-cli.ts', ...args], {
      cwd: SERVER_ROOT,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        DATABASE_URL: database.databaseUrl ?? '',
        LOG_LEVEL: 'silent',
      },
    });

  it('records the admin it adds and the password it resets, as done by the command line', {
    timeout: 120_000,
  }, async () => {
    await operatorCommand('add', 'Chief@Waybill.test', '--name', 'Chief Admin', '--password', PASSWORD);
    await operatorCommand('reset', 'chief@waybill.test', '--password', NEW_PASSWORD);

    const handle = await openDatabase({ dataDir, databaseUrl: database.databaseUrl });
    try {
      const [chief] = await handle.db.select().from(operators);
      const entries = await handle.db.select().from(auditLog).orderBy(asc(auditLog.at));
      expect(entries).toEqual([
        expect.objectContaining({
          actorKind: 'command-line',
          actorId: null,
          actorEmail: null,
          action: 'operator.added',
          targetType: 'operator',
          targetId: chief!.id,
          before: null,
          after: { email: 'chief@waybill.test', name: 'Chief Admin', role: 'admin' },
          ip: null,
        }),
        expect.objectContaining({
          actorKind: 'command-line',
          action: 'operator.password_reset',
          targetType: 'operator',
          targetId: chief!.id,
          before: null,
          after: null,
        }),
      ]);
      const text = JSON.stringify(entries);
      for (const secret of [PASSWORD, NEW_PASSWORD, chief!.passwordHash]) expect(text).not.toContain(secret);
    } finally {
      await handle.close();
    }
  });
});
