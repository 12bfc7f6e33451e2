import { z } from 'zod';
import { ACCOUNT_COUNTRIES } from '../constants.ts';
import { CLOCK_TIME_PATTERN, isIanaTimeZone } from '../texts/quiet-hours.ts';
import { TEXT_KINDS } from '../texts/text-templates.ts';
import { requiredText } from './fields.ts';
import {
  CLOCK_TIME_FORMAT,
  PHONE_REQUIRED,
  TEXT_CODE_FORMAT,
  TEXT_CODE_SENT,
  TEXT_STATE_UNKNOWN,
  TEXT_SWITCH_REQUIRED,
  TIME_ZONE_UNKNOWN,
  textNumbersFull,
} from './messages.ts';
import { pageQueryFields } from './paging.ts';
import { MAX_SUBSCRIBERS } from './subscriptions.ts';

const field = (max: number, description: string) => z.string().max(max).optional().describe(description);

/** A Twilio webhook's form (a reply or a status callback): the fields read; every field is signed. */
export const twilioWebhookSchema = z
  .looseObject({
    MessageSid: field(64, 'The message’s SID'),
    From: field(64, 'The sender: +E.164, or whatsapp:+E.164'),
    To: field(64, 'Our number'),
    Body: field(1600, 'A reply’s text'),
    MessageStatus: field(32, 'A status callback’s state: queued, sent, delivered, undelivered, failed…'),
    ErrorCode: field(16, 'A failed or undelivered message’s error code'),
  })
  .describe('Form fields as Twilio posts them (application/x-www-form-urlencoded)');

/** The text a Twilio status callback's address carries: the id of Waybill's text. */
export const twilioStatusQuerySchema = z.object({
  text: z.uuid().optional().describe('The id of the text, set by Waybill on the callback address'),
});

/** Africa's Talking's callbacks carry the callback secret (AT_CALLBACK_SECRET) in the address. */
export const africasTalkingQuerySchema = z.object({
  secret: z.string().max(200).optional().describe('AT_CALLBACK_SECRET, as set on the callback URL'),
});

/** An Africa's Talking incoming message or delivery report (form fields). */
export const africasTalkingWebhookSchema = z
  .looseObject({
    id: field(128, 'The message’s id'),
    from: field(64, 'An incoming message’s sender'),
    to: field(64, 'Our short code or number'),
    text: field(1600, 'An incoming message’s text'),
    status: field(32, 'A delivery report’s state: Sent, Submitted, Buffered, Rejected, Success, Failed'),
    failureReason: field(64, 'Why a message failed, e.g. InsufficientCredit, DeliveryFailure'),
    phoneNumber: field(64, 'A delivery report’s number'),
  })
  .describe('Form fields as Africa’s Talking posts them (application/x-www-form-urlencoded)');

export const TEXT_STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const TEXT_START_WORDS = ['START', 'UNSTOP'] as const;
export const TEXT_HELP_WORDS = ['HELP', 'INFO'] as const;

/** GET /t/{code}: any text, so a mistyped link gets the 404 page rather than a validation error. */
export const shortLinkParamsSchema = z.object({ code: z.string().describe('A tracking code') });

/** The states of a text, from queued to its provider's last receipt. */
export const TEXT_STATES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'undelivered'] as const;
export type TextState = (typeof TEXT_STATES)[number];

/** The texts of a package's journey, each of which an admin turns on or off (HELP's answer always goes). */
export const JOURNEY_TEXT_KINDS = ['out_for_delivery', 'attempt_failed', 'delivered', 'returning'] as const;
export type JourneyTextKind = (typeof JOURNEY_TEXT_KINDS)[number];
/**
 * Quiet hours hold the journey's texts alone: HELP's answer and a subscription's code were asked for by
 * the person they go to a moment ago, and a code held until morning would be void (it works 10 minutes).
 */
export const waitsOutQuietHours = (kind: string): boolean => (JOURNEY_TEXT_KINDS as readonly string[]).includes(kind);

const clockTime = (description: string) =>
  z.string({ error: CLOCK_TIME_FORMAT }).trim().regex(CLOCK_TIME_PATTERN, CLOCK_TIME_FORMAT).describe(description);

const kindSwitch = (description: string) => z.boolean({ error: TEXT_SWITCH_REQUIRED }).describe(description);

const kindSwitches = z.object({
  out_for_delivery: kindSwitch('The receiver is texted when the package is out for delivery'),
  attempt_failed: kindSwitch('… when a delivery attempt failed, with the reason'),
  delivered: kindSwitch('… when it is delivered'),
  returning: kindSwitch('… when it is returning to its sender'),
});

/** PUT /api/admin/text-settings: quiet hours in a time zone, and which texts go. */
export const textSettingsInputSchema = z.object({
  timeZone: z
    .string({ error: TIME_ZONE_UNKNOWN })
    .trim()
    .refine(isIanaTimeZone, { error: TIME_ZONE_UNKNOWN })
    .describe('An IANA time zone, e.g. Africa/Lagos'),
  quietStart: clockTime('Quiet hours start, HH:MM in the time zone; equal to quietEnd: no quiet hours'),
  quietEnd: clockTime('Quiet hours end (texts made in them go then), HH:MM'),
  kinds: kindSwitches,
});
export type TextSettingsInput = z.input<typeof textSettingsInputSchema>;

export const textSettingsSchema = textSettingsInputSchema
  .extend({
    provider: z
      .enum(['twilio', 'africastalking'])
      .nullable()
      .describe('SMS_PROVIDER: null when no texts are sent, whatever these settings say'),
  })
  .meta({ id: 'TextSettings' });
export type TextSettings = z.infer<typeof textSettingsSchema>;

export const TEXT_LIST_PAGE_SIZE = 20;

/** GET /api/admin/texts: a page of texts, newest first, of one state or all. */
export const textListQuerySchema = z.object({
  ...pageQueryFields(TEXT_LIST_PAGE_SIZE),
  state: z.enum(TEXT_STATES, { error: TEXT_STATE_UNKNOWN }).optional().describe('Only the texts in this state'),
});

/** One text as the console shows it: its number masked (maskPhoneNumber), never its body. */
export const textEntrySchema = z
  .object({
    id: z.string(),
    trackingCode: z.string().nullable().describe('Null once its package is deleted'),
    channel: z.enum(['sms', 'whatsapp']),
    number: z.string().describe('Masked: the country calling code and the last two digits, +233 •••• ••45'),
    kind: z.enum(TEXT_KINDS).describe('The template'),
    state: z.enum(TEXT_STATES),
    errorCode: z.string().nullable().describe("The provider's error code, or interrupted, opted_out, expired: …"),
    createdAt: z.iso.datetime().describe('When it was queued'),
    sendAt: z.iso.datetime().describe('When it goes, or went (after quiet hours, a retry)'),
    updatedAt: z.iso.datetime().describe('Its last change of state'),
  })
  .meta({ id: 'TextEntry' });
export type TextEntry = z.infer<typeof textEntrySchema>;

/** What the console calls each text's template. */
export const TEXT_KIND_LABELS: Record<(typeof TEXT_KINDS)[number], string> = {
  out_for_delivery: 'Out for delivery',
  attempt_failed: 'Attempt failed',
  delivered: 'Delivered',
  returning: 'Returning to sender',
  help: 'Answer to HELP',
  updates_code: 'Code for text updates',
};

export const TEXT_CHANNEL_LABELS: Record<TextEntry['channel'], string> = { sms: 'SMS', whatsapp: 'WhatsApp' };

/** "Text Delivered to +233 •••• ••45 by SMS: sent" — a text as one line of a package's history. */
export function describeText(text: Pick<TextEntry, 'kind' | 'number' | 'channel' | 'state' | 'errorCode'>): string {
  const error = text.errorCode ? ` (${text.errorCode})` : '';
  return `Text “${TEXT_KIND_LABELS[text.kind]}” to ${text.number} by ${TEXT_CHANNEL_LABELS[text.channel]}: ${text.state}${error}`;
}

/** How a shipper who asked gets the journey's texts (the ship form's "Text me updates"). */
export const TEXT_CHANNELS = ['sms', 'whatsapp'] as const;
export type TextChannel = (typeof TEXT_CHANNELS)[number];

/**
 * The ship form's text fields beside SPEC's (sent only when the shipper ticked "Text me updates"):
 * `textUpdates` is the channel. Anything else reads as no texts.
 */
export const shipperTextsSchema = z.object({
  textUpdates: z
    .enum(TEXT_CHANNELS)
    .optional()
    .catch(undefined)
    .describe('sms or whatsapp: the shipper asked for the journey’s texts on that channel; absent: none'),
});

/** What the public pages may offer of texts (no provider: nothing). */
export interface TextOffer {
  /** WhatsApp is offered beside SMS (TWILIO_WHATSAPP_FROM). */
  whatsapp: boolean;
}

export const TEXT_CODE_LENGTH = 6;
/** Wrong codes a subscription's code takes before it is void. */
export const TEXT_CODE_TRIES = 5;
/** How long a code works. */
export const TEXT_CODE_MINUTES = 10;
/** The same in milliseconds: a code's text is not sent (nor retried) past it. */
export const TEXT_CODE_MS = TEXT_CODE_MINUTES * 60_000;
/**
 * Confirmed numbers a package sends its texts to at most (beside its receiver and its shipper): the
 * rule of its e-mail updates, which go to as many confirmed addresses.
 */
export const TEXT_NUMBERS_PER_PACKAGE = MAX_SUBSCRIBERS;
export const TEXT_NUMBERS_FULL = textNumbersFull(TEXT_NUMBERS_PER_PACKAGE);

const phoneField = requiredText(PHONE_REQUIRED, 40);
const countryField = z
  .enum(ACCOUNT_COUNTRIES)
  .optional()
  .describe('The country of a number typed without its +code (one of SPEC’s five)');

/** POST /api/track/{code}/text-subscriptions. */
export const textSubscribeBodySchema = z.object({ phone: phoneField, country: countryField });
export type TextSubscribeBody = z.infer<typeof textSubscribeBodySchema>;
export const textSubscribeAnswerSchema = z.object({ message: z.literal(TEXT_CODE_SENT) });

/** POST /api/track/{code}/text-subscriptions/confirm. */
export const textConfirmBodySchema = z.object({
  phone: phoneField,
  country: countryField,
  code: z
    .string({ error: TEXT_CODE_FORMAT })
    .trim()
    .regex(new RegExp(`^\\d{${TEXT_CODE_LENGTH}}$`), { error: TEXT_CODE_FORMAT }),
});
export type TextConfirmBody = z.infer<typeof textConfirmBodySchema>;
export const textConfirmAnswerSchema = z.object({
  message: z.string().describe('What was confirmed, with the number'),
  number: z.string().describe('The number in international form'),
});
export type TextConfirmAnswer = z.infer<typeof textConfirmAnswerSchema>;
