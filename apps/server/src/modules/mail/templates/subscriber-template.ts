import { type DeliveryAttempt, SUBSCRIPTION_CONFIRM_HOURS } from '@waybill/domain';
import { escapeHtml } from './escape.ts';
import {
  button,
  COLORS,
  type MailContext,
  paragraph,
  type RenderedEmail,
  renderHtmlDocument,
  textFooter,
  trackingUrl,
} from './layout.ts';
import { attemptHeadline, type NotificationEvent, preferencesHeadline } from './notification-template.ts';

/** Where the links of subscription e-mails lead (API routes that answer small pages). */
export function confirmUrl(context: Pick<MailContext, 'publicUrl'>, token: string): string {
  return `${context.publicUrl}/api/subscriptions/confirm?token=${encodeURIComponent(token)}`;
}

export function unsubscribeUrl(context: Pick<MailContext, 'publicUrl'>, token: string): string {
  return `${context.publicUrl}/api/subscriptions/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** What the confirmation of e-mail updates is rendered from (the outbox drops `link` once it is sent). */
export interface SubscriptionConfirmContent {
  subscriptionId: string;
  trackingCode: string;
  link: string;
  /** The SHA-256 of the link's token: a message whose link was replaced by a newer one is not sent. */
  tokenHash: string;
}

/** What an update to a subscriber is rendered from: no address, the outbox looks it up when it sends. */
export interface SubscriberUpdateContent {
  subscriptionId: string;
  event: NotificationEvent;
  trackingCode: string;
  detail: string;
  /** For `attempt`: the failed delivery attempt. */
  attempt?: DeliveryAttempt;
}

const small = (html: string) =>
  `<p style="margin:16px 0 0;font-family:Arial,sans-serif;font-size:12px;line-height:1.6;color:${COLORS.muted}">${html}</p>`;

export function renderSubscriptionConfirmEmail(
  context: MailContext,
  content: SubscriptionConfirmContent,
): RenderedEmail {
  const code = content.trackingCode;
  const subject = `Confirm e-mail updates for package ${code}`;
  const message = `Someone, probably you, asked for e-mail updates about package ${code} at this address. Confirm to get an e-mail at each status change and location update.`;
  const ignore = `The link works for ${SUBSCRIPTION_CONFIRM_HOURS} hours. If you did not ask for this, ignore this e-mail: nothing more will be sent.`;
  const body = [
    paragraph(message),
    button('Confirm e-mail updates', content.link),
    paragraph(ignore),
    small(
      `Or open <a href="${escapeHtml(content.link)}" style="color:${COLORS.brand}">${escapeHtml(content.link)}</a>`,
    ),
  ].join('\n');
  const text = [message, '', `Confirm: ${content.link}`, '', ignore, '', textFooter(context), ''].join('\n');
  return { subject, html: renderHtmlDocument(context, subject, body), text };
}

function headlineOf(content: SubscriberUpdateContent): { subject: string; message: string } {
  const code = content.trackingCode;
  switch (content.event) {
    case 'accepted':
      return { subject: `Package ${code} accepted`, message: `Package ${code} has been accepted for delivery.` };
    case 'rejected':
      return { subject: `Package ${code} was not accepted`, message: `Package ${code} was not accepted for delivery.` };
    case 'status':
      return {
        subject: `Package ${code}: ${content.detail}`,
        message: `The status of package ${code} is now: ${content.detail}.`,
      };
    case 'location':
      return {
        subject: `Package ${code} location update`,
        message: `Package ${code} has a new location update: ${content.detail}.`,
      };
    case 'attempt': {
      const { subject, sentence } = attemptHeadline(code, content.attempt, content.detail);
      return { subject, message: `The courier could not deliver package ${code}. ${sentence}` };
    }
    // Never queued for subscribers: a change of the delivery choices goes to the other party only.
    case 'preferences':
      return preferencesHeadline(code, content.detail);
  }
}

/** An update of a package to an address that subscribed to it, with its one-click unsubscribe link. */
export function renderSubscriberUpdateEmail(
  context: MailContext,
  content: SubscriberUpdateContent,
  unsubscribeLink: string,
): RenderedEmail {
  const { subject, message } = headlineOf(content);
  const url = trackingUrl(context, content.trackingCode);
  const why = `You get this e-mail because this address asked for updates about package ${content.trackingCode}.`;
  const body = [
    paragraph(message),
    button('Track the package', url),
    small(`${escapeHtml(why)} <a href="${escapeHtml(unsubscribeLink)}" style="color:${COLORS.brand}">Unsubscribe</a>`),
  ].join('\n');
  const text = [
    message,
    '',
    `Track the package: ${url}`,
    '',
    why,
    `Unsubscribe: ${unsubscribeLink}`,
    '',
    textFooter(context),
    '',
  ].join('\n');
  return { subject, html: renderHtmlDocument(context, subject, body), text };
}
