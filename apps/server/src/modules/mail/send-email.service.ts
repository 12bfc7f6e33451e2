import type { EmailPayload } from '@waybill/domain';
import { couldNotSendEmail, EMAIL_SENT } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { ImageStorage } from '../../storage/image-storage.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { findPackageImages } from '../packages/package-reads.service.ts';
import { insertMailLogEntry } from './mail-log.repository.ts';
import { MailDeliveryError, type Mailer, type OutgoingMessage } from './mailer.ts';
import { attachImages, type ImageLog, prepareImages, previewImages } from './package-images.ts';
import { type MailContext, type RenderedEmail, renderComposerEmail } from './templates/index.ts';

export interface MailDeps {
  db: Database;
  storage: ImageStorage;
  mailer: Mailer;
  context: MailContext;
  /** Where images left out of a message are reported. */
  log?: ImageLog;
}

/**
 * Sends a message and records it in the mail log either way. A refusal by the mail server is an
 * `MailDeliveryError`; anything else (e.g. a full disk for the outbox folder) is rethrown as is.
 */
export async function sendAndLog(
  deps: Pick<MailDeps, 'db' | 'mailer'>,
  message: OutgoingMessage,
  template: string,
  /** Who sent it, recorded with the mail log's "sent" row (the outbox's own sending has none). */
  sentBy?: { actor: AuditActor; trackingCode?: string },
  /** What the mail log names as the recipient, when the address itself must not be kept there. */
  loggedTo: string = message.to,
): Promise<{ id: string }> {
  let messageId: string;
  try {
    ({ messageId } = await deps.mailer.send(message));
  } catch (error) {
    const reason = error instanceof MailDeliveryError ? error.reason : 'the message could not be stored';
    await insertMailLogEntry(deps.db, {
      to: loggedTo,
      subject: message.subject,
      template,
      status: 'failed',
      error: reason,
    });
    throw error;
  }
  const entry = await deps.db.transaction(async (tx) => {
    const entry = await insertMailLogEntry(tx, {
      to: loggedTo,
      subject: message.subject,
      template,
      status: 'sent',
      messageId,
    });
    if (sentBy) {
      await recordAudit(tx, {
        actor: sentBy.actor,
        action: 'email.sent',
        target: { type: 'email', id: entry.id },
        // The recipient's address is in the mail log entry this names, not in the log that keeps it forever.
        after: {
          subject: message.subject,
          template,
          ...(sentBy.trackingCode ? { trackingCode: sentBy.trackingCode } : {}),
        },
      });
    }
    return entry;
  });
  return { id: entry.id };
}

/** The package images the composer asked for (none without the box ticked or for an unknown code). */
async function composerImageRows(deps: MailDeps, payload: EmailPayload) {
  if (!payload.includeImages) return [];
  return findPackageImages(deps.db, payload.trackingCode, payload.imageCount);
}

/** What the composer's Preview shows: the same rendering, with the images embedded in place of `cid:` references. */
export async function previewComposerEmail(deps: MailDeps, payload: EmailPayload): Promise<RenderedEmail> {
  const images = await previewImages(deps.storage, await composerImageRows(deps, payload), deps.log);
  return renderComposerEmail(deps.context, payload, images);
}

/** Renders, sends and logs the composer's e-mail; a refusal by the mail server is a 502 with its reason. */
export async function sendComposerEmail(
  deps: MailDeps,
  actor: AuditActor,
  payload: EmailPayload,
): Promise<{ message: string; id: string }> {
  const prepared = await prepareImages(deps.storage, await composerImageRows(deps, payload), deps.log);
  const { attachments, references } = attachImages(prepared);
  const rendered = renderComposerEmail(deps.context, payload, references);
  try {
    const { id } = await sendAndLog(deps, { to: payload.to, ...rendered, attachments }, payload.templateType, {
      actor,
      trackingCode: payload.trackingCode || undefined,
    });
    return { message: EMAIL_SENT, id };
  } catch (error) {
    if (error instanceof MailDeliveryError) throw new AppError(502, couldNotSendEmail(error.reason));
    throw error;
  }
}
