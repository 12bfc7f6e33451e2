import { DELIVERED_STATUS, receiverInitials, SETTLED_STATUSES } from '@waybill/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deliveryProofs, locationUpdates, packages } from '../../db/schema/index.ts';

// Timestamps exactly as Date#toISOString writes them (UTC, milliseconds, "Z").
const isoTime = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The public track answer built by the database as JSON text, in one round trip: the busiest public
 * call reads one package by its unique code and its updates through the (package_id, timestamp)
 * index, and the server sends the text as is (no row mapping, no serialisation).
 */
function buildTrackQuery(db: Database) {
  const updates = db
    .select({
      list: sql`json_agg(json_build_object('location', ${locationUpdates.location}, 'timestamp', ${isoTime(locationUpdates.timestamp)}) order by ${locationUpdates.timestamp}, ${locationUpdates.id})`,
    })
    .from(locationUpdates)
    .where(sql`${locationUpdates.packageId} = ${packages.id}`);
  // isRunningLate of the domain, at the instant the service passes (never null: no date is not late).
  const lateCondition = sql`coalesce(${packages.estimatedDelivery} < ${sql.placeholder('now')}::timestamptz
    and ${packages.status} not in (${sql.join(
      SETTLED_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )}), false)`;
  return db
    .select({
      body: sql<string>`json_build_object(
        'trackingNumber', ${packages.trackingCode},
        'trackingCode', ${packages.trackingCode},
        'status', ${packages.status},
        'estimatedDelivery', ${isoTime(packages.estimatedDelivery)},
        'locationUpdates', coalesce((${updates}), '[]'::json),
        'late', ${lateCondition}
      )::text`,
      // Beside the body, never in it: the name becomes initials before the answer is built (withDelivery).
      receivedBy: sql<string | null>`(select ${deliveryProofs.receivedBy} from ${deliveryProofs}
        where ${deliveryProofs.packageId} = ${packages.id} and ${packages.status} = ${DELIVERED_STATUS})`,
      deliveredAt: sql<string | null>`(select ${isoTime(deliveryProofs.deliveredAt)} from ${deliveryProofs}
        where ${deliveryProofs.packageId} = ${packages.id} and ${packages.status} = ${DELIVERED_STATUS})`,
    })
    .from(packages)
    .where(sql`${packages.trackingCode} = ${sql.placeholder('code')}`)
    .limit(1)
    .prepare('track_result');
}

/**
 * The answer with its `delivery`: while the package is Delivered with a proof, when and the receiver's
 * initials only; else null. Added to the database's JSON object text before its closing brace.
 */
function withDelivery(body: string, receivedBy: string | null, deliveredAt: string | null): string {
  const delivery = receivedBy && deliveredAt ? { deliveredAt, receivedBy: receiverInitials(receivedBy) } : null;
  return `${body.slice(0, body.lastIndexOf('}'))}, "delivery" : ${JSON.stringify(delivery)}}`;
}

// Prepared once per database handle (named statements are parsed and planned once per connection).
const trackQueries = new WeakMap<Database, ReturnType<typeof buildTrackQuery>>();

/** The TrackResult JSON of a package, or undefined for an unknown code; `late` as of `now`. */
export async function findTrackResultJson(db: Database, trackingCode: string, now: Date): Promise<string | undefined> {
  let query = trackQueries.get(db);
  if (!query) {
    query = buildTrackQuery(db);
    trackQueries.set(db, query);
  }
  const [row] = await query.execute({ code: trackingCode, now: now.toISOString() });
  return row && withDelivery(row.body, row.receivedBy, row.deliveredAt);
}
