import type { OperatorRole } from '@waybill/domain';
import { button, type MailContext, paragraph, type RenderedEmail, renderHtmlDocument, textFooter } from './layout.ts';

/** What an invitation or a password-reset e-mail is rendered from (its outbox row's payload). */
export interface OperatorLinkContent {
  purpose: 'invite' | 'reset';
  name: string;
  role: OperatorRole;
  /** The one-time link; removed from the stored payload once the message has been sent. */
  link: string;
  /** Hours the link stays valid. */
  validHours: number;
}

/** The e-mail that carries an operator's one-time link: to join the console, or to set a new password. */
export function renderOperatorLinkEmail(context: MailContext, content: OperatorLinkContent): RenderedEmail {
  const company = context.company.name;
  const invite = content.purpose === 'invite';
  const subject = invite
    ? `You are invited to the ${company} console`
    : `Set a new password for the ${company} console`;
  const greeting = content.name ? `Hello ${content.name},` : 'Hello,';
  const message = invite
    ? content.role === 'driver'
      ? `You have been invited to ${company} as a driver: you will see your runs in the driver app. Open the link below to choose your password.`
      : `You have been invited to the ${company} console as ${content.role === 'admin' ? 'an admin' : 'an operator'}. Open the link below to choose your password.`
    : `An admin of the ${company} console has sent you a link to set a new password. Your current password keeps working until you use it.`;
  const validity = `The link works once, for ${content.validHours} hours. If it has expired, ask an admin for a new one. If you did not expect this e-mail, ignore it.`;
  const label = invite ? 'Accept the invitation' : 'Set a new password';

  const body = [paragraph(greeting), paragraph(message), button(label, content.link), paragraph(validity)].join('\n');
  const text = [greeting, '', message, '', `${label}: ${content.link}`, '', validity, '', textFooter(context), ''].join(
    '\n',
  );
  return { subject, html: renderHtmlDocument(context, subject, body), text };
}

/** What a business customer's link e-mail is rendered from: to set the password of their account's portal. */
export interface AccountLinkContent {
  purpose: 'invite';
  name: string;
  /** The account's company. */
  company: string;
  /** True for the requester of an approved account; false for a colleague an owner invited. */
  approved: boolean;
  link: string;
  validHours: number;
}

/** The e-mail that carries a business customer's one-time link to set a password. */
export function renderAccountLinkEmail(context: MailContext, content: AccountLinkContent): RenderedEmail {
  const company = context.company.name;
  const subject = content.approved
    ? `Your ${company} business account is ready`
    : `You are invited to ${content.company}'s ${company} business account`;
  const greeting = content.name ? `Hello ${content.name},` : 'Hello,';
  const message = content.approved
    ? `We approved the business account of ${content.company}. Open the link below to choose your password; then sign in to ship, follow your shipments and create API keys.`
    : `A colleague invited you to the ${company} business account of ${content.company}. Open the link below to choose your password.`;
  const validity = `The link works once, for ${content.validHours} hours. If it has expired, ask for a new one. If you did not expect this e-mail, ignore it.`;
  const label = 'Choose your password';
  const body = [paragraph(greeting), paragraph(message), button(label, content.link), paragraph(validity)].join('\n');
  const text = [greeting, '', message, '', `${label}: ${content.link}`, '', validity, '', textFooter(context), ''].join(
    '\n',
  );
  return { subject, html: renderHtmlDocument(context, subject, body), text };
}
