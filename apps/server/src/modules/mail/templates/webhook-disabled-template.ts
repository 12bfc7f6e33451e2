import { type MailContext, paragraph, type RenderedEmail, renderHtmlDocument, textFooter } from './layout.ts';

/** What the e-mail to an account's owners says when one of its webhook endpoints was turned off. */
export interface WebhookDisabledContent {
  /** The account's company. */
  company: string;
  url: string;
  /** Why its last call failed (a status, a timeout). */
  reason: string;
  /** The portal's page of webhooks. */
  link: string;
}

/** The e-mail that tells an account's owners their webhook endpoint stopped receiving events. */
export function renderWebhookDisabledEmail(context: MailContext, content: WebhookDisabledContent): RenderedEmail {
  const subject = `Webhook endpoint turned off: ${content.url}`;
  const message = `The calls of ${context.company.name} to the webhook endpoint of ${content.company} at ${content.url} failed for a day (last: ${content.reason}), so it was turned off and receives no more events.`;
  const next = `Once the endpoint answers again, turn it back on in your business account (${content.link}); the events it missed can be sent again from its list of deliveries.`;
  const body = [paragraph('Hello,'), paragraph(message), paragraph(next)].join('\n');
  const text = ['Hello,', '', message, '', next, '', textFooter(context), ''].join('\n');
  return { subject, html: renderHtmlDocument(context, subject, body), text };
}
