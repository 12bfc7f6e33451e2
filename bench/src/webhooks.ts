// Webhooks: 1,000 package events of a business account's shipments (5 location updates on each of 200
// packages, made by the operator over HTTP, 10 packages at a time) reach a local receiver through the
// real server on PostgreSQL: every call's signature checked with the standardwebhooks library and the
// events of each shipment in the order they happened. Goal: all delivered in under 30 s.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import { createDataDir, removeDataDir, seedStore, startWaybill } from './lib/server-process.ts';
import { signIn } from './lib/session.ts';
import { printTable, type Row, round } from './lib/table.ts';

const SHIPMENTS = 200;
const UPDATES_EACH = 5;
const PARALLEL = 10;
const GOAL_S = 30;
const SECRET = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;

interface Receiver {
  url: string;
  received: number;
  badSignatures: number;
  outOfOrder: number;
  lastAt: number;
  close(): Promise<void>;
}

/** A local endpoint that checks each call's signature and that each shipment's events come in order. */
async function startReceiver(): Promise<Receiver> {
  const webhook = new Webhook(SECRET);
  const lastIdOf = new Map<string, number>();
  const receiver = { received: 0, badSignatures: 0, outOfOrder: 0, lastAt: 0 } as Receiver;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const payload = webhook.verify(body, request.headers as Record<string, string>) as {
          data: { trackingCode: string };
        };
        const id = Number(String(request.headers['webhook-id']).slice(4));
        if ((lastIdOf.get(payload.data.trackingCode) ?? 0) > id) receiver.outOfOrder += 1;
        lastIdOf.set(payload.data.trackingCode, id);
      } catch {
        receiver.badSignatures += 1;
      }
      receiver.received += 1;
      receiver.lastAt = performance.now();
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

export async function runWebhooksBench(options: { postgres: boolean }): Promise<Row[]> {
  if (!options.postgres) {
    console.log('webhooks: needs PostgreSQL (the account and its endpoint are written beside the server): skipped');
    return [];
  }
  const database = 'waybill_bench_webhooks';
  const databaseUrl = await createBenchDatabase(database);
  const dataDir = await createDataDir();
  const store = { kind: 'postgres' as const, dataDir, databaseUrl };
  const receiver = await startReceiver();
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    // The seeding lists the codes of the packages on the road (those given location updates): some of 600.
    const codes = (await seedStore(store, SHIPMENTS * 3, 1)).slice(0, SHIPMENTS);
    if (codes.length < SHIPMENTS) throw new Error(`only ${codes.length} packages on the road were seeded`);
    await client.connect();
    const account = await client.query<{ id: string }>(
      `insert into customer_accounts (company, address, country, contact_name, contact_email, contact_phone)
       values ('Bench Books', '1 Bench Street', 'Nigeria', 'Bench Owner', 'owner@bench.example', '+2348020000000')
       returning id`,
    );
    const accountId = account.rows[0]!.id;
    await client.query('update packages set account_id = $1 where tracking_code = any($2)', [accountId, codes]);
    await client.query('insert into webhook_endpoints (account_id, url, events, secret) values ($1, $2, $3, $4)', [
      accountId,
      receiver.url,
      ['shipment.location_added'],
      SECRET,
    ]);
    const server = await startWaybill(store, {
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      EVENTS_POLL_MS: '100',
      WEBHOOKS_POLL_MS: '100',
    });
    try {
      const session = await signIn(server.url);
      const started = performance.now();
      const queue = [...codes];
      const worker = async () => {
        for (let code = queue.shift(); code; code = queue.shift()) {
          for (let update = 1; update <= UPDATES_EACH; update += 1) {
            const response = await fetch(`${server.url}/api/admin/location-update`, {
              method: 'POST',
              headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf, 'content-type': 'application/json' },
              body: JSON.stringify({ trackingCode: code, location: `Hub ${update}` }),
            });
            if (!response.ok) throw new Error(`location update: ${response.status} ${await response.text()}`);
          }
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      const recordedAt = performance.now();
      const expected = codes.length * UPDATES_EACH;
      const deadline = Date.now() + 120_000;
      while (receiver.received < expected && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const totalS = (receiver.lastAt - started) / 1000;
      const rows: Row[] = [
        {
          database: 'PostgreSQL',
          events: expected,
          shipments: codes.length,
          received: receiver.received,
          'bad signatures': receiver.badSignatures,
          'out of order': receiver.outOfOrder,
          'events made (s)': round((recordedAt - started) / 1000),
          'all delivered (s)': round(totalS),
          'behind the last event (s)': round((receiver.lastAt - recordedAt) / 1000),
          goal: `< ${GOAL_S} s`,
        },
      ];
      printTable('Webhooks: 1,000 package events to a local endpoint', rows);
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    await client.end().catch(() => undefined);
    await receiver.close();
    await removeDataDir(dataDir);
    await dropBenchDatabase(database);
  }
}
