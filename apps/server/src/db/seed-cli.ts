// `npm run db:seed [-- --packages 100000] [--updates 20] [--codes-file codes.txt]`: sample data for
// development and benchmarks — the default plan and contact details when none exist, and N packages
// (default 20) in assorted statuses; each shipped one gets `--updates` location updates (default 1).
// `--codes-file` writes the tracking codes of the packages that have updates, one a line.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { generateTrackingCode, PACKAGE_STATUSES, PLAN_TIERS, RETURNING_STATUS } from '@waybill/domain';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { contactDetails, locationUpdates, packages, plans } from './schema/index.ts';

const FIRST = ['Ada', 'Grace', 'Alan', 'Katherine', 'Linus', 'Margaret', 'Tim', 'Barbara', 'Dennis', 'Frances'];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Torvalds',
  'Hamilton',
  'Berners-Lee',
  'Liskov',
  'Ritchie',
  'Allen',
];
const CITIES = ['Oakland', 'Lagos', 'Accra', 'Nairobi', 'London', 'Manchester', 'Austin', 'Kumasi', 'Mombasa', 'Leeds'];
// Rows per INSERT: PostgreSQL takes at most 65 535 parameters a statement (23 a package, 3 an update).
const BATCH = 1000;
const UPDATE_BATCH = 5000;

const pick = <T>(list: readonly T[], index: number) => list[index % list.length]!;

/** SPEC's statuses: a package returns to its sender only after a driver's failed attempts. */
const SEEDED_STATUSES = PACKAGE_STATUSES.filter((status) => status !== RETURNING_STATUS);

function samplePackage(index: number, now: number): typeof packages.$inferInsert {
  const sender = `${pick(FIRST, index)} ${pick(LAST, index * 7 + 3)}`;
  const receiver = `${pick(FIRST, index * 3 + 1)} ${pick(LAST, index * 11)}`;
  const status = pick(SEEDED_STATUSES, index * 5);
  const createdAt = new Date(now - index * 60_000);
  return {
    trackingCode: generateTrackingCode(),
    status,
    name: sender,
    email: `${sender.toLowerCase().replace(/[^a-z]+/g, '.')}${index}@example.com`,
    phone: `+1 555 ${String(index).padStart(7, '0')}`,
    pickupLocation: `${(index % 300) + 1} Dock Street, ${pick(CITIES, index)}`,
    receiverName: receiver,
    receiverEmail: `${receiver.toLowerCase().replace(/[^a-z]+/g, '.')}${index}@example.org`,
    receiverPhone: `+44 20 ${String(index).padStart(8, '0')}`,
    destination: `${(index % 90) + 1} Market Square, ${pick(CITIES, index + 4)}`,
    description: 'Books and clothing',
    quantity: (index % 4) + 1,
    weight: ((index % 50) + 1) / 2,
    dimensionUnit: index % 5 === 0 ? 'in' : 'cm',
    length: 30,
    width: 20,
    height: 10,
    estimatedDelivery:
      status === 'Pending' || status === 'Rejected' ? null : new Date(createdAt.getTime() + 5 * 86_400_000),
    createdAt,
    updatedAt: createdAt,
  };
}

function readWholeNumber(value: string, name: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`--${name} must be a whole number`);
  return number;
}

async function main() {
  const { values } = parseArgs({
    options: {
      packages: { type: 'string', default: '20' },
      updates: { type: 'string', default: '1' },
      'codes-file': { type: 'string' },
    },
  });
  const count = readWholeNumber(values.packages, 'packages');
  const updatesEach = readWholeNumber(values.updates, 'updates');
  const started = performance.now();
  const trackedCodes: string[] = [];
  const handle = await openDatabase(loadConfig());
  try {
    await handle.migrate();
    const { db } = handle;
    await db
      .insert(plans)
      .values({
        name1: PLAN_TIERS[0].defaultName,
        name2: PLAN_TIERS[1].defaultName,
        name3: PLAN_TIERS[2].defaultName,
        price1: 9.99,
        price2: 24.99,
        price3: 49.99,
        description1: PLAN_TIERS[0].deliveryTime,
        description2: PLAN_TIERS[1].deliveryTime,
        description3: PLAN_TIERS[2].deliveryTime,
      })
      .onConflictDoNothing();
    await db
      .insert(contactDetails)
      .values({
        phone: '+1 (555) 123-4567',
        email: 'support@waybill.example',
        whatsapp: 'https://wa.me/15551234567',
        address: ['100 Harbor Way, Suite 400', 'Oakland, CA 94607'],
      })
      .onConflictDoNothing();
    const now = Date.now();
    // One transaction: one commit (one disk flush) instead of one per batch.
    await db.transaction(async (tx) => {
      for (let start = 0; start < count; start += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) =>
          samplePackage(start + offset, now),
        );
        const inserted = await tx
          .insert(packages)
          .values(rows)
          .returning({ id: packages.id, status: packages.status, trackingCode: packages.trackingCode });
        const shipped = inserted.filter((row) => row.status !== 'Pending' && row.status !== 'Rejected');
        if (updatesEach > 0) for (const row of shipped) trackedCodes.push(row.trackingCode);
        const updates = shipped.flatMap((row, index) =>
          Array.from({ length: updatesEach }, (_, step) => ({
            packageId: row.id,
            location: `${pick(CITIES, index + step)} hub`,
            timestamp: new Date(now - index * 1000 - (updatesEach - step) * 60_000),
          })),
        );
        for (let from = 0; from < updates.length; from += UPDATE_BATCH)
          await tx.insert(locationUpdates).values(updates.slice(from, from + UPDATE_BATCH));
      }
    });
    // Fresh statistics after a bulk load, so the planner picks the indexes at once (PGlite has no autovacuum).
    await db.execute(sql`analyze`);
    if (values['codes-file']) await writeFile(values['codes-file'], `${trackedCodes.join('\n')}\n`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Seeded ${count} packages, the plan and the contact details (${handle.kind}) in ${seconds} s.`);
  } finally {
    await handle.close();
  }
}

await main();
