import type { DimensionUnit } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { insertOutboxMessages, readNotifyCustomers } from './outbox.repository.ts';
import type { ReceiptContent } from './templates/index.ts';

export const SUBMISSION_RECEIPT_KIND = 'submission-receipt';

/** The package fields a receipt needs (a row of the packages table fits). */
export interface ReceiptPackage {
  id: string;
  trackingCode: string;
  name: string;
  email: string;
  receiverName: string;
  destination: string;
  description: string;
  quantity: number;
  weight: number;
  dimensionUnit: string;
  length: number;
  width: number;
  height: number;
}

/**
 * Queues the shipper's receipt of a new package. Call it inside the transaction that creates the
 * package: the receipt exists exactly when the package does, and the outbox worker sends it. Always
 * queued, whatever the "notify customers" setting: the customer was promised the code by e-mail.
 * Returns how many messages were queued (0 when this package's receipt was queued before).
 */
export async function enqueueSubmissionReceipt(db: Database, pkg: ReceiptPackage): Promise<number> {
  const to = pkg.email.trim().toLowerCase();
  if (to === '') return 0;
  const payload: ReceiptContent = {
    trackingCode: pkg.trackingCode,
    shipperName: pkg.name,
    receiverName: pkg.receiverName,
    destination: pkg.destination,
    description: pkg.description,
    quantity: pkg.quantity,
    weight: pkg.weight,
    dimensionUnit: pkg.dimensionUnit as DimensionUnit,
    length: pkg.length,
    width: pkg.width,
    height: pkg.height,
    // What the receipt may promise: read in the transaction that will queue the package's notifications.
    updatesFollow: await readNotifyCustomers(db),
  };
  return insertOutboxMessages(db, [
    { kind: SUBMISSION_RECEIPT_KIND, packageId: pkg.id, eventKey: 'receipt', to, payload },
  ]);
}
