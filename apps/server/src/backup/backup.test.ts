import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, packageFields, packageForm } from '../../test/support/factories.ts';
import { TestClient } from '../../test/support/http-client.ts';
import { statusCounts } from '../../test/support/status-counts.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../test/support/test-app.ts';
import { createTestDatabase, databasesFor, type TestDatabase } from '../../test/support/test-databases.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { BackupError, backup, restore } from './backup.ts';

/** The app on an existing DATA_DIR and database, listening on a free port. */
async function startOn(dataDir: string, databaseUrl: string | undefined) {
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: 'silent',
      RATE_LIMITS: 'off',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

// Both databases: backup and restore read and write every table, each driver its own way.
describe.each(databasesFor('sql'))('backup and restore on %s', (kind) => {
  let source: TestApp;
  let work: string;
  let targetDir: string;
  let target: TestDatabase;
  let trackingCode: string;
  let photoUrl: string;
  let photo: Buffer;
  let operator: TestClient;
  let packageBefore: unknown;
  let trackedBefore: unknown;
  let historyBefore: unknown;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'waybill-backup-'));
    // The backup reads the database from DATA_DIR, as the command does on a server.
    source = await startTestApp(kind, {}, { databaseFiles: true });
    const customer = source.client();
    const submitted = await customer.request('POST', '/api/submit-package', {
      form: packageForm(packageFields(), [{ name: 'box.png', data: await imageBytes('png') }]),
    });
    expect(submitted.status).toBe(201);
    trackingCode = submitted.body.trackingCode;
    photoUrl = submitted.body.packageImages[0];
    photo = Buffer.from(await (await fetch(`${source.baseUrl}${photoUrl}`)).arrayBuffer());
    operator = await source.operator();
    expect((await operator.post('/api/admin/accept', { trackingCode })).status).toBe(200);
    packageBefore = (await operator.get(`/api/admin/packages/${trackingCode}`)).body;
    trackedBefore = (await customer.get(`/api/track/${trackingCode}`)).body;
    historyBefore = (await operator.get(`/api/admin/packages/${trackingCode}/history`)).body;
    // Stop the server (PGlite has one owner), keep its data.
    await source.app.close();

    targetDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-restore-'));
    target = await createTestDatabase(kind, targetDir);
  });

  afterAll(async () => {
    await source?.close();
    await target?.drop();
    await rm(work, { recursive: true, force: true });
    await rm(targetDir, { recursive: true, force: true });
  });

  it('round-trips the rows and the photos into an empty database and DATA_DIR', async () => {
    const file = path.join(work, 'waybill.backup.gz');
    const databaseUrl = source.app.config.databaseUrl;
    const saved = await backup({ dataDir: source.dataDir, databaseUrl }, file);
    expect(saved.photos).toBe((await readdir(path.join(source.dataDir, 'uploads'))).length);
    expect(saved.photos).toBeGreaterThanOrEqual(2); // display size and thumbnail
    // Never overwrites a file.
    await expect(backup({ dataDir: source.dataDir, databaseUrl }, file)).rejects.toThrow(
      new BackupError(`${file} already exists`),
    );

    const restored = await restore({ dataDir: targetDir, databaseUrl: target.databaseUrl }, file);
    expect(restored).toEqual(saved);

    const { app, baseUrl } = await startOn(targetDir, target.databaseUrl);
    try {
      const tracked = await new TestClient(baseUrl).get(`/api/track/${trackingCode}`);
      expect(tracked.status).toBe(200);
      expect(tracked.body).toEqual(trackedBefore);
      // The operator's session came back with the rows: the same cookie is still signed in.
      const sameOperator = new TestClient(baseUrl);
      for (const [name, value] of operator.cookies) sameOperator.cookies.set(name, value);
      const after = await sameOperator.get(`/api/admin/packages/${trackingCode}`);
      expect(after.status).toBe(200);
      expect(after.body).toEqual(packageBefore);
      const served = await fetch(`${baseUrl}${photoUrl}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);
      // The audit log came back too (its truncate trigger is set aside inside the restore only), and
      // refuses a truncate again afterwards.
      const history = await sameOperator.get(`/api/admin/packages/${trackingCode}/history`);
      expect(history.body).toEqual(historyBefore);
      expect((history.body as { action: string }[]).map((entry) => entry.action)).toEqual([
        'package.accepted',
        'package.submitted',
      ]);
      await expect(app.db.execute(sql`truncate audit_log`)).rejects.toThrow();
      // The package events came back with their deliveries, and the next change goes on after them with
      // a delivery of its own (the fan-out trigger is set aside inside the restore only).
      const events = async () =>
        (
          (await app.db.execute(
            sql`select e.id::int as id, e.type, d.status from package_events e
                join event_deliveries d on d.event_id = e.id and d.consumer = 'mail' order by e.id`,
          )) as unknown as { rows: { id: number; type: string; status: string }[] }
        ).rows;
      const restoredEvents = await events();
      expect(restoredEvents.map(({ type, status }) => [type, status])).toEqual([
        ['package.submitted', 'done'],
        ['package.accepted', 'done'],
      ]);
      const changed = await sameOperator.post('/api/admin/update-status', { trackingCode, status: 'Shipped' });
      expect(changed.status).toBe(200);
      const [, , next] = await events();
      expect(next).toEqual({ id: restoredEvents[1]!.id + 1, type: 'package.status_changed', status: 'done' });
    } finally {
      await app.close();
    }
  });

  it('leaves the per-status counts right: not in the file, refilled by the restored packages, never doubled', async () => {
    const file = path.join(work, 'counts.backup.gz');
    const databaseUrl = source.app.config.databaseUrl;
    await backup({ dataDir: source.dataDir, databaseUrl }, file);
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0].tables).not.toContain('package_status_counts');
    expect(lines.some((line) => line.table === 'package_status_counts')).toBe(false);

    // A file that does hold the counters (as backups made before they were left out do): skipped.
    const counterRows = [{ status: 'Order Placed', count: 1 }];
    const end = lines.pop();
    const withCounters = [
      { ...lines[0], tables: [...lines[0].tables, 'package_status_counts'] },
      ...lines.slice(1),
      ...counterRows.map((row) => ({ table: 'package_status_counts', row })),
      { ...end, rows: end.rows + counterRows.length },
    ];
    const oldFile = path.join(work, 'with-counters.backup.gz');
    await writeFile(oldFile, gzipSync(withCounters.map((line) => JSON.stringify(line)).join('\n')));

    // Into the database already holding a restore (its counters are cleared by the truncate), twice.
    for (const each of [file, oldFile, file]) {
      await restore({ dataDir: targetDir, databaseUrl: target.databaseUrl }, each);
      const handle = await openDatabase({ dataDir: targetDir, databaseUrl: target.databaseUrl });
      try {
        const { counters, actual } = await statusCounts(handle.db);
        expect(actual).toEqual({ 'Order Placed': 1 });
        expect(counters).toEqual(actual);
      } finally {
        await handle.close();
      }
    }
  });

  it('refuses a cut-off backup and leaves the data as it was', async () => {
    const file = path.join(work, 'cut.backup.gz');
    const databaseUrl = source.app.config.databaseUrl;
    await backup({ dataDir: source.dataDir, databaseUrl }, file);
    await truncate(file, Math.floor((await stat(file)).size / 2));
    const photosBefore = (await readdir(path.join(targetDir, 'uploads'))).sort();

    await expect(restore({ dataDir: targetDir, databaseUrl: target.databaseUrl }, file)).rejects.toThrow(
      new BackupError('the backup is damaged or cut off'),
    );
    expect((await readdir(path.join(targetDir, 'uploads'))).sort()).toEqual(photosBefore);
    const { app, baseUrl } = await startOn(targetDir, target.databaseUrl);
    try {
      expect((await new TestClient(baseUrl).get(`/api/track/${trackingCode}`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('refuses a file that is not a backup', async () => {
    const file = path.join(work, 'not-a-backup.gz');
    await writeFile(file, gzipSync('{"hello":"world"}\n'));
    await expect(restore({ dataDir: targetDir, databaseUrl: target.databaseUrl }, file)).rejects.toThrow(
      new BackupError('not a Waybill backup'),
    );
  });
});
