import { defaultSignature } from '@waybill/domain';
import { normalizeLineBreaks } from './escape.ts';
import {
  button,
  type MailContext,
  paragraph,
  type RenderedEmail,
  renderHtmlDocument,
  textFooter,
  trackingUrl,
} from './layout.ts';

export const NOTIFICATION_EVENTS = ['accepted', 'rejected', 'status', 'location'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** What a status notification is rendered from (stored in the outbox row). */
export interface NotificationContent {
  event: NotificationEvent;
  trackingCode: string;
  recipientName: string;
  /** The new status, or the new location. */
  detail: string;
}

function headlineOf(content: NotificationContent): { subject: string; message: string } {
  const code = content.trackingCode;
  switch (content.event) {
    case 'accepted':
      return {
        subject: `Package ${code} accepted`,
        message: `Your package ${code} has been accepted and is on its way through our network.`,
      };
    case 'rejected':
      return {
        subject: `Package ${code} was not accepted`,
        message: `We are sorry: your package ${code} could not be accepted. Please contact us if you have any questions.`,
      };
    case 'status':
      return {
        subject: `Package ${code}: ${content.detail}`,
        message: `The status of your package ${code} is now: ${content.detail}.`,
      };
    case 'location':
      return {
        subject: `Package ${code} location update`,
        message: `Your package ${code} has a new location update: ${content.detail}.`,
      };
  }
}

/** A customer notification about a change to their package, with a link to its tracking page. */
export function renderNotificationEmail(context: MailContext, content: NotificationContent): RenderedEmail {
  const { subject, message } = headlineOf(content);
  const greeting = content.recipientName ? `Hello ${content.recipientName},` : 'Hello,';
  const signature = defaultSignature(context.company.name);
  const url = trackingUrl(context, content.trackingCode);
  const body = [paragraph(greeting), paragraph(message), button('Track your package', url), paragraph(signature)].join(
    '\n',
  );
  const text = [
    greeting,
    '',
    message,
    '',
    `Track your package: ${url}`,
    '',
    normalizeLineBreaks(signature),
    '',
    textFooter(context),
    '',
  ].join('\n');
  return { subject, html: renderHtmlDocument(context, subject, body), text };
}
