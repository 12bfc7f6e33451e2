import { z } from 'zod';
import { DEFAULT_GREETING, LIMITS } from '../constants.ts';
import { booleanish, LONG_TEXT_MAX, numberAtLeast, optionalText, requiredEmail, requiredText } from './fields.ts';

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
