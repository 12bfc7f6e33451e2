import { type DimensionUnit, defaultSignature, formatDimensions, formatVolume } from '@waybill/domain';
import { normalizeLineBreaks } from './escape.ts';
import {
  detailsTable,
  heading,
  type MailContext,
  paragraph,
  type RenderedEmail,
  renderHtmlDocument,
  textFooter,
  trackingBlock,
  trackingUrl,
} from './layout.ts';

/** What a submission receipt is rendered from (stored in the outbox row when the package is created). */
export interface ReceiptContent {
  trackingCode: string;
  shipperName: string;
  receiverName: string;
  destination: string;
  description: string;
  quantity: number;
  weight: number;
  dimensionUnit: DimensionUnit;
  length: number;
  width: number;
  height: number;
  /**
   * Whether the shipper is e-mailed as the package is reviewed and moves (the notification setting when
   * it was submitted). Absent in receipts queued before it was recorded: then nothing more is promised.
   */
  updatesFollow?: boolean;
}

function summaryOf(content: ReceiptContent): [label: string, value: string][] {
  const { length, width, height, dimensionUnit } = content;
  return [
    ['Receiver', content.receiverName],
    ['Destination', content.destination],
    ['Description', content.description],
    ['Quantity', String(content.quantity)],
    ['Weight', `${content.weight} kg`],
    ['Dimensions', formatDimensions(length, width, height, dimensionUnit)],
    ['Total volume', formatVolume(length, width, height, dimensionUnit)],
  ];
}

/**
 * The shipper's receipt for a submitted package: the tracking code (which the track page says is in
 * this e-mail), a link to its tracking page, and what was sent to whom.
 */
export function renderReceiptEmail(context: MailContext, content: ReceiptContent): RenderedEmail {
  const code = content.trackingCode;
  const subject = `Receipt for your package ${code}`;
  const greeting = content.shipperName ? `Hello ${content.shipperName},` : 'Hello,';
  // Only what will happen: another e-mail when the team has reviewed the package only while customers
  // are notified; the tracking page's own e-mail updates whatever the setting.
  const message = content.updatesFollow
    ? `Thank you for shipping with ${context.company.name}. We have received your package and will e-mail you again when our team has reviewed it, and at each step of its journey. Keep this e-mail: your tracking code follows your package all the way.`
    : `Thank you for shipping with ${context.company.name}. We have received your package. Keep this e-mail: your tracking code follows your package all the way, and its tracking page can e-mail you at each step.`;
  const signature = defaultSignature(context.company.name);
  const summary = summaryOf(content);

  const body = [
    paragraph(greeting),
    paragraph(message),
    trackingBlock(context, code),
    heading('Package summary'),
    detailsTable(summary),
    paragraph(signature),
  ].join('\n');

  const text = [
    greeting,
    '',
    message,
    '',
    `Tracking code: ${code}`,
    `Track your package: ${trackingUrl(context, code)}`,
    '',
    'Package summary',
    ...summary.map(([label, value]) => `  ${label}: ${normalizeLineBreaks(value).replaceAll('\n', '\n    ')}`),
    '',
    normalizeLineBreaks(signature),
    '',
    textFooter(context),
    '',
  ].join('\n');

  return { subject, html: renderHtmlDocument(context, subject, body), text };
}
