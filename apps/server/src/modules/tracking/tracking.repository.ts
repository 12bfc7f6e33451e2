import { DELIVERED_STATUS, receiverInitials, SETTLED_STATUSES } from '@waybill/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deliveryProofs, locationUpdates, shipments } from '../../db/schema/index.ts';

// Timestamps exactly as Date#toISOString writes them (UTC, milliseconds, "Z").
const isoTime = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The public track answer built by the database as JSON text, in one round trip: the busiest public
 * call reads one package by its unique code and its updates through the (shipment_id, timestamp)
 * index, and the server sends the text as is (no row mapping, no serialisation).
 */
function buildTrackQuery(db: Database) {
  const updates = db
    .select({
      list: sql`json_agg(json_build_object('location', ${locationUpdates.location}, 'timestamp', ${isoTime(locationUpdates.timestamp)}) order by ${locationUpdates.timestamp}, ${locationUpdates.id})`,
    })
    .from(locationUpdates)
    .where(sql`${locationUpdates.shipmentId} = ${shipments.id}`);
  // isRunningLate of the domain, at the instant the service passes (never null: no date is not late).
  const lateCondition = sql`coalesce(${shipments.estimatedDelivery} < ${sql.placeholder('now')}::timestamptz
    and ${shipments.status} not in (${sql.join(
      SETTLED_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )}), false)`;
  return db
    .select({
      body: sql<string>`json_build_object(
        'trackingNumber', ${shipments.trackingCode},
        'trackingCode', ${shipments.trackingCode},
        'status', ${shipments.status},
        'estimatedDelivery', ${isoTime(shipments.estimatedDelivery)},
        'locationUpdates', coalesce((${updates}), '[]'::json),
        'late', ${lateCondition}
      )::text`,
      // Beside the body, never in it: the name becomes initials before the answer is built (withDelivery).
      receivedBy: sql<string | null>`(select ${deliveryProofs.receivedBy} from ${deliveryProofs}
        where ${deliveryProofs.shipmentId} = ${shipments.id} and ${shipments.status} = ${DELIVERED_STATUS})`,
      deliveredAt: sql<string | null>`(select ${isoTime(deliveryProofs.deliveredAt)} from ${deliveryProofs}
        where ${deliveryProofs.shipmentId} = ${shipments.id} and ${shipments.status} = ${DELIVERED_STATUS})`,
    })
    .from(shipments)
    .where(sql`${shipments.trackingCode} = ${sql.placeholder('code')}`)
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
