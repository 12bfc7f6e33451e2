import type { EmailPayload } from '@waybill/domain';
import { escapeHtml, escapeMultiline, normalizeLineBreaks } from './escape.ts';
import {
  COLORS,
  heading,
  type MailContext,
  paragraph,
  type RenderedEmail,
  renderHtmlDocument,
  textFooter,
  trackingBlock,
  trackingUrl,
} from './layout.ts';

/** An image shown in the message: a `cid:` reference when sent, its public URL in a preview. */
export interface EmailImage {
  src: string;
  alt: string;
}

/** The composer payload once the server has filled in the signature. */
export type ComposedEmail = EmailPayload & { customSignature: string };

const FONT = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif";

interface Party {
  title: string;
  lines: [label: string, value: string][];
}

function partiesOf(email: ComposedEmail): Party[] {
  return [
    {
      title: 'Shipper',
      lines: [
        ['Name', email.shipperName],
        ['Phone', email.shipperPhone],
        ['Address', email.shipperAddress],
        ['Email', email.shipperEmail],
      ],
    },
    {
      title: 'Receiver',
      lines: [
        ['Name', email.receiverName],
        ['Phone', email.receiverPhone],
        ['Address', email.receiverAddress],
        ['Email', email.receiverEmail],
      ],
    },
  ];
}

function partyCell(party: Party): string {
  const rows = party.lines
    .filter(([, value]) => value !== '')
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 8px 2px 0;${FONT};font-size:13px;color:${COLORS.muted};vertical-align:top;white-space:nowrap">${label}</td><td style="padding:2px 0;${FONT};font-size:14px;color:${COLORS.text}">${escapeMultiline(value)}</td></tr>`,
    )
    .join('');
  return `<td width="50%" valign="top" style="padding:12px;background:${COLORS.panel};border:1px solid ${COLORS.line}"><div style="${FONT};font-size:14px;font-weight:bold;color:${COLORS.text};margin-bottom:6px">${party.title}</div><table role="presentation" cellpadding="0" cellspacing="0" border="0">${rows || `<tr><td style="${FONT};font-size:13px;color:${COLORS.muted}">Not provided</td></tr>`}</table></td>`;
}

function imagesBlock(images: EmailImage[]): string {
  if (images.length === 0) return '';
  const cells = images
    .map(
      (image) =>
        `<tr><td style="padding:0 0 12px"><img src="${escapeHtml(image.src)}" alt="${escapeHtml(image.alt)}" width="540" style="display:block;width:100%;max-width:540px;height:auto;border:1px solid ${COLORS.line}"></td></tr>`,
    )
    .join('');
  return `${heading('Package images')}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${cells}</table>`;
}

function textSummary(context: MailContext, email: ComposedEmail): string[] {
  const lines: string[] = ['Package summary', ''];
  for (const party of partiesOf(email)) {
    lines.push(`${party.title}:`);
    const filled = party.lines.filter(([, value]) => value !== '');
    if (filled.length === 0) lines.push('  Not provided');
    for (const [label, value] of filled)
      lines.push(`  ${label}: ${normalizeLineBreaks(value).replaceAll('\n', '\n    ')}`);
    lines.push('');
  }
  if (email.packageDescription !== '')
    lines.push('Package description:', normalizeLineBreaks(email.packageDescription), '');
  if (email.trackingCode !== '') {
    lines.push(
      `Tracking code: ${email.trackingCode}`,
      `Track your package: ${trackingUrl(context, email.trackingCode)}`,
      '',
    );
  }
  return lines;
}

/** The Package Notification e-mail: greeting, message, package summary, tracking link, images, signature. */
export function renderPackageEmail(
  context: MailContext,
  email: ComposedEmail,
  images: EmailImage[] = [],
): RenderedEmail {
  const body = [
    paragraph(email.customGreeting),
    email.customMessage === '' ? '' : paragraph(email.customMessage),
    heading('Package summary'),
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 16px"><tr>${partiesOf(email).map(partyCell).join('')}</tr></table>`,
    email.packageDescription === '' ? '' : `${heading('Package description')}${paragraph(email.packageDescription)}`,
    email.trackingCode === '' ? '' : trackingBlock(context, email.trackingCode),
    imagesBlock(images),
    paragraph(email.customSignature),
  ].join('\n');

  const text = [
    normalizeLineBreaks(email.customGreeting),
    '',
    ...(email.customMessage === '' ? [] : [normalizeLineBreaks(email.customMessage), '']),
    ...textSummary(context, email),
    normalizeLineBreaks(email.customSignature),
    '',
    textFooter(context),
    '',
  ].join('\n');

  return { subject: email.subject, html: renderHtmlDocument(context, email.subject, body), text };
}
