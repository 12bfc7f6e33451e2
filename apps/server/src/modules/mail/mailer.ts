import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** An image carried inside the message and shown by `cid:` reference. */
export interface InlineAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid: string;
}

export interface OutgoingMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: InlineAttachment[];
  /** Extra header fields, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Hands the message over; resolves only once the mail server (or the outbox folder) accepted it. */
  send(message: OutgoingMessage): Promise<{ messageId: string }>;
  /** One line for the start-up log: where messages go. */
  describe(): string;
  close(): void;
}

/** A message the mail server refused or could not take; `reason` is safe to show an operator. */
export class MailDeliveryError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'MailDeliveryError';
  }
}

export interface MailerConfig {
  dataDir: string;
  mail: { smtpUrl: string | undefined; from: string };
}

/** nodemailer's time limits (ms) for connecting, for the server's first words, and for a silent socket. */
export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

// A mail server that does not answer must not hold an operator's request for nodemailer's minutes.
export const SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

/** Why a send failed, in words an operator can act on (no stack, no credentials). */
export function describeSendFailure(error: unknown): string {
  const failure = error as { code?: string; response?: string; responseCode?: number; message?: string };
  if (failure.code === 'ECONNECTION' || failure.code === 'ESOCKET' || failure.code === 'ETIMEDOUT') {
    const cause = /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH)\b/.exec(
      failure.message ?? '',
    );
    return `the mail server could not be reached (${cause?.[1] ?? failure.code})`;
  }
  if (failure.response) return `the mail server refused the message (${failure.response.trim()})`;
  return failure.message || 'unknown mail error';
}

/** The SMTP URL without its password, for logs. */
function redactSmtpUrl(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'an SMTP server';
  }
}

function createSmtpMailer(smtpUrl: string, from: string, timeouts: SmtpTimeouts): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...timeouts });
  return {
    async send(message) {
      let info: { messageId: string; accepted: unknown[]; rejected: unknown[] };
      try {
        info = await transport.sendMail({ from, ...message });
      } catch (error) {
        throw new MailDeliveryError(describeSendFailure(error));
      }
      // A recipient the server declined is not a sent message, even when the session went through.
      if (info.rejected.length > 0 || info.accepted.length === 0) {
        throw new MailDeliveryError(`the mail server refused the recipient ${message.to}`);
      }
      return { messageId: info.messageId };
    },
    describe: () => `sending mail through ${redactSmtpUrl(smtpUrl)}`,
    close: () => transport.close(),
  };
}

/** Without an SMTP server (development, demos), each message becomes an .eml file to open in a mail client. */
function createOutboxMailer(directory: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      mkdirSync(directory, { recursive: true });
      const info = await transport.sendMail({ from, ...message });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      // Written aside and renamed, so whoever watches the folder never opens half a message.
      const partial = path.join(directory, `.${name}.partial`);
      await writeFile(partial, info.message as Buffer);
      await rename(partial, path.join(directory, name));
      return { messageId: info.messageId };
    },
    describe: () => `no SMTP_URL: writing mail as .eml files to ${directory}`,
    close: () => undefined,
  };
}

/** SMTP through nodemailer when SMTP_URL is set, else .eml files in DATA_DIR/outbox. */
export function createMailer(config: MailerConfig, smtpTimeouts: SmtpTimeouts = SMTP_TIMEOUTS): Mailer {
  return config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, config.mail.from, smtpTimeouts)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mail.from);
}
