import {
  DELIVERED_STATUS,
  localDay,
  OUT_FOR_DELIVERY_STATUS,
  RETURNING_STATUS,
  RUN_STATUSES,
  receiverInitials,
  SETTLED_STATUSES,
} from '@waybill/domain';
import { type SQL, sql } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { deliveryProofs, locationUpdates, packages, runStops } from '../../db/schema/index.ts';

// Timestamps exactly as Date#toISOString writes them (UTC, milliseconds, "Z").
const isoTime = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A table under another name, for a subquery that reads it beside the outer query's own row. */
function named<T extends PgTable>(table: T, name: string) {
  return { table: alias(table, name), from: sql`${table} as ${sql.identifier(name)}` };
}

const statusList = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/** True when the package `packageId` names had a failed attempt today (the server's day, as placeholders). */
function attemptedToday(packageId: unknown): SQL {
  const { table: attempt, from } = named(locationUpdates, 'attempt_today');
  return sql`exists (select 1 from ${from} where ${attempt.packageId} = ${packageId}
    and ${attempt.attemptReason} is not null
    and ${attempt.timestamp} >= ${sql.placeholder('dayStart')}::timestamptz
    and ${attempt.timestamp} < ${sql.placeholder('dayEnd')}::timestamptz)`;
}

/**
 * The latest failed delivery attempt while the package is not Delivered, as a JSON object (null when
 * none): when, the driver's reason, and whether the package is now being returned to its sender.
 */
function latestAttempt(): SQL {
  const { table: attempt, from } = named(locationUpdates, 'attempt');
  return sql`select json_build_object('at', ${isoTime(attempt.timestamp)}, 'reason', ${attempt.attemptReason},
      'returning', ${packages.status} = ${RETURNING_STATUS})
    from ${from}
    where ${attempt.packageId} = ${packages.id} and ${attempt.attemptReason} is not null
      and ${packages.status} <> ${DELIVERED_STATUS}
    order by ${attempt.timestamp} desc, ${attempt.id} desc limit 1`;
}

/**
 * While the package is Out for Delivery, a stop of today's run and not attempted today: the stops before
 * it on that run the courier may still deliver (their packages can still go out, RUN_STATUSES, and were
 * not attempted today); else null. Only a count leaves the database: no other stop, driver or place.
 * Each stop before it is one probe of the packages' key and one of the updates' (package, time) index:
 * a scalar subquery rather than a join, which a planner without statistics on a young run's stops made a
 * nested loop comparing every stop with every package (72 ms for the last of 200 stops, 7 ms so).
 */
function stopsAway(): SQL {
  const mine = named(runStops, 'my_stop');
  const ahead = named(runStops, 'stop_ahead');
  const aheadPackage = named(packages, 'package_ahead');
  const statusAhead = sql`(select ${aheadPackage.table.status} from ${aheadPackage.from}
    where ${aheadPackage.table.id} = ${ahead.table.packageId})`;
  const count = sql`select count(*) from ${ahead.from}
    where ${ahead.table.runId} = ${mine.table.runId} and ${ahead.table.position} < ${mine.table.position}
      and ${statusAhead} in (${statusList(RUN_STATUSES)})
      and not ${attemptedToday(ahead.table.packageId)}`;
  return sql`case when ${packages.status} = ${OUT_FOR_DELIVERY_STATUS} then (
    select (${count}) from ${mine.from}
    where ${mine.table.packageId} = ${packages.id} and ${mine.table.day} = ${sql.placeholder('today')}::date
      and not ${attemptedToday(packages.id)}
  ) end`;
}

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
    and ${packages.status} not in (${statusList(SETTLED_STATUSES)}), false)`;
  return db
    .select({
      body: sql<string>`json_build_object(
        'trackingNumber', ${packages.trackingCode},
        'trackingCode', ${packages.trackingCode},
        'status', ${packages.status},
        'estimatedDelivery', ${isoTime(packages.estimatedDelivery)},
        'locationUpdates', coalesce((${updates}), '[]'::json),
        'late', ${lateCondition},
        'attempt', (${latestAttempt()}),
        'stopsAway', ${stopsAway()}
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

/**
 * The TrackResult JSON of a package, or undefined for an unknown code; `late` and `stopsAway` as of
 * `now` (today is the calendar day of the server's zone, as the runs' days are: docs/decisions/0042).
 */
export async function findTrackResultJson(db: Database, trackingCode: string, now: Date): Promise<string | undefined> {
  let query = trackQueries.get(db);
  if (!query) {
    query = buildTrackQuery(db);
    trackQueries.set(db, query);
  }
  const dayStart = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const dayEnd = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const [row] = await query.execute({
    code: trackingCode,
    now: now.toISOString(),
    today: localDay(now),
    dayStart: dayStart.toISOString(),
    dayEnd: dayEnd.toISOString(),
  });
  return row && withDelivery(row.body, row.receivedBy, row.deliveredAt);
}
