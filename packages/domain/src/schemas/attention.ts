import { z } from 'zod';
import { ATTENTION_REASONS } from '../attention.ts';
import { numberAtLeast } from './fields.ts';

/** A year: a threshold beyond it would hold nothing the list could ever show. */
export const ATTENTION_HOURS_MAX = 8760;

const wholeHours = (min: number, label: string) => {
  const message = `${label} must be a whole number of hours from ${min} to ${ATTENTION_HOURS_MAX}`;
  return numberAtLeast(min, message, { int: true, intMessage: message, max: ATTENTION_HOURS_MAX, maxMessage: message });
};

/** PUT /api/admin/attention-settings: the hours of the console's "Needs attention" rules. */
export const attentionSettingsInputSchema = z.object({
  pendingHours: wholeHours(1, 'Pending hours'),
  staleHours: wholeHours(1, 'Hours without an update'),
  lateHours: wholeHours(0, 'Hours past the estimated delivery'),
});
export type AttentionSettingsInput = z.input<typeof attentionSettingsInputSchema>;

/** The rules in force (the defaults until an admin saves them). */
export const attentionSettingsSchema = z
  .object({
    pendingHours: z.number().describe('Pending for more than this many hours'),
    staleHours: z.number().describe('Accepted, not delivered or rejected, and unchanged for more than this many hours'),
    lateHours: z
      .number()
      .describe('Past the estimated delivery by more than this many hours (0: as soon as it passes)'),
  })
  .meta({ id: 'AttentionSettings' });
export type AttentionSettings = z.infer<typeof attentionSettingsSchema>;

/** Why a listed package needs attention; the list carries it when asked for `attention=1`. */
export const attentionReasonSchema = z.enum(ATTENTION_REASONS);
