import type { TextChannel } from '@waybill/domain';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { shipperTexts, textMessages, textSubscriptions } from '../../db/schema/index.ts';

export type TextSubscriptionRow = typeof textSubscriptions.$inferSelect;

/** The shipper asked for the journey's texts on `channel` (the ship form's "Text me updates"). */
export async function saveShipperTexts(db: Database, packageId: string, channel: TextChannel): Promise<void> {
  await db.insert(shipperTexts).values({ packageId, channel }).onConflictDoNothing();
}

/** The channel the shipper of a package asked for its texts on, if they did. */
export async function shipperTextChannel(db: Database, packageId: string): Promise<TextChannel | undefined> {
  const [row] = await db
    .select({ channel: shipperTexts.channel })
    .from(shipperTexts)
    .where(eq(shipperTexts.packageId, packageId))
    .limit(1);
  return row?.channel as TextChannel | undefined;
}

/** The numbers that confirmed a package's texts on the tracking page. */
export async function confirmedTextNumbers(db: Database, packageId: string): Promise<string[]> {
  const rows = await db
    .select({ number: textSubscriptions.number })
    .from(textSubscriptions)
    .where(and(eq(textSubscriptions.packageId, packageId), eq(textSubscriptions.status, 'confirmed')));
  return rows.map((row) => row.number);
}

/** How many numbers confirmed a package's texts. */
export async function countConfirmedTextNumbers(db: Database, packageId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(textSubscriptions)
    .where(and(eq(textSubscriptions.packageId, packageId), eq(textSubscriptions.status, 'confirmed')));
  return row?.total ?? 0;
}

export async function findTextSubscription(
  db: Database,
  packageId: string,
  number: string,
): Promise<TextSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(textSubscriptions)
    .where(and(eq(textSubscriptions.packageId, packageId), eq(textSubscriptions.number, number)))
    .limit(1);
  return row;
}

/** A new code for a package and number: the subscription made or its code replaced, tries reset. */
export async function saveTextCode(
  db: Database,
  row: {
    id: string;
    packageId: string;
    number: string;
    codeHash: string;
    codesSent: number;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  const code = {
    codeHash: row.codeHash,
    codeExpiresAt: row.expiresAt,
    codeSentAt: row.now,
    codesSent: row.codesSent,
    wrongCodes: 0,
  };
  await db
    .insert(textSubscriptions)
    .values({ id: row.id, packageId: row.packageId, number: row.number, createdAt: row.now, ...code })
    .onConflictDoUpdate({ target: [textSubscriptions.packageId, textSubscriptions.number], set: code });
}

export async function countWrongCode(db: Database, id: string, wrongCodes: number): Promise<void> {
  await db.update(textSubscriptions).set({ wrongCodes }).where(eq(textSubscriptions.id, id));
}

export async function confirmTextSubscription(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(textSubscriptions)
    .set({ status: 'confirmed', confirmedAt: now, codeHash: null, codeExpiresAt: null })
    .where(eq(textSubscriptions.id, id));
}

/**
 * A code's text once its provider took or refused it: the code is no longer kept readable in its body.
 * A text queued again for a retry keeps it.
 */
export async function blankCodeOf(db: Database, textId: string): Promise<void> {
  const [row] = await db.select({ body: textMessages.body }).from(textMessages).where(eq(textMessages.id, textId));
  if (!row) return;
  const body = row.body.replace(/: \d{6} is your code/, ': ****** is your code');
  await db
    .update(textMessages)
    .set({ body })
    .where(and(eq(textMessages.id, textId), ne(textMessages.state, 'queued')));
}
