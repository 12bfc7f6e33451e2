import { and, asc, eq, inArray, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { textMessages, textOptOuts } from '../../db/schema/index.ts';

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

export async function optOut(db: Database, number: string): Promise<void> {
  await db.insert(textOptOuts).values({ number }).onConflictDoNothing();
}

export async function optIn(db: Database, number: string): Promise<void> {
  await db.delete(textOptOuts).where(eq(textOptOuts.number, number));
}
