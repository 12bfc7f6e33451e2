// A day on the road for the road benchmarks: 3,000 seeded packages of which 2,000 can go out (the six
// statuses from Order Placed to Out for Delivery), 20 drivers invited by e-mail who set their passwords
// through the link, and a run for each of them today: one of 120 stops (the driver app's run), the others
// of 80, which leaves 360 packages not on a run (Dispatch's list of packages to plan).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { localDay } from '@waybill/domain';
import type { NodeProcess } from '@waybill/testing';
import { WEB_DIST } from './lib/paths.ts';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import { createDataDir, type DataStore, removeDataDir, seedStore, startWaybill } from './lib/server-process.ts';
import { fetchXsrf, type Session, signIn } from './lib/session.ts';

/** The console's address on the benchmark server (the driver app is ADMIN_PATH/driver). */
export const ADMIN_PATH = '/ops-bench';
/** Seeded packages; with the seed's even spread over nine statuses, 2,000 of them can go on a run. */
const SEEDED_PACKAGES = 3000;
export const DRIVERS = 20;
/** The driver app's run. */
export const ROAD_STOPS = 120;
/** Every other driver's run. */
const OTHER_STOPS = 80;
const PASSWORD = 'Bench road van keys 2026';
const DATABASE = 'waybill_bench_road';

export interface RoadDriver {
  id: string;
  email: string;
  name: string;
  password: string;
}

export interface RoadDay {
  kind: DataStore['kind'];
  server: NodeProcess;
  dataDir: string;
  /** Today on the server's clock (YYYY-MM-DD). */
  date: string;
  admin: Session;
  drivers: RoadDriver[];
  /** The driver of the 120-stop run and their session. */
  roadDriver: RoadDriver;
  roadSession: Session;
  /** The 120-stop run's codes, in order. */
  roadCodes: string[];
  /** Packages that can go out that day, and how many of them are on no run. */
  eligible: number;
  unassigned: number;
  /** Seconds spent preparing the day (seeding, invitations, runs). */
  preparedSeconds: number;
}

interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** One JSON request with a session's cookie and anti-forgery header; throws on an unexpected status. */
export async function callApi<T>(
  baseUrl: string,
  session: Session,
  method: 'GET' | 'POST' | 'PUT',
  pathname: string,
  body?: unknown,
  expected = method === 'POST' ? 201 : 200,
): Promise<Answer<T>> {
  const headers: Record<string, string> = { cookie: session.cookie, 'x-xsrf-token': session.xsrf };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${pathname} answered ${response.status}: ${text}`);
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

/** Undoes quoted-printable (soft line breaks, =XX), in which the mailer may wrap a long link. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The token of the invitation e-mailed to `to` (written to DATA_DIR/outbox without SMTP_URL). */
async function readInviteToken(dataDir: string, to: string): Promise<string> {
  const directory = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const names = (await readdir(directory).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
    for (const name of names) {
      const raw = decodeQuotedPrintable(await readFile(path.join(directory, name), 'utf8'));
      if (!raw.includes(`To: ${to}`)) continue;
      const link = raw.split(/[\s"<>]+/).find((word) => /^https?:\/\//.test(word) && word.includes('#token='));
      if (link) return decodeURIComponent(link.replaceAll('&amp;', '&').split('#token=')[1] ?? '');
    }
    if (Date.now() > deadline) throw new Error(`no invitation e-mailed to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Invites the drivers, then sets each one's password through the e-mailed link. */
async function inviteDrivers(server: NodeProcess, dataDir: string, admin: Session): Promise<RoadDriver[]> {
  const drivers: RoadDriver[] = [];
  for (let index = 1; index <= DRIVERS; index++) {
    const number = String(index).padStart(2, '0');
    const email = `road.driver${number}@example.com`;
    const name = `Road Driver ${number}`;
    const { body } = await callApi<{ id: string }>(server.url, admin, 'POST', '/api/admin/operators', {
      email,
      name,
      role: 'driver',
    });
    drivers.push({ id: body.id, email, name, password: PASSWORD });
  }
  const visitor = await fetchXsrf(server.url);
  for (const driver of drivers) {
    const token = await readInviteToken(dataDir, driver.email);
    await callApi(server.url, visitor, 'POST', '/api/auth/accept-invite', { token, password: PASSWORD }, 200);
  }
  return drivers;
}

/** Every package that can go out on `date` and is on no run, newest first (the list Dispatch pages through). */
async function listUnassigned(baseUrl: string, admin: Session, date: string): Promise<string[]> {
  const codes: string[] = [];
  for (let page = 1; ; page++) {
    const { body } = await callApi<{ trackingCode: string }[]>(
      baseUrl,
      admin,
      'GET',
      `/api/admin/runs/unassigned?date=${date}&page=${page}&pageSize=100`,
    );
    codes.push(...body.map((item) => item.trackingCode));
    if (body.length < 100) return codes;
  }
}

/** Plans the day: a run per driver, the first of 120 stops, the others of 80. */
async function planRuns(baseUrl: string, admin: Session, date: string, drivers: RoadDriver[], codes: string[]) {
  let next = 0;
  let roadCodes: string[] = [];
  for (const [index, driver] of drivers.entries()) {
    const { body: run } = await callApi<{ id: string }>(baseUrl, admin, 'POST', '/api/admin/runs', {
      driverId: driver.id,
      date,
    });
    const stops = codes.slice(next, next + (index === 0 ? ROAD_STOPS : OTHER_STOPS));
    next += stops.length;
    await callApi(baseUrl, admin, 'PUT', `/api/admin/runs/${run.id}/stops`, { trackingCodes: stops });
    if (index === 0) roadCodes = stops;
  }
  return roadCodes;
}

/** Seeds a store, starts the server on it (serving the built web app) and plans today's runs. */
export async function openRoadDay(kind: DataStore['kind']): Promise<RoadDay> {
  const started = performance.now();
  const dataDir = await createDataDir();
  const databaseUrl = kind === 'postgres' ? await createBenchDatabase(DATABASE) : undefined;
  let server: NodeProcess | undefined;
  try {
    const store: DataStore = { kind, dataDir, databaseUrl };
    await seedStore(store, SEEDED_PACKAGES, 1);
    // Sign-in is limited even with RATE_LIMITS=off: twenty drivers set their passwords in a minute here.
    server = await startWaybill(store, {
      ADMIN_PATH,
      WEB_DIST_DIR: WEB_DIST,
      MAIL_OUTBOX_POLL_MS: '200',
      RATE_LIMIT_LOGIN: '1000/minute',
    });
    const admin = await signIn(server.url);
    const date = localDay(new Date());
    const drivers = await inviteDrivers(server, dataDir, admin);
    const eligible = await listUnassigned(server.url, admin, date);
    const roadCodes = await planRuns(server.url, admin, date, drivers, eligible);
    const { headers } = await callApi(server.url, admin, 'GET', `/api/admin/runs/unassigned?date=${date}`);
    const roadDriver = drivers[0]!;
    return {
      kind,
      server,
      dataDir,
      date,
      admin,
      drivers,
      roadDriver,
      roadSession: await signIn(server.url, roadDriver),
      roadCodes,
      eligible: eligible.length,
      unassigned: Number(headers.get('x-total-count')),
      preparedSeconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    await server?.stop();
    if (databaseUrl) await dropBenchDatabase(DATABASE);
    await removeDataDir(dataDir);
    throw error;
  }
}

export async function closeRoadDay(day: RoadDay): Promise<void> {
  await day.server.stop();
  if (day.kind === 'postgres') await dropBenchDatabase(DATABASE);
  await removeDataDir(day.dataDir);
}
