// Crash safety: the real server is killed with SIGKILL in the middle of a burst of submissions,
// status changes and location updates, then restarted on the same data. Every answered write is
// there in full, no package is half-written, and no image file is left without its row.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PackageAnswer } from '@waybill/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, REAL_SERVER_TEST_TIMEOUT_MS, startChildServer } from '../support/child-server.ts';
import { imageBytes, packageFields, packageForm } from '../support/factories.ts';
import { TestClient } from '../support/http-client.ts';
import { TEST_ADMIN } from '../support/test-app.ts';
import { createTestDatabase, databasesFor, type TestDatabase } from '../support/test-databases.ts';

type Operation =
  | { kind: 'submit'; fields: Record<string, string>; images: number }
  | { kind: 'status'; trackingCode: string; status: string }
  | { kind: 'location'; trackingCode: string; location: string };

interface Outcome {
  operation: Operation;
  /** The HTTP status, or undefined when the connection died first. */
  status?: number;
  trackingCode?: string;
}

const SUBMISSIONS = 24;
const STATUS_CHANGES = 12;
const LOCATION_UPDATES = 24;
const WORKERS = 6;

async function signIn(baseUrl: string): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  const answer = await client.post('/api/auth/login', TEST_ADMIN);
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status}`);
  return client;
}

async function listAll(operator: TestClient): Promise<PackageAnswer[]> {
  const answer = await operator.get<PackageAnswer[]>('/api/admin/packages?pageSize=100');
  expect(answer.status).toBe(200);
  expect(Number(answer.headers.get('x-total-count'))).toBe(answer.body.length);
  return answer.body;
}

const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

async function listDir(directory: string): Promise<string[]> {
  try {
    return await readdir(directory);
  } catch {
    return [];
  }
}

// Both databases: what survives a kill is what the database committed.
describe.each(databasesFor('sql'))('a server killed mid-burst on %s', (kind) => {
  let dataDir: string;
  let database: TestDatabase;
  let server: ChildServer | undefined;
  let png: Buffer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-crash-'));
    database = await createTestDatabase(kind, dataDir);
    png = await imageBytes('png');
  });
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    server = await startChildServer({ dataDir, databaseUrl: database.databaseUrl });
    return server;
  };

  it('keeps every answered write in full, nothing half-written, no orphaned file', {
    timeout: REAL_SERVER_TEST_TIMEOUT_MS,
  }, async () => {
    let current = await start();
    let operator = await signIn(current.url);

    // Packages for the console writes to act on; the first with a photo, so one is sure to be served after
    // the restart even when no burst submission was answered before the kill.
    const accepted: string[] = [];
    for (let index = 0; index < 12; index++) {
      const photos = index === 0 ? [{ name: 'target.png', data: png }] : [];
      const form = packageForm(packageFields({ name: `Target ${index}` }), photos);
      const submitted = await operator.request('POST', '/api/submit-package', { form });
      const code = submitted.body.trackingCode as string;
      expect((await operator.post('/api/admin/accept', { trackingCode: code })).status).toBe(200);
      accepted.push(code);
    }

    const operations: Operation[] = [];
    for (let index = 0; index < SUBMISSIONS; index++) {
      const images = (index % 2) + 1;
      operations.push({ kind: 'submit', fields: packageFields({ name: `Burst ${index} images ${images}` }), images });
    }
    for (let index = 0; index < STATUS_CHANGES; index++) {
      operations.push({ kind: 'status', trackingCode: accepted[index]!, status: `Status ${index}` });
    }
    for (let index = 0; index < LOCATION_UPDATES; index++) {
      operations.push({ kind: 'location', trackingCode: accepted[index % accepted.length]!, location: `Hub ${index}` });
    }
    operations.sort(() => Math.random() - 0.5);

    const outcomes: Outcome[] = [];
    let answered = 0;
    const killAfter = Math.floor(operations.length / 3);
    const perform = async (operation: Operation): Promise<Outcome> => {
      try {
        if (operation.kind === 'submit') {
          const files = Array.from({ length: operation.images }, (_, index) => ({ name: `p${index}.png`, data: png }));
          const form = packageForm(operation.fields, files);
          const answer = await operator.request('POST', '/api/submit-package', { form });
          return { operation, status: answer.status, trackingCode: answer.body?.trackingCode };
        }
        const answer =
          operation.kind === 'status'
            ? await operator.post('/api/admin/update-status', operation)
            : await operator.post('/api/admin/location-update', operation);
        return { operation, status: answer.status };
      } catch {
        return { operation };
      }
    };
    const queue = [...operations];
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        for (let operation = queue.shift(); operation; operation = queue.shift()) {
          const outcome = await perform(operation);
          outcomes.push(outcome);
          if (outcome.status !== undefined && ++answered === killAfter) current.child.kill('SIGKILL');
        }
      }),
    );
    expect(await current.exited).toBeNull();
    const acknowledged = outcomes.filter((outcome) => outcome.status !== undefined && outcome.status < 300);
    const lost = outcomes.filter((outcome) => outcome.status === undefined);
    expect(outcomes.every((outcome) => outcome.status === undefined || outcome.status < 300)).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter);
    expect(lost.length).toBeGreaterThan(0);

    current = await start();
    operator = await signIn(current.url);
    const packages = await listAll(operator);
    const byCode = new Map(packages.map((pkg) => [pkg.trackingCode, pkg]));

    for (const outcome of acknowledged) {
      const { operation } = outcome;
      if (operation.kind === 'submit') {
        const stored = byCode.get(outcome.trackingCode!);
        expect(stored, `acknowledged submission ${outcome.trackingCode}`).toBeDefined();
        expect(stored).toMatchObject({
          name: operation.fields.name,
          email: operation.fields.email,
          rname: operation.fields.rname,
          description: operation.fields.description,
          quantity: Number(operation.fields.quantity),
          status: 'Pending',
        });
        expect(stored!.packageImages).toHaveLength(operation.images);
      } else if (operation.kind === 'status') {
        expect(byCode.get(operation.trackingCode)!.status).toBe(operation.status);
      } else {
        const locations = byCode.get(operation.trackingCode)!.locationUpdates.map((update) => update.location);
        expect(locations).toContain(operation.location);
      }
    }

    // No package half-written: each burst package has all its images, each image both its files.
    const files = new Set(await listDir(path.join(dataDir, 'uploads')));
    const referenced = new Set<string>();
    for (const pkg of packages) {
      const match = /^Burst \d+ images (\d)$/.exec(pkg.name);
      if (match) expect(pkg.packageImages).toHaveLength(Number(match[1]));
      expect(pkg.packageThumbnails).toHaveLength(pkg.packageImages.length);
      for (const url of [...pkg.packageImages, ...pkg.packageThumbnails]) {
        expect(files.has(keyOf(url)), `file of ${url}`).toBe(true);
        referenced.add(keyOf(url));
      }
    }
    expect([...files].filter((name) => !referenced.has(name))).toEqual([]);
    expect(await listDir(path.join(dataDir, 'tmp'))).toEqual([]);
    const image = await fetch(`${current.url}/uploads/${[...referenced][0]}`);
    expect(image.status).toBe(200);

    console.info(
      `[crash ${kind}] ${operations.length} writes, ${acknowledged.length} answered 2xx before SIGKILL, ${lost.length} cut off; ` +
        `${packages.length} packages and ${files.size} image files after restart; ` +
        `start-up sweep: ${/removed files left by an earlier crash.*/.exec(current.output())?.[0] ?? 'nothing to remove'}`,
    );
    await current.kill();
  });

  it('sweeps leftovers of a crash at start-up and keeps every file a row names', {
    timeout: REAL_SERVER_TEST_TIMEOUT_MS,
  }, async () => {
    const uploads = path.join(dataDir, 'uploads');
    const kept = (await listDir(uploads)).sort();
    const orphan = `${randomUUID()}.webp`;
    const partial = `.${randomUUID()}-thumb.webp.partial`;
    const upload = path.join(dataDir, 'tmp', randomUUID());
    await mkdir(upload, { recursive: true });
    await writeFile(path.join(upload, '0.upload'), 'half an upload');
    await writeFile(path.join(uploads, orphan), 'written before a commit that never came');
    await writeFile(path.join(uploads, partial), 'half');
    await writeFile(path.join(uploads, 'notes.txt'), 'not an image of the pipeline: left alone');

    const current = await start();
    expect((await listDir(uploads)).sort()).toEqual([...kept, 'notes.txt'].sort());
    expect(await listDir(path.join(dataDir, 'tmp'))).toEqual([]);
    expect((await fetch(`${current.url}/uploads/${orphan}`)).status).toBe(404);
    await current.kill();
  });
});
