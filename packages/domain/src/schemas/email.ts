import { z } from 'zod';
import { DEFAULT_GREETING, LIMITS } from '../constants.ts';
import { booleanish, LONG_TEXT_MAX, numberAtLeast, optionalText, requiredEmail, requiredText } from './fields.ts';
import { pageQuerySchema } from './paging.ts';

export const EMAIL_TEMPLATE_TYPES = ['package', 'simple'] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

/** The e-mail composer payload (SPEC §3); customSignature's default needs the team name, so it is set by the server. */
export const emailPayloadSchema = z
  .object({
    to: requiredEmail('Recipient email is required'),
    subject: requiredText('Subject is required'),
    templateType: z.enum(EMAIL_TEMPLATE_TYPES, { error: 'Template type must be package or simple' }).default('package'),
    shipperName: optionalText(),
    shipperPhone: optionalText(40),
    shipperAddress: optionalText(500),
    shipperEmail: optionalText(254),
    receiverName: optionalText(),
    receiverPhone: optionalText(40),
    receiverAddress: optionalText(500),
    receiverEmail: optionalText(254),
    packageDescription: optionalText(LONG_TEXT_MAX),
    trackingCode: optionalText(64),
    includeImages: booleanish.optional().default(false),
    imageCount: numberAtLeast(LIMITS.emailImageCountMin, 'Image count must be between 1 and 10', {
      int: true,
      max: LIMITS.emailImageCountMax,
      maxMessage: 'Image count must be between 1 and 10',
    })
      .optional()
      .default(1),
    customMessage: optionalText(LONG_TEXT_MAX),
    customGreeting: optionalText(200).transform((value) => value || DEFAULT_GREETING),
    customSignature: optionalText(500),
  })
  .superRefine((payload, ctx) => {
    if (payload.templateType === 'simple' && payload.customMessage === '') {
      ctx.addIssue({ code: 'custom', path: ['customMessage'], message: 'Message is required' });
    }
  });
export type EmailPayload = z.infer<typeof emailPayloadSchema>;
export type EmailPayloadInput = z.input<typeof emailPayloadSchema>;

/** The composer's e-mail as the server renders it (POST /api/admin/email-preview); images are `data:` URIs. */
export const renderedEmailSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type RenderedEmail = z.infer<typeof renderedEmailSchema>;

/** The answer of POST /api/send-email: its message and the id of its mail-log entry. */
export const sentEmailSchema = z.object({ message: z.string(), id: z.string() });
export type SentEmail = z.infer<typeof sentEmailSchema>;

export const MAIL_LOG_PAGE_SIZE = 50;
export const mailLogQuerySchema = pageQuerySchema(MAIL_LOG_PAGE_SIZE);

/** One message the server sent or failed to send, whatever sent it (composer, receipt, notification). */
export const mailLogEntrySchema = z
  .object({
    _id: z.string(),
    to: z.string(),
    subject: z.string(),
    template: z.string().describe('package, simple, notification or receipt'),
    status: z.enum(['sent', 'failed']),
    error: z.string().nullable().describe('Why a failed message failed'),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'MailLogEntry' });
export type MailLogEntry = z.infer<typeof mailLogEntrySchema>;

/** Whether customers are e-mailed automatically about changes to their package. */
export const notificationSettingsSchema = z.object({
  notifyCustomers: z.boolean({ error: 'notifyCustomers must be true or false' }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
