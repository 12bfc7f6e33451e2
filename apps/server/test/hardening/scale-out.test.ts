// Scale-out: two real Waybill processes on one PostgreSQL and one S3-compatible bucket, behind a
// round-robin proxy, act as one site. Each has a DATA_DIR of its own (uploads in progress only), so
// nothing is shared but the database and the bucket. What one process writes the other reads, a
// session or a rate limit is the same on both, a notification is e-mailed once, and killing one
// process loses no acknowledged write.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PackageAnswer } from '@waybill/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, REAL_SERVER_TEST_TIMEOUT_MS, startChildServer } from '../support/child-server.ts';
import { imageBytes, packageFields, packageForm } from '../support/factories.ts';
import { TestClient } from '../support/http-client.ts';
import { type RoundRobinProxy, startRoundRobinProxy } from '../support/round-robin-proxy.ts';
import { TEST_ADMIN } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.ts';
import { startTestS3, type TestS3 } from '../support/test-s3.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../support/test-smtp-server.ts';

const SECOND = 1000;
/** Writes at once in the kill test, and how many answers come before the SIGKILL. */
const CLIENTS = 4;
const KILL_AFTER = 10;
const PUBLIC_URL = 'https://waybill.test';
/** A client of the site as the proxy forwards it: its own address, not the proxy's. */
const GUESSER = { 'x-forwarded-for': '203.0.113.77' };
const GUESSED_EMAIL = 'someone-else@waybill.test';

async function signIn(baseUrl: string): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  const answer = await client.post('/api/auth/login', TEST_ADMIN);
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`);
  return client;
}

/** The same signed-in operator at another address (the session cookie travels with it). */
function sameSession(client: TestClient, baseUrl: string): TestClient {
  const copy = new TestClient(baseUrl);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

async function listFiles(directory: string): Promise<string[]> {
  try {
    return await readdir(directory);
  } catch {
    return [];
  }
}

async function listAll(operator: TestClient): Promise<PackageAnswer[]> {
  const answer = await operator.get<PackageAnswer[]>('/api/admin/packages?pageSize=100');
  expect(answer.status).toBe(200);
  return answer.body;
}

const databaseUrl = process.env.TEST_DATABASE_URL;
const OUTBOX_POLL_MS = 400;

describe.runIf(!databaseUrl)('two Waybill processes behind a load balancer', () => {
  it.skip('needs TEST_DATABASE_URL: several processes can share PostgreSQL only, never the embedded PGlite', () => {});
});

describe.runIf(databaseUrl)('two Waybill processes behind a load balancer', () => {
  let dataDir: string;
  let database: TestDatabase;
  let s3: TestS3;
  let smtp: TestSmtpServer;
  let servers: ChildServer[] = [];
  let proxy: RoundRobinProxy;
  let png: Buffer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-scale-out-'));
    // Empty: the first process applies the migrations at start, as on a new deployment.
    database = await createTestDatabase('postgres', dataDir, { empty: true });
    s3 = await startTestS3();
    smtp = await startTestSmtpServer();
    png = await imageBytes('png', { width: 320, height: 240 });
    const env = {
      ...s3.env,
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      TRUST_PROXY: 'loopback',
      RATE_LIMITS: 'on',
      RATE_LIMIT_LOGIN: '10/minute',
      // Every request of this test but the guesser's comes from one address: only sign-in is limited.
      RATE_LIMIT_TRACK: '10000/minute',
      RATE_LIMIT_SUBMIT: '10000/minute',
      RATE_LIMIT_FORMS: '10000/minute',
      // Each worker looks at the outbox this often (3 s by default), so the e-mail test waits less.
      MAIL_OUTBOX_POLL_MS: String(OUTBOX_POLL_MS),
    };
    // One after the other: the first applies the migrations, and two tsx starts at once on two cores
    // only take longer together.
    for (const name of ['a', 'b']) {
      const own = path.join(dataDir, name);
      servers.push(await startChildServer({ dataDir: own, databaseUrl: database.databaseUrl, env }));
    }
    proxy = await startRoundRobinProxy(servers.map((server) => server.url));
  }, 2 * REAL_SERVER_TEST_TIMEOUT_MS);

  afterAll(async () => {
    await proxy?.close();
    for (const server of servers) await server.kill();
    servers = [];
    await smtp?.stop();
    await s3?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('serves through one process what was submitted through the other, photo included', async () => {
    const [first, second] = servers as [ChildServer, ChildServer];
    const fields = packageFields();
    const form = packageForm(fields, [{ name: 'parcel.png', data: png }]);
    const submitted = await new TestClient(first.url).request('POST', '/api/submit-package', { form });
    expect(submitted.status).toBe(201);
    const trackingCode = submitted.body.trackingCode as string;

    const tracked = await new TestClient(second.url).get(`/api/track/${trackingCode}`);
    expect(tracked.status).toBe(200);
    expect(tracked.body.trackingCode).toBe(trackingCode);
    const operator = await signIn(second.url);
    const listed = (await listAll(operator)).find((pkg) => pkg.trackingCode === trackingCode);
    expect(listed).toMatchObject({ name: fields.name, email: fields.email, status: 'Pending' });
    expect(listed!.packageImages).toHaveLength(1);
    const photo = await fetch(`${second.url}${listed!.packageImages[0]}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    // The bytes the second process serves are the object the first one stored in the bucket.
    const key = listed!.packageImages[0]!.slice(listed!.packageImages[0]!.lastIndexOf('/') + 1);
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(await s3.read(key));
    for (const name of ['a', 'b']) expect(await listFiles(path.join(dataDir, name, 'uploads'))).toEqual([]);

    // Through the proxy: the submission lands on one process, the next two look-ups on both in turn.
    const before = [...proxy.sent];
    const viaProxy = new TestClient(proxy.url);
    const again = await viaProxy.request('POST', '/api/submit-package', {
      form: packageForm(packageFields(), [{ name: 'parcel.png', data: png }]),
    });
    expect(again.status).toBe(201);
    for (let look = 0; look < 2; look++) {
      const answer = await viaProxy.get(`/api/track/${again.body.trackingCode}`);
      expect(answer.status).toBe(200);
      const image = await fetch(`${proxy.url}${again.body.packageImages[0]}`);
      expect(image.status).toBe(200);
    }
    // The anti-forgery token, the submission, two look-ups and two photos: three on each process.
    expect(proxy.sent.map((count, index) => count - before[index]!)).toEqual([3, 3]);
  });

  it('honours a sign-in made on one process on the other', async () => {
    const [first, second] = servers as [ChildServer, ChildServer];
    const onFirst = await signIn(first.url);
    const onSecond = sameSession(onFirst, second.url);
    const me = await onSecond.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(TEST_ADMIN.email);
    // Signing out on the second ends the session on the first too.
    expect((await onSecond.post('/api/auth/logout')).status).toBeLessThan(300);
    expect((await onFirst.get('/api/auth/me')).status).toBe(401);
  });

  it('counts the sign-in limit of 10 across both processes', async () => {
    const viaProxy = new TestClient(proxy.url);
    // Guesses at another address: ten failures would also make the operator's own account wait before its
    // next attempt (the per-account slow-down), and the later tests sign in as that operator.
    const attempt = () =>
      viaProxy.post('/api/auth/login', { email: GUESSED_EMAIL, password: 'wrong-password' }, { headers: GUESSER });
    const before = [...proxy.sent];
    const statuses: number[] = [];
    for (let index = 0; index < 12; index++) statuses.push((await attempt()).status);
    // Ten failures (five on each process), then the 11th and 12th, one on each, are refused.
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // 12 sign-ins plus the one GET of the anti-forgery token, alternating.
    const spread = proxy.sent.map((count, index) => count - before[index]!);
    expect(Math.abs(spread[0]! - spread[1]!)).toBeLessThanOrEqual(1);
    // Straight to either process, the same forwarded client is refused as well.
    for (const server of servers) {
      const direct = new TestClient(server.url);
      const answer = await direct.post('/api/auth/login', TEST_ADMIN, { headers: GUESSER });
      expect(answer.status).toBe(429);
    }
    // Another client is not: the operator still signs in through the proxy.
    expect((await new TestClient(proxy.url).post('/api/auth/login', TEST_ADMIN)).status).toBe(200);
  });

  it('e-mails each status notification exactly once, whichever process queued it', {
    timeout: 60 * SECOND,
  }, async () => {
    const [first, second] = servers as [ChildServer, ChildServer];
    const operator = await signIn(first.url);
    expect((await operator.put('/api/admin/notification-settings', { notifyCustomers: true })).status).toBe(200);
    const onSecond = sameSession(operator, second.url);
    const codes: string[] = [];
    for (let index = 0; index < 4; index++) {
      const submitter = new TestClient(servers[index % 2]!.url);
      const answer = await submitter.request('POST', '/api/submit-package', { form: packageForm(packageFields()) });
      expect(answer.status).toBe(201);
      codes.push(answer.body.trackingCode);
    }
    for (const [index, trackingCode] of codes.entries()) {
      const client = index % 2 === 0 ? onSecond : operator;
      expect((await client.post('/api/admin/accept', { trackingCode })).status).toBe(200);
    }
    const subjects = () => smtp.received.map((mail) => mail.parsed.subject ?? '');
    const accepted = (code: string) => subjects().filter((subject) => subject === `Package ${code} accepted`).length;
    // Both workers poll every OUTBOX_POLL_MS; each accepted package tells its shipper and its receiver.
    await expect.poll(() => codes.map(accepted), { timeout: 30 * SECOND, interval: 100 }).toEqual([2, 2, 2, 2]);
    // Two more polls of both workers, and some: nothing is sent a second time.
    await new Promise((resolve) => setTimeout(resolve, 3 * OUTBOX_POLL_MS));
    expect(codes.map(accepted)).toEqual([2, 2, 2, 2]);
    for (const code of codes) {
      const recipients = smtp.received
        .filter((mail) => mail.parsed.subject === `Package ${code} accepted`)
        .map((mail) => mail.envelopeTo.join(','));
      expect(new Set(recipients).size).toBe(2);
    }
  });

  it('loses no acknowledged write when one process is killed, and the other keeps answering', {
    timeout: REAL_SERVER_TEST_TIMEOUT_MS,
  }, async () => {
    const operator = await signIn(proxy.url);
    const targets: string[] = [];
    for (let index = 0; index < 4; index++) {
      const answer = await operator.request('POST', '/api/submit-package', { form: packageForm(packageFields()) });
      expect((await operator.post('/api/admin/accept', { trackingCode: answer.body.trackingCode })).status).toBe(200);
      targets.push(answer.body.trackingCode);
    }

    type Write =
      | { kind: 'submit'; fields: Record<string, string> }
      | { kind: 'location'; trackingCode: string; location: string };
    const writes: Write[] = [];
    for (let index = 0; index < 30; index++) {
      writes.push(
        index % 2 === 0
          ? { kind: 'submit', fields: packageFields({ name: `Burst ${index}` }) }
          : { kind: 'location', trackingCode: targets[index % targets.length]!, location: `Hub ${index}` },
      );
    }
    /** `known`: sent once the proxy had taken the killed process out of its rotation. */
    const outcomes: { write: Write; status?: number; trackingCode?: string; known: boolean }[] = [];
    const victim = servers[0]!;
    let answered = 0;
    const queue = [...writes];
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let write = queue.shift(); write; write = queue.shift()) {
          const known = proxy.down.size > 0;
          try {
            const answer =
              write.kind === 'submit'
                ? await operator.request('POST', '/api/submit-package', {
                    form: packageForm(write.fields, [{ name: 'parcel.png', data: png }]),
                  })
                : await operator.post('/api/admin/location-update', write);
            outcomes.push({ write, status: answer.status, trackingCode: answer.body?.trackingCode, known });
          } catch {
            outcomes.push({ write, known });
          }
          if (++answered === KILL_AFTER) victim.child.kill('SIGKILL');
        }
      }),
    );
    expect(await victim.exited).toBeNull();

    const acknowledged = outcomes.filter((outcome) => outcome.status !== undefined && outcome.status < 300);
    const refused = outcomes.filter((outcome) => outcome.status === undefined || outcome.status >= 300);
    // Only requests the killed process had taken, or was given before the proxy noticed, fail: a 502
    // from the proxy, or a cut connection when it died mid-answer. At most one per client.
    expect(refused.every((outcome) => outcome.status === undefined || outcome.status === 502)).toBe(true);
    expect(refused.length).toBeLessThanOrEqual(CLIENTS);
    expect(proxy.down).toEqual(new Set([victim.url]));
    // Everything sent once the proxy knew went to the process left, and it answered.
    const sentAfter = outcomes.filter((outcome) => outcome.known);
    expect(sentAfter.length).toBeGreaterThan(0);
    expect(sentAfter.every((outcome) => outcome.status !== undefined && outcome.status < 300)).toBe(true);

    const survivor = servers[1]!;
    const onSurvivor = sameSession(operator, survivor.url);
    const packages = await listAll(onSurvivor);
    const byCode = new Map(packages.map((pkg) => [pkg.trackingCode, pkg]));
    for (const { write, trackingCode } of acknowledged) {
      if (write.kind === 'submit') {
        const stored = byCode.get(trackingCode!);
        expect(stored, `acknowledged submission ${trackingCode}`).toMatchObject({ name: write.fields.name });
        expect(stored!.packageImages).toHaveLength(1);
        expect((await fetch(`${survivor.url}${stored!.packageImages[0]}`)).status).toBe(200);
      } else {
        const locations = byCode.get(write.trackingCode)!.locationUpdates.map((update) => update.location);
        expect(locations, `acknowledged location ${write.location}`).toContain(write.location);
      }
    }
    console.info(
      `[scale-out] ${writes.length} writes by ${CLIENTS} clients through the proxy, SIGKILL after ${KILL_AFTER} answers: ` +
        `${acknowledged.length} acknowledged and all found on the survivor, ${refused.length} cut off (502), ` +
        `${sentAfter.length} sent after the proxy noticed, all answered; ` +
        `requests per process ${proxy.sent.join(' / ')}`,
    );
  });
});
