// How the recipient or the sender wants a package delivered, read and set by a visitor checked on the
// tracking page (docs/decisions/0049): instructions for the driver, a safe place and another delivery
// day (record 50), until the package is out for delivery; each change audited with who made it, never
// the text.
import {
  canChangePreferences,
  type DeliveryCalendar,
  type DeliveryPreferences,
  deliveryDayChoices,
  deliveryDayRefusal,
  type deliveryPreferencesInputSchema,
  localDay,
  localNoon,
  PACKAGE_NOT_FOUND,
  preferencesLocked,
  safePlaceWords,
  storedSafePlace,
} from '@waybill/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { deliveryPreferences } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { getDeliverySettings } from '../driver-events/delivery-settings.service.ts';
import { recordPackageEvent } from '../events/events.service.ts';
import { eventTarget, packageTarget } from '../packages/change-records.ts';
import { findPackageRowByCode } from '../packages/package-reads.service.ts';
import { setEstimatedDelivery } from '../packages/packages.service.ts';
import { leaveRunsForDeliveryDay } from '../runs/runs.service.ts';
import type { PackageCheck } from './package-check.service.ts';

type Row = typeof deliveryPreferences.$inferSelect;
type PackageRow = NonNullable<Awaited<ReturnType<typeof findPackageRowByCode>>>;

/** The answer for a row (or none: nothing set yet), with the days that may be chosen now. */
export function preferencesOf(row: Row | undefined, deliveryDays: string[]): DeliveryPreferences {
  if (!row) {
    return {
      instructions: '',
      safePlace: { kind: 'none' },
      safePlaceWords: null,
      setBy: null,
      setAt: null,
      deliveryDay: null,
      deliveryDays,
    };
  }
  const safePlace = storedSafePlace(row);
  return {
    instructions: row.instructions,
    safePlace,
    safePlaceWords: safePlaceWords(safePlace),
    setBy: row.setBy as 'recipient' | 'shipper',
    setAt: row.setAt.toISOString(),
    deliveryDay: row.deliveryDay,
    deliveryDays,
  };
}

async function requirePackage(db: Database, trackingCode: string) {
  const pkg = await findPackageRowByCode(db, trackingCode);
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  return pkg;
}

/**
 * The days the package may be moved to now: counted from its estimated delivery as it was before any
 * day was chosen (so moving again does not walk further on), in the server's calendar.
 */
function choicesOf(pkg: PackageRow, row: Row | undefined, calendar: DeliveryCalendar, now: Date): string[] {
  if (!canChangePreferences(pkg.status)) return [];
  const estimate = row?.deliveryDay ? row.estimatedBefore : pkg.estimatedDelivery;
  return deliveryDayChoices(estimate ? localDay(estimate) : null, localDay(now), calendar);
}

export async function getDeliveryPreferences(
  db: Database,
  trackingCode: string,
  companyName: string,
  now = new Date(),
): Promise<DeliveryPreferences> {
  const pkg = await requirePackage(db, trackingCode);
  const [row] = await db.select().from(deliveryPreferences).where(eq(deliveryPreferences.packageId, pkg.id));
  return preferencesOf(row, choicesOf(pkg, row, await getDeliverySettings(db, companyName), now));
}

/**
 * Replaces the package's choices, while it is not yet out for delivery (409 with its status after). A
 * day not among the choices is refused (400, nothing stored). A new day moves the estimated delivery to
 * its noon and takes the package off the runs of other days; null brings the estimate back.
 */
export async function setDeliveryPreferences(
  db: Database,
  actor: AuditActor,
  check: PackageCheck,
  input: z.output<typeof deliveryPreferencesInputSchema>,
  companyName: string,
  now = new Date(),
): Promise<DeliveryPreferences> {
  return db.transaction(async (tx) => {
    const pkg = await requirePackage(tx, check.trackingCode);
    if (!canChangePreferences(pkg.status)) throw conflict(preferencesLocked(pkg.status));
    const [before] = await tx.select().from(deliveryPreferences).where(eq(deliveryPreferences.packageId, pkg.id));
    const calendar = await getDeliverySettings(tx, companyName);
    const choices = choicesOf(pkg, before, calendar, now);
    const day = input.deliveryDay;
    const formerDay = before?.deliveryDay ?? null;
    // The day already chosen stays, even once it is no longer offered (a holiday set since, say).
    const refusal = day === null || day === formerDay ? null : deliveryDayRefusal(day, choices, calendar);
    if (refusal) throw badRequest(refusal, { deliveryDay: refusal });

    const estimatedBefore = formerDay ? (before?.estimatedBefore ?? null) : pkg.estimatedDelivery;
    const neighbour = input.safePlace.kind === 'neighbour' ? input.safePlace : undefined;
    const values = {
      instructions: input.instructions,
      safePlace: input.safePlace.kind,
      neighbourName: neighbour?.neighbourName ?? null,
      neighbourHouse: neighbour?.neighbourHouse ?? null,
      setBy: check.role,
      setAt: new Date(),
      deliveryDay: day,
      estimatedBefore: day === null ? null : estimatedBefore,
    };
    const [row] = await tx
      .insert(deliveryPreferences)
      .values({ packageId: pkg.id, ...values })
      .onConflictDoUpdate({ target: deliveryPreferences.packageId, set: values })
      .returning();

    const dayChanged = day !== formerDay;
    let estimatedDelivery = pkg.estimatedDelivery;
    if (dayChanged) {
      estimatedDelivery = day === null ? estimatedBefore : localNoon(day);
      await setEstimatedDelivery(tx, pkg.id, estimatedDelivery);
      if (day !== null) await leaveRunsForDeliveryDay(tx, actor, pkg, day, localDay(now));
    }
    // Who, what kind of choice and the day: the instructions' text and the neighbour are the customer's, not the log's.
    await recordAudit(tx, {
      actor,
      action: 'package.preferences_changed',
      target: packageTarget(pkg.trackingCode),
      after: {
        by: check.role,
        safePlace: values.safePlace,
        instructions: values.instructions !== '',
        deliveryDay: day,
        ...(dayChanged && { estimatedDelivery: estimatedDelivery?.toISOString() ?? null }),
      },
    });
    // The other party hears of it (the mail consumer, when notifications are on), with the new day.
    const newDay = estimatedDelivery ? localDay(estimatedDelivery) : null;
    await recordPackageEvent(tx, {
      type: 'package.preferences_changed',
      ...eventTarget(pkg),
      actor,
      payload: { by: check.role, at: values.setAt.toISOString(), ...(dayChanged && newDay && { deliveryDay: newDay }) },
    });
    return preferencesOf(row, choicesOf({ ...pkg, estimatedDelivery }, row, calendar, now));
  });
}
