// How the recipient or the sender wants a package delivered, read and set by a visitor checked on the
// tracking page (docs/decisions/0049): instructions for the driver and a safe place, until the package
// is out for delivery; each change audited with who made it, never the text.
import {
  canChangePreferences,
  type DeliveryPreferences,
  type deliveryPreferencesInputSchema,
  PACKAGE_NOT_FOUND,
  preferencesLocked,
  type SafePlace,
  safePlaceWords,
} from '@waybill/domain';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { deliveryPreferences } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { recordPackageEvent } from '../events/events.service.ts';
import { eventTarget, packageTarget } from '../packages/change-records.ts';
import { findPackageRowByCode } from '../packages/package-reads.service.ts';
import type { PackageCheck } from './package-check.service.ts';

type Row = typeof deliveryPreferences.$inferSelect;

/** The answer for a row (or none: nothing set yet). */
export function preferencesOf(row: Row | undefined): DeliveryPreferences {
  if (!row) return { instructions: '', safePlace: { kind: 'none' }, safePlaceWords: null, setBy: null, setAt: null };
  const safePlace = (
    row.safePlace === 'neighbour'
      ? { kind: 'neighbour', neighbourName: row.neighbourName ?? '', neighbourHouse: row.neighbourHouse ?? '' }
      : { kind: row.safePlace }
  ) as SafePlace;
  return {
    instructions: row.instructions,
    safePlace,
    safePlaceWords: safePlaceWords(safePlace),
    setBy: row.setBy as 'recipient' | 'shipper',
    setAt: row.setAt.toISOString(),
  };
}

async function requirePackage(db: Database, trackingCode: string) {
  const pkg = await findPackageRowByCode(db, trackingCode);
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  return pkg;
}

export async function getDeliveryPreferences(db: Database, trackingCode: string): Promise<DeliveryPreferences> {
  const pkg = await requirePackage(db, trackingCode);
  const [row] = await db.select().from(deliveryPreferences).where(eq(deliveryPreferences.packageId, pkg.id));
  return preferencesOf(row);
}

/** Replaces the package's choices, while it is not yet out for delivery (409 with its status after). */
export async function setDeliveryPreferences(
  db: Database,
  actor: AuditActor,
  check: PackageCheck,
  input: z.output<typeof deliveryPreferencesInputSchema>,
): Promise<DeliveryPreferences> {
  return db.transaction(async (tx) => {
    const pkg = await requirePackage(tx, check.trackingCode);
    if (!canChangePreferences(pkg.status)) throw conflict(preferencesLocked(pkg.status));
    const neighbour = input.safePlace.kind === 'neighbour' ? input.safePlace : undefined;
    const values = {
      instructions: input.instructions,
      safePlace: input.safePlace.kind,
      neighbourName: neighbour?.neighbourName ?? null,
      neighbourHouse: neighbour?.neighbourHouse ?? null,
      setBy: check.role,
      setAt: new Date(),
    };
    const [row] = await tx
      .insert(deliveryPreferences)
      .values({ packageId: pkg.id, ...values })
      .onConflictDoUpdate({ target: deliveryPreferences.packageId, set: values })
      .returning();
    // Who, and what kind of choice: the instructions' text and the neighbour are the customer's, not the log's.
    await recordAudit(tx, {
      actor,
      action: 'package.preferences_changed',
      target: packageTarget(pkg.trackingCode),
      after: { by: check.role, safePlace: values.safePlace, instructions: values.instructions !== '' },
    });
    // The other party hears of it (the mail consumer, when notifications are on).
    await recordPackageEvent(tx, {
      type: 'package.preferences_changed',
      ...eventTarget(pkg),
      actor,
      payload: { by: check.role, at: values.setAt.toISOString() },
    });
    return preferencesOf(row);
  });
}

/** The choices set for these packages, as a driver's stop shows them, by package id; a package with none is absent. */
export async function findStopPreferences(
  db: Database,
  packageIds: string[],
): Promise<Map<string, { instructions: string; safePlaceWords: string | null }>> {
  if (packageIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(deliveryPreferences)
    .where(inArray(deliveryPreferences.packageId, [...new Set(packageIds)]));
  return new Map(
    rows.map((row) => {
      const { instructions, safePlaceWords } = preferencesOf(row);
      return [row.packageId, { instructions, safePlaceWords }];
    }),
  );
}
