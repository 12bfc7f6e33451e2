// Spreadsheet import: a business account sends 500 shipments in one CSV file (POST /api/account/imports)
// to the real server, which checks every row with /api/v1's schema and stores them in one transaction.
// Timed three times on each database (the median and the slowest), beside a file of 500 rows with one
// bad row (checked and refused, nothing stored) and the labels of the 500 once accepted (one A4 PDF).
// Goal: an import of 500 rows checked and stored in under 5 s.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_COLUMNS, IMPORT_EXAMPLE_ROW, type ImportColumn } from '@waybill/domain';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import { createDataDir, type DataStore, removeDataDir, startWaybill } from './lib/server-process.ts';
import { fetchXsrf, type Session, signIn } from './lib/session.ts';
import { printTable, type Row, round } from './lib/table.ts';

const ROWS = 500;
const TIMED = 3;
const GOAL_S = 5;
const OWNER = { email: 'owner@imports.bench.example', password: 'Lantern-Quietly-Orbit-47' };

function csvOf(rows: number, badLine?: number): string {
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  const lines = [IMPORT_COLUMNS.join(',')];
  for (let n = 1; n <= rows; n += 1) {
    const row: Record<ImportColumn, string> = { ...IMPORT_EXAMPLE_ROW, 'receiver.name': `Receiver ${n}` };
    if (n + 1 === badLine) row['receiver.email'] = 'not an address';
    lines.push(IMPORT_COLUMNS.map((column) => quote(row[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

function cookiesOf(response: Response, into: Map<string, string>): void {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const at = pair!.indexOf('=');
    into.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
}

/** The set-password link's token from the .eml files the server wrote (no SMTP_URL), quoted-printable read back. */
async function linkToken(dataDir: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files) {
      const text = (await readFile(path.join(outbox, file), 'utf8')).replaceAll(/=\r?\n/g, '').replaceAll('=3D', '=');
      const token = /set-password#token=([\w-]{43})/.exec(text)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no set-password link was written to the outbox');
}

async function post(url: string, session: Session, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-xsrf-token': session.xsrf },
    body: JSON.stringify(body),
  });
}

/** An approved account the way a shop gets one: its request, the operator's Approve, the link, a sign-in. */
async function accountOwner(baseUrl: string, dataDir: string, operator: Session): Promise<Session> {
  const visitor = await fetchXsrf(baseUrl);
  const requested = await post(`${baseUrl}/api/account-requests`, visitor, {
    name: 'Bench Owner',
    email: OWNER.email,
    phone: '+234 802 000 0000',
    address: '1 Bench Street',
    company: 'Bench Books',
    city: 'Lagos',
    country: 'Nigeria',
    password: OWNER.password,
  });
  if (!requested.ok) throw new Error(`account request: ${requested.status} ${await requested.text()}`);
  const { id } = (await requested.json()) as { id: string };
  const approved = await post(`${baseUrl}/api/admin/inbox/${id}/approve`, operator, {});
  if (!approved.ok) throw new Error(`approve: ${approved.status} ${await approved.text()}`);
  const token = await linkToken(dataDir);
  const set = await post(`${baseUrl}/api/account/set-password`, visitor, { token, password: OWNER.password });
  if (!set.ok) throw new Error(`set password: ${set.status} ${await set.text()}`);
  const signedIn = await post(`${baseUrl}/api/account/sign-in`, visitor, OWNER);
  if (!signedIn.ok) throw new Error(`sign-in: ${signedIn.status} ${await signedIn.text()}`);
  const cookies = new Map<string, string>([['XSRF-TOKEN', visitor.xsrf]]);
  cookiesOf(signedIn, cookies);
  return {
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    xsrf: cookies.get('XSRF-TOKEN')!,
  };
}

async function timedImport(baseUrl: string, owner: Session, csv: string, expected: number) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/account/imports`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', cookie: owner.cookie, 'x-xsrf-token': owner.xsrf },
    body: csv,
  });
  const body = (await response.json()) as { id?: string; shipments?: { trackingCode: string }[] };
  const ms = performance.now() - started;
  if (response.status !== expected) throw new Error(`import answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms, id: body.id ?? '', codes: body.shipments?.map((shipment) => shipment.trackingCode) ?? [] };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function benchStore(store: DataStore, database: string): Promise<Row> {
  const server = await startWaybill(store, { MAIL_OUTBOX_POLL_MS: '100', SMTP_URL: undefined });
  try {
    const operator = await signIn(server.url);
    const owner = await accountOwner(server.url, store.dataDir, operator);
    const good = csvOf(ROWS);
    const times: number[] = [];
    let last = { id: '', codes: [] as string[] };
    for (let run = 0; run < TIMED; run += 1) {
      const imported = await timedImport(server.url, owner, good, 201);
      times.push(imported.ms);
      last = imported;
    }
    const refused = await timedImport(server.url, owner, csvOf(ROWS, 251), 400);
    // The last import's 500, accepted, print as one A4 PDF.
    const accepted = await post(`${server.url}/api/admin/bulk`, operator, {
      action: 'accept',
      trackingCodes: last.codes,
    });
    if (!accepted.ok) throw new Error(`bulk accept: ${accepted.status}`);
    const started = performance.now();
    const labels = await fetch(`${server.url}/api/account/imports/${last.id}/labels?size=a4`, {
      headers: { cookie: owner.cookie },
    });
    const pdf = await labels.arrayBuffer();
    const labelsMs = performance.now() - started;
    if (!labels.ok) throw new Error(`labels: ${labels.status}`);
    return {
      database,
      rows: ROWS,
      // The first with nothing else running; the next two while the event consumers of the ones
      // before (each shipment's receipt e-mail, its webhook) use the same database.
      'first import (ms)': round(times[0]!),
      'import median (ms)': round(median(times)),
      'import slowest (ms)': round(Math.max(...times)),
      'one bad row, refused (ms)': round(refused.ms),
      'labels of 500, A4 (ms)': round(labelsMs),
      'PDF (KB)': round(pdf.byteLength / 1024),
      goal: `< ${GOAL_S} s`,
    };
  } finally {
    await server.stop();
  }
}

export async function runImportsBench(options: { postgres: boolean }): Promise<Row[]> {
  const rows: Row[] = [];
  const dataDir = await createDataDir();
  try {
    rows.push(await benchStore({ kind: 'pglite', dataDir }, 'PGlite'));
  } finally {
    await removeDataDir(dataDir);
  }
  if (options.postgres) {
    const database = 'waybill_bench_imports';
    const databaseUrl = await createBenchDatabase(database);
    const pgDataDir = await createDataDir();
    try {
      rows.push(await benchStore({ kind: 'postgres', dataDir: pgDataDir, databaseUrl }, 'PostgreSQL'));
    } finally {
      await removeDataDir(pgDataDir);
      await dropBenchDatabase(database);
    }
  }
  printTable(`Spreadsheet import: ${ROWS} rows in one CSV file`, rows);
  return rows;
}
