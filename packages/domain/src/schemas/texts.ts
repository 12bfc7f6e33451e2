import { z } from 'zod';

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
