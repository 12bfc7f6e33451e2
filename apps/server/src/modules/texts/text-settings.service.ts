import {
  DEFAULT_QUIET_END,
  DEFAULT_QUIET_START,
  DEFAULT_TEXT_TIME_ZONE,
  JOURNEY_TEXT_KINDS,
  type QuietHours,
  type TextSettings,
  textSendableAfterChange,
  type textSettingsInputSchema,
} from '@waybill/domain';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import {
  findQueuedJourneyTexts,
  readTextSettings,
  rescheduleQueuedTexts,
  saveTextSettings,
  type TextSettingsRow,
} from './texts.repository.ts';

type SettingsInput = z.output<typeof textSettingsInputSchema>;
type Provider = TextSettings['provider'];

/** What the sender and the consumer need of the settings: quiet hours, and the kinds switched off. */
export interface TextRules {
  quiet: QuietHours;
  kindsOff: ReadonlySet<string>;
}

const DEFAULT_ROW: Pick<TextSettingsRow, 'timeZone' | 'quietStart' | 'quietEnd' | 'kindsOff'> = {
  timeZone: DEFAULT_TEXT_TIME_ZONE,
  quietStart: DEFAULT_QUIET_START,
  quietEnd: DEFAULT_QUIET_END,
  kindsOff: [],
};

/** The rules in force: the saved row, or 21:00–07:00 in Africa/Lagos with every text on. */
export async function getTextRules(db: Database): Promise<TextRules> {
  const row = (await readTextSettings(db)) ?? DEFAULT_ROW;
  return {
    quiet: { timeZone: row.timeZone, start: row.quietStart, end: row.quietEnd },
    kindsOff: new Set(row.kindsOff),
  };
}

function answerOf(row: typeof DEFAULT_ROW, provider: Provider): TextSettings {
  return {
    timeZone: row.timeZone,
    quietStart: row.quietStart,
    quietEnd: row.quietEnd,
    kinds: Object.fromEntries(
      JOURNEY_TEXT_KINDS.map((kind) => [kind, !row.kindsOff.includes(kind)]),
    ) as TextSettings['kinds'],
    provider,
  };
}

export const providerOf = (config: Pick<Config, 'texts'>): Provider => config.texts?.provider ?? null;

export async function getTextSettings(db: Database, provider: Provider): Promise<TextSettings> {
  return answerOf((await readTextSettings(db)) ?? DEFAULT_ROW, provider);
}

const quietOf = (settings: TextSettings): QuietHours => ({
  timeZone: settings.timeZone,
  start: settings.quietStart,
  end: settings.quietEnd,
});

/**
 * Quiet hours changed: the queued texts follow. One waiting for the end of the old quiet hours goes at
 * the end of the new ones, or now when they are off or no longer cover now; any other that falls in
 * the new ones waits for their end (see `textSendableAfterChange`).
 */
async function moveQueuedTexts(db: Database, before: QuietHours, after: QuietHours, now: Date) {
  const moves = new Map<number, string[]>();
  for (const text of await findQueuedJourneyTexts(db)) {
    const sendAt = textSendableAfterChange(text.nextAttemptAt, now, before, after);
    if (sendAt.getTime() === text.nextAttemptAt.getTime()) continue;
    moves.set(sendAt.getTime(), [...(moves.get(sendAt.getTime()) ?? []), text.id]);
  }
  for (const [sendAt, ids] of moves) await rescheduleQueuedTexts(db, ids, new Date(sendAt));
}

/**
 * Saves the settings; the audit entry keeps only what changed, in the same transaction, and the queued
 * texts move with the quiet hours.
 */
export async function changeTextSettings(
  db: Database,
  actor: AuditActor,
  provider: Provider,
  input: SettingsInput,
  now = new Date(),
): Promise<TextSettings> {
  return db.transaction(async (tx) => {
    const before = answerOf((await readTextSettings(tx)) ?? DEFAULT_ROW, provider);
    const saved = answerOf(
      await saveTextSettings(tx, {
        timeZone: input.timeZone,
        quietStart: input.quietStart,
        quietEnd: input.quietEnd,
        kindsOff: JOURNEY_TEXT_KINDS.filter((kind) => !input.kinds[kind]),
      }),
      provider,
    );
    const changed = (['timeZone', 'quietStart', 'quietEnd', 'kinds'] as const).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(saved[key]),
    );
    if (changed.some((key) => key !== 'kinds')) await moveQueuedTexts(tx, quietOf(before), quietOf(saved), now);
    await recordAudit(tx, {
      actor,
      action: 'settings.texts_changed',
      target: { type: 'settings', id: 'texts' },
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, saved[key]])),
    });
    return saved;
  });
}
