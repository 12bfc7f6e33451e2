import {
  type DeliveryAttempt,
  dayInWords,
  defaultSignature,
  describeAttempt,
  RATING_DAYS,
  RETURNING_STATUS,
} from '@waybill/domain';
import { escapeHtml, normalizeLineBreaks } from './escape.ts';
import {
  button,
  type MailContext,
  paragraph,
  type RenderedEmail,
  renderHtmlDocument,
  textFooter,
  trackingUrl,
} from './layout.ts';
import type { EmailImage } from './package-template.ts';

export const NOTIFICATION_EVENTS = ['accepted', 'rejected', 'status', 'location', 'attempt', 'preferences'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** What a status notification is rendered from (stored in the outbox row). */
export interface NotificationContent {
  event: NotificationEvent;
  trackingCode: string;
  recipientName: string;
  /** The new status, the new location, or the reason of a failed delivery attempt. */
  detail: string;
  /** For `attempt`: the failed delivery attempt, its day written when the message is rendered. */
  attempt?: DeliveryAttempt;
  /** For `preferences`: the package's new delivery day (YYYY-MM-DD), when the change moved it. */
  deliveryDay?: string;
  /**
   * The delivery e-mail of the shipper or the receiver: who it goes to, for a single-use rating link
   * made when it is written (never kept in the outbox).
   */
  rate?: 'recipient' | 'shipper';
}

/** The page of a rating link: the token in the fragment, which browsers never send to the server. */
export function ratingUrl(context: MailContext, trackingCode: string, token: string): string {
  return `${trackingUrl(context, trackingCode)}#rate=${token}`;
}

/**
 * The subject and sentence of a failed delivery attempt, as the tracking page tells it (the day in the
 * server's zone, the depot's); a row without the attempt (never queued so) tells its reason alone.
 */
export function attemptHeadline(code: string, attempt: DeliveryAttempt | undefined, reason: string) {
  return {
    subject: attempt?.returning ? `Package ${code}: ${RETURNING_STATUS}` : `Package ${code}: delivery attempted`,
    sentence: attempt ? describeAttempt(attempt) : `Delivery attempted: ${reason}.`,
  };
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
      if (content.detail === RETURNING_STATUS) {
        return {
          subject: `Package ${code}: ${content.detail}`,
          message: `We could not deliver your package ${code} after several attempts, so it is being returned to the sender. Please contact us if you have any questions.`,
        };
      }
      return {
        subject: `Package ${code}: ${content.detail}`,
        message: `The status of your package ${code} is now: ${content.detail}.`,
      };
    case 'location':
      return {
        subject: `Package ${code} location update`,
        message: `Your package ${code} has a new location update: ${content.detail}.`,
      };
    case 'attempt': {
      const { subject, sentence } = attemptHeadline(code, content.attempt, content.detail);
      return { subject, message: `Our courier could not deliver your package ${code}. ${sentence}` };
    }
    case 'preferences':
      return preferencesHeadline(code, content.detail, content.deliveryDay);
  }
}

/**
 * The other party's e-mail when the recipient or the sender (`detail`) changed how a package is
 * delivered: that it changed and where to see it, not the instructions themselves.
 */
export function preferencesHeadline(code: string, by: string, deliveryDay?: string) {
  const who = by === 'shipper' ? 'sender' : 'recipient';
  if (deliveryDay) {
    return {
      subject: `Package ${code}: delivery day changed`,
      message: `The ${who} of package ${code} changed its delivery day on the tracking page: it is now expected on ${dayInWords(deliveryDay)}. If you did not expect this, please contact us.`,
    };
  }
  return {
    subject: `Package ${code}: delivery instructions changed`,
    message: `The ${who} of package ${code} changed its delivery instructions or safe place on the tracking page. If you did not expect this, please contact us.`,
  };
}

/** The delivery e-mail's invitation to rate it, above its link. */
const RATE_INVITATION = `How did the delivery go? Rate it with 1 to 5 stars, once, within ${RATING_DAYS} days.`;

/** What the shipper's delivery e-mail adds: who received the package, and the proof's images (`cid:`). */
export interface DeliveryProofContent {
  receivedBy: string;
  images: EmailImage[];
}

function proofBlock(proof: DeliveryProofContent): string {
  const images = proof.images
    .map(
      (image) =>
        `<p style="margin:0 0 12px"><img src="${escapeHtml(image.src)}" alt="${escapeHtml(image.alt)}" width="320" style="display:block;max-width:100%;height:auto;border:1px solid #d0d7de"></p>`,
    )
    .join('');
  return `${paragraph(`Received by: ${proof.receivedBy}`)}${images}`;
}

/**
 * A customer notification about a change to their package, with a link to its tracking page. The
 * shipper's delivery e-mail also names who received it and shows the proof's photo and signature.
 */
export function renderNotificationEmail(
  context: MailContext,
  content: NotificationContent,
  proof?: DeliveryProofContent,
  /** The delivery's rating link, when the e-mail offers one. */
  rateLink?: string,
): RenderedEmail {
  const { subject, message } = headlineOf(content);
  const greeting = content.recipientName ? `Hello ${content.recipientName},` : 'Hello,';
  const signature = defaultSignature(context.company.name);
  const url = trackingUrl(context, content.trackingCode);
  const body = [
    paragraph(greeting),
    paragraph(message),
    proof ? proofBlock(proof) : '',
    button('Track your package', url),
    rateLink ? `${paragraph(RATE_INVITATION)}\n${button('Rate the delivery', rateLink)}` : '',
    paragraph(signature),
  ].join('\n');
  const text = [
    greeting,
    '',
    message,
    '',
    ...(proof
      ? [`Received by: ${proof.receivedBy}`, ...proof.images.map((image) => `(${image.alt} attached)`), '']
      : []),
    `Track your package: ${url}`,
    '',
    ...(rateLink ? [RATE_INVITATION, `Rate the delivery: ${rateLink}`, ''] : []),
    normalizeLineBreaks(signature),
    '',
    textFooter(context),
    '',
  ].join('\n');
  return { subject, html: renderHtmlDocument(context, subject, body), text };
}
