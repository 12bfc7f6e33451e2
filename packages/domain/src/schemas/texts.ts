import { z } from 'zod';
import { ACCOUNT_COUNTRIES } from '../constants.ts';
import { requiredText } from './fields.ts';
import { PHONE_REQUIRED, TEXT_CODE_FORMAT, TEXT_CODE_SENT } from './messages.ts';

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
