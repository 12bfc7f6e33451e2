import type { ContactDetailsFields, SavedContactDetails } from '@waybill/domain';
import { DETAILS_EXIST, DETAILS_NOT_FOUND } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { type AuditActor, changedFields, pickFields, recordAudit } from '../audit/audit.service.ts';
import * as repository from './company-details.repository.ts';

function toContactDetails(row: repository.ContactDetailsRow): SavedContactDetails {
  return { _id: row.id, phone: row.phone, email: row.email, whatsapp: row.whatsapp, address: row.address };
}

export async function listContactDetails(db: Database): Promise<SavedContactDetails[]> {
  return (await repository.findContactDetails(db)).map(toContactDetails);
}

/** One record of contact details (SPEC §3); a second create is a 409, enforced by the database. */
const DETAILS_FIELDS = ['phone', 'email', 'whatsapp', 'address'] as const;

export async function createContactDetails(
  db: Database,
  actor: AuditActor,
  input: ContactDetailsFields,
): Promise<SavedContactDetails> {
  try {
    return await db.transaction(async (tx) => {
      const row = await repository.insertContactDetails(tx, input);
      await recordAudit(tx, {
        actor,
        action: 'details.created',
        target: { type: 'details', id: row.id },
        after: pickFields(row, DETAILS_FIELDS),
      });
      return toContactDetails(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'contact_details_single_row_key')) {
      throw conflict(DETAILS_EXIST);
    }
    throw error;
  }
}

export async function editContactDetails(
  db: Database,
  actor: AuditActor,
  id: string,
  input: ContactDetailsFields,
): Promise<SavedContactDetails> {
  if (!isUuid(id)) throw notFound(DETAILS_NOT_FOUND);
  return db.transaction(async (tx) => {
    const before = (await repository.findContactDetails(tx)).find((details) => details.id === id);
    const row = before ? await repository.updateContactDetails(tx, id, input) : undefined;
    if (!before || !row) throw notFound(DETAILS_NOT_FOUND);
    await recordAudit(tx, {
      actor,
      action: 'details.updated',
      target: { type: 'details', id },
      ...changedFields(before, row, DETAILS_FIELDS),
    });
    return toContactDetails(row);
  });
}
