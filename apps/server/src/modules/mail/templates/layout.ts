import { escapeHtml, escapeMultiline } from './escape.ts';

/** What every template needs besides the message itself (from the config). */
export interface MailContext {
  company: { name: string; email: string; phone: string };
  publicUrl: string;
  /** The footer's year; the current one unless a test fixes it. */
  year?: number;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const FONT = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif";
export const COLORS = { brand: '#1c4f9c', text: '#1f2933', muted: '#616e7c', line: '#e4e7eb', panel: '#f5f7fa' };

/** The tracking page of a code. */
export function trackingUrl(context: MailContext, trackingCode: string): string {
  return `${context.publicUrl}/track/${encodeURIComponent(trackingCode)}`;
}

export function footerYear(context: MailContext): number {
  return context.year ?? new Date().getFullYear();
}

/** Plain-text footer, the same facts as the HTML one. */
export function textFooter(context: MailContext): string {
  const { name, email, phone } = context.company;
  return [
    '--',
    name,
    `Support: ${email}`,
    `Phone: ${phone}`,
    `© ${footerYear(context)} ${name}. All rights reserved.`,
  ].join('\n');
}

/** A paragraph of typed text (escaped, line breaks kept). */
export function paragraph(text: string): string {
  return `<p style="margin:0 0 16px;${FONT};font-size:15px;line-height:1.6;color:${COLORS.text}">${escapeMultiline(text)}</p>`;
}

/** A full-width button link (tables and inline styles: what most mail clients render alike). */
export function button(label: string, href: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 20px"><tr><td style="background:${COLORS.brand};border-radius:4px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 22px;${FONT};font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none">${escapeHtml(label)}</a></td></tr></table>`;
}

/** A section heading inside a message. */
export function heading(text: string): string {
  return `<h2 style="margin:8px 0 12px;${FONT};font-size:17px;color:${COLORS.brand}">${escapeHtml(text)}</h2>`;
}

/** The tracking code in large type, a Track your package button and the link written out. */
export function trackingBlock(context: MailContext, trackingCode: string): string {
  const url = trackingUrl(context, trackingCode);
  return `${heading('Tracking')}<p style="margin:0 0 8px;${FONT};font-size:15px;color:${COLORS.text}">Tracking code: <strong style="font-family:'Courier New',Courier,monospace;letter-spacing:1px">${escapeHtml(trackingCode)}</strong></p>${button('Track your package', url)}<p style="margin:0 0 16px;${FONT};font-size:12px;color:${COLORS.muted}">Or open <a href="${escapeHtml(url)}" style="color:${COLORS.brand}">${escapeHtml(url)}</a></p>`;
}

/** Label and value rows (values are typed text: escaped, line breaks kept). */
export function detailsTable(rows: [label: string, value: string][]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;${FONT};font-size:13px;color:${COLORS.muted};vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:4px 0;${FONT};font-size:14px;color:${COLORS.text};overflow-wrap:anywhere">${escapeMultiline(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px">${cells}</table>`;
}

/**
 * The whole HTML document around a message body: a centred 600 px table, the company name on top and
 * the fixed footer with the support e-mail, phone and year.
 */
export function renderHtmlDocument(context: MailContext, subject: string, body: string): string {
  const { name, email, phone } = context.company;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.panel}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.panel}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid ${COLORS.line};border-radius:6px">
<tr><td style="padding:20px 28px;background:${COLORS.brand};border-radius:6px 6px 0 0;${FONT};font-size:20px;font-weight:bold;color:#ffffff">${escapeHtml(name)}</td></tr>
<tr><td style="padding:28px">
${body}
</td></tr>
<tr><td style="padding:20px 28px;border-top:1px solid ${COLORS.line};${FONT};font-size:12px;line-height:1.6;color:${COLORS.muted}">
<strong>${escapeHtml(name)}</strong><br>
Support: <a href="mailto:${escapeHtml(email)}" style="color:${COLORS.brand}">${escapeHtml(email)}</a><br>
Phone: ${escapeHtml(phone)}<br>
&copy; ${footerYear(context)} ${escapeHtml(name)}. All rights reserved.
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
