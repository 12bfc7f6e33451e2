import { JOURNEY_TEXT_KINDS } from '@waybill/domain';
import { and, asc, count, desc, eq, inArray, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { packages, textMessages, textOptOuts, textSettings } from '../../db/schema/index.ts';

export type TextRow = typeof textMessages.$inferSelect;
export type NewTextRow = typeof textMessages.$inferInsert;
export type ReceiptState = 'sent' | 'delivered' | 'undelivered' | 'failed';

/** Queues a text; one already queued for the same package, event and number is left as it is. */
export async function insertText(db: Database, row: NewTextRow): Promise<boolean> {
  const inserted = await db
    .insert(textMessages)
    .values(row)
    .onConflictDoNothing({ target: [textMessages.packageId, textMessages.eventKey, textMessages.number] })
    .returning({ id: textMessages.id });
  return inserted.length > 0;
}

/**
 * Takes the next due text for this process and marks it `sending`, with its attempt counted, in one
 * committed statement before any call to the provider (`SKIP LOCKED`: two processes take two texts).
 */
export async function claimNextText(db: Database, now: Date): Promise<TextRow | undefined> {
  const due = db
    .select({ id: textMessages.id })
    .from(textMessages)
    .where(and(eq(textMessages.state, 'queued'), lte(textMessages.nextAttemptAt, now)))
    .orderBy(asc(textMessages.nextAttemptAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(textMessages)
    .set({ state: 'sending', attempts: sql`${textMessages.attempts} + 1`, updatedAt: now })
    .where(inArray(textMessages.id, due))
    .returning();
  return row;
}

/** The provider took the text (or refused it at once: `failed` with its code). */
export async function markTextSent(
  db: Database,
  id: string,
  providerId: string,
  state: 'sent' | 'failed',
  errorCode: string | null,
): Promise<void> {
  await db
    .update(textMessages)
    .set({ state, providerId, errorCode, updatedAt: new Date() })
    .where(and(eq(textMessages.id, id), eq(textMessages.state, 'sending')));
}

/** The queued texts quiet hours hold: the journey's (see `waitsOutQuietHours`). */
export async function findQueuedJourneyTexts(db: Database): Promise<Array<{ id: string; nextAttemptAt: Date }>> {
  return db
    .select({ id: textMessages.id, nextAttemptAt: textMessages.nextAttemptAt })
    .from(textMessages)
    .where(and(eq(textMessages.state, 'queued'), inArray(textMessages.kind, [...JOURNEY_TEXT_KINDS])));
}

/** Moves queued texts to go at `sendAt` (one still queued: a text taken meanwhile is left alone). */
export async function rescheduleQueuedTexts(db: Database, ids: string[], sendAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(textMessages)
    .set({ nextAttemptAt: sendAt, updatedAt: new Date() })
    .where(and(inArray(textMessages.id, ids), eq(textMessages.state, 'queued')));
}

/** Back in the queue for `retryAt` after a failure that may pass. */
export async function markTextRetry(db: Database, id: string, retryAt: Date, errorCode: string): Promise<void> {
  await db
    .update(textMessages)
    .set({ state: 'queued', nextAttemptAt: retryAt, errorCode, updatedAt: new Date() })
    .where(eq(textMessages.id, id));
}

export async function markTextFailed(db: Database, id: string, errorCode: string): Promise<void> {
  await db
    .update(textMessages)
    .set({ state: 'failed', errorCode, updatedAt: new Date() })
    .where(eq(textMessages.id, id));
}

/** The error code of a text whose sender stopped between marking it `sending` and storing the answer. */
export const INTERRUPTED = 'interrupted';

/**
 * Texts left `sending` since before `before`: their sender stopped mid-call (a crash, a kill), so the
 * provider may or may not have them. They are not sent again: they become `failed` with the code
 * `interrupted`, and a receipt that names them later (Twilio's carries the text's id) corrects that.
 */
export async function settleInterruptedTexts(db: Database, before: Date): Promise<Array<{ id: string }>> {
  return db
    .update(textMessages)
    .set({ state: 'failed', errorCode: INTERRUPTED, updatedAt: new Date() })
    .where(and(eq(textMessages.state, 'sending'), lt(textMessages.updatedAt, before)))
    .returning({ id: textMessages.id });
}

/**
 * A provider's delivery receipt. It finds its text by the provider's id, or by the text's own id (a
 * Twilio receipt's `text` parameter), and never moves a text back: `sent` after a final state is
 * ignored, as is anything after `delivered` or `undelivered`. True when a text changed.
 */
export async function applyReceipt(
  db: Database,
  match: { providerId: string; textId?: string | undefined },
  state: ReceiptState,
  errorCode: string | null,
): Promise<boolean> {
  const which = match.textId
    ? or(eq(textMessages.providerId, match.providerId), eq(textMessages.id, match.textId))
    : eq(textMessages.providerId, match.providerId);
  const allowed =
    state === 'sent'
      ? or(inArray(textMessages.state, ['queued', 'sending']), eq(textMessages.errorCode, INTERRUPTED))
      : notInArray(textMessages.state, ['delivered', 'undelivered']);
  const changed = await db
    .update(textMessages)
    .set({
      state,
      providerId: match.providerId,
      ...(errorCode !== null || state === 'delivered' ? { errorCode } : {}),
      updatedAt: new Date(),
    })
    .where(and(which, allowed))
    .returning({ id: textMessages.id });
  return changed.length > 0;
}

/** Whether Waybill ever queued a text to this number (a reply from any other is ignored). */
export async function hasTextedNumber(db: Database, number: string): Promise<boolean> {
  const [row] = await db
    .select({ id: textMessages.id })
    .from(textMessages)
    .where(eq(textMessages.number, number))
    .limit(1);
  return row !== undefined;
}

export async function isOptedOut(db: Database, number: string): Promise<boolean> {
  const [row] = await db.select().from(textOptOuts).where(eq(textOptOuts.number, number)).limit(1);
  return row !== undefined;
}

/** STOP: true when the number was not opted out before. */
export async function optOut(db: Database, number: string): Promise<boolean> {
  const added = await db
    .insert(textOptOuts)
    .values({ number })
    .onConflictDoNothing()
    .returning({ number: textOptOuts.number });
  return added.length > 0;
}

/** START: true when the number was opted out. */
export async function optIn(db: Database, number: string): Promise<boolean> {
  const removed = await db
    .delete(textOptOuts)
    .where(eq(textOptOuts.number, number))
    .returning({ number: textOptOuts.number });
  return removed.length > 0;
}

export type TextSettingsRow = typeof textSettings.$inferSelect;

/** The saved text settings, or undefined until an admin saves them. */
export async function readTextSettings(db: Database): Promise<TextSettingsRow | undefined> {
  const [row] = await db.select().from(textSettings).where(eq(textSettings.id, 1)).limit(1);
  return row;
}

export async function saveTextSettings(
  db: Database,
  values: Pick<TextSettingsRow, 'timeZone' | 'quietStart' | 'quietEnd' | 'kindsOff'>,
): Promise<TextSettingsRow> {
  const [row] = await db
    .insert(textSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: textSettings.id, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** A text as the console lists it, with its package's tracking code (null once the package is gone). */
const listed = {
  id: textMessages.id,
  trackingCode: packages.trackingCode,
  channel: textMessages.channel,
  number: textMessages.number,
  kind: textMessages.kind,
  state: textMessages.state,
  errorCode: textMessages.errorCode,
  createdAt: textMessages.createdAt,
  nextAttemptAt: textMessages.nextAttemptAt,
  updatedAt: textMessages.updatedAt,
};
export interface ListedText {
  id: string;
  trackingCode: string | null;
  channel: string;
  number: string;
  kind: string;
  state: string;
  errorCode: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
  updatedAt: Date;
}

/** One page of texts, newest first (of one state, or all), and how many there are. */
export async function findTextsPage(
  db: Database,
  filter: { state?: string | undefined },
  window: { limit: number; offset: number },
): Promise<{ rows: ListedText[]; total: number }> {
  const where = filter.state ? eq(textMessages.state, filter.state) : undefined;
  const rows = await db
    .select(listed)
    .from(textMessages)
    .leftJoin(packages, eq(packages.id, textMessages.packageId))
    .where(where)
    .orderBy(desc(textMessages.createdAt), desc(textMessages.id))
    .limit(window.limit)
    .offset(window.offset);
  const [counted] = await db.select({ total: count() }).from(textMessages).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** The texts of one package, newest first. */
export async function findTextsOfPackage(db: Database, packageId: string): Promise<ListedText[]> {
  return db
    .select(listed)
    .from(textMessages)
    .leftJoin(packages, eq(packages.id, textMessages.packageId))
    .where(eq(textMessages.packageId, packageId))
    .orderBy(desc(textMessages.createdAt), desc(textMessages.id));
}
