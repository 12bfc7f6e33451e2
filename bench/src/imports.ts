// Spreadsheet import: a business account sends 500 shipments in one CSV file (POST /api/account/imports)
// to the real server, which checks every row with /api/v1's schema and stores them in one transaction.
// Timed three times on each database (the median and the slowest), beside a file of 500 rows with one
// bad row (checked and refused, nothing stored) and the labels of the 500 once accepted (one A4 PDF).
// Goal: an import of 500 rows checked and stored in under 5 s.
import { IMPORT_COLUMNS, IMPORT_EXAMPLE_ROW, type ImportColumn } from '@waybill/domain';
import { accountOwner, post } from './lib/accounts.ts';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import { createDataDir, type DataStore, removeDataDir, startWaybill } from './lib/server-process.ts';
import { type Session, signIn } from './lib/session.ts';
import { printTable, type Row, round } from './lib/table.ts';

const ROWS = 500;
const TIMED = 3;
const GOAL_S = 5;

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
