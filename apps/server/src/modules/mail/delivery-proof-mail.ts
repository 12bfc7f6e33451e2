import { DELIVERED_STATUS } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import type { ImageStorage } from '../../storage/image-storage.ts';
import { loadSharp } from '../packages/images/sharp.ts';
import { findProofForMail } from '../packages/proof/delivery-proof.service.ts';
import type { InlineAttachment } from './mailer.ts';
import type { OutboxRow } from './outbox.repository.ts';
import type { DeliveryProofContent, NotificationContent } from './templates/notification-template.ts';

export interface DeliveryProofMail {
  proof: DeliveryProofContent;
  attachments: InlineAttachment[];
}

/**
 * What a status notification to the shipper about Delivered carries besides the text: who received
 * the package, the proof's photo (as JPEG, which every mail client shows) and the signature (PNG).
 * Read when the message is sent, after the change committed, so the notification path stays the one
 * every status change takes. Undefined for any other message, the receiver's copy, or a package
 * delivered without a proof. An image whose file cannot be read is left out and logged.
 */
export async function deliveryProofMail(
  deps: { db: Database; storage?: ImageStorage; log?: { warn(details: object, message: string): void } },
  row: Pick<OutboxRow, 'packageId' | 'to' | 'payload'>,
): Promise<DeliveryProofMail | undefined> {
  const content = row.payload as NotificationContent;
  if (content.event !== 'status' || content.detail !== DELIVERED_STATUS || !row.packageId) return undefined;
  const found = await findProofForMail(deps.db, row.packageId);
  if (!found || found.shipperEmail.trim().toLowerCase() !== row.to) return undefined;
  const { proof } = found;
  const attachments: InlineAttachment[] = [];
  const attach = async (
    key: string | null,
    name: string,
    convert: (bytes: Buffer) => Promise<Buffer>,
    type: string,
  ) => {
    if (!key || !deps.storage) return;
    try {
      const content = await convert(await deps.storage.read(key));
      attachments.push({ filename: name, content, contentType: type, cid: `${name}-${row.packageId}@waybill` });
    } catch (error) {
      deps.log?.warn(
        { storageKey: key, reason: (error as Error).message },
        'proof image left out of the delivery e-mail',
      );
    }
  };
  await attach(
    proof.photoKey,
    'delivery-photo.jpg',
    async (bytes) => (await loadSharp())(bytes).jpeg({ quality: 82 }).toBuffer(),
    'image/jpeg',
  );
  await attach(proof.signatureKey, 'signature.png', async (bytes) => bytes, 'image/png');
  return {
    proof: {
      receivedBy: proof.receivedBy,
      images: attachments.map((attachment) => ({
        src: `cid:${attachment.cid}`,
        alt: attachment.contentType === 'image/png' ? 'Signature' : 'Delivery photo',
      })),
    },
    attachments,
  };
}
