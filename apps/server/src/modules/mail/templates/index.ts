import { defaultSignature, type EmailPayload } from '@waybill/domain';
import type { MailContext, RenderedEmail } from './layout.ts';
import { type ComposedEmail, type EmailImage, renderPackageEmail } from './package-template.ts';
import { renderSimpleEmail } from './simple-template.ts';

export type { MailContext, RenderedEmail } from './layout.ts';
export { type NotificationContent, type NotificationEvent, renderNotificationEmail } from './notification-template.ts';
export type { ComposedEmail, EmailImage } from './package-template.ts';
export { type ReceiptContent, renderReceiptEmail } from './receipt-template.ts';
export { renderWebhookDisabledEmail, type WebhookDisabledContent } from './webhook-disabled-template.ts';

/** Fills in what the composer left blank that only the server knows (the team name in the signature). */
export function composeEmail(payload: EmailPayload, context: MailContext): ComposedEmail {
  return { ...payload, customSignature: payload.customSignature || defaultSignature(context.company.name) };
}

/** The composer's e-mail as sent (and as previewed): one source for subject, HTML and text. */
export function renderComposerEmail(
  context: MailContext,
  payload: EmailPayload,
  images: EmailImage[] = [],
): RenderedEmail {
  const email = composeEmail(payload, context);
  return email.templateType === 'simple'
    ? renderSimpleEmail(context, email)
    : renderPackageEmail(context, email, images);
}

/** The template context from the server's config. */
export function mailContextOf(config: {
  company: { name: string; email: string; phone: string };
  publicUrl: string;
}): MailContext {
  return { company: config.company, publicUrl: config.publicUrl };
}
