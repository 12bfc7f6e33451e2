import { normalizeLineBreaks } from './escape.ts';
import { type MailContext, paragraph, type RenderedEmail, renderHtmlDocument, textFooter } from './layout.ts';
import type { ComposedEmail } from './package-template.ts';

/** The Simple Message e-mail: greeting, message, signature. */
export function renderSimpleEmail(context: MailContext, email: ComposedEmail): RenderedEmail {
  const body = [paragraph(email.customGreeting), paragraph(email.customMessage), paragraph(email.customSignature)].join(
    '\n',
  );
  const text = [
    normalizeLineBreaks(email.customGreeting),
    '',
    normalizeLineBreaks(email.customMessage),
    '',
    normalizeLineBreaks(email.customSignature),
    '',
    textFooter(context),
    '',
  ].join('\n');
  return { subject: email.subject, html: renderHtmlDocument(context, email.subject, body), text };
}
