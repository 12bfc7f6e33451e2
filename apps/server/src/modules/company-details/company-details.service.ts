import type { ContactDetails, ContactDetailsInput } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, isUniqueViolation, notFound } from '../../errors.ts';
import * as repository from './company-details.repository.ts';

export const DETAILS_EXIST = 'Contact details already exist; edit them instead';
export const DETAILS_NOT_FOUND = 'Contact details not found';

function toContactDetails(row: repository.ContactDetailsRow): ContactDetails {
  return { _id: row.id, phone: row.phone, email: row.email, watsapp: row.watsapp, address: row.address };
}

export async function listContactDetails(db: Database): Promise<ContactDetails[]> {
  return (await repository.findContactDetails(db)).map(toContactDetails);
}

/** One record of contact details (SPEC §3); a second create is a 409, enforced by the database. */
export async function createContactDetails(db: Database, input: ContactDetailsInput): Promise<ContactDetails> {
  try {
    return toContactDetails(await repository.insertContactDetails(db, input));
  } catch (error) {
    if (isUniqueViolation(error, 'contact_details_single_row_key')) {
      throw conflict(DETAILS_EXIST);
    }
    throw error;
  }
}

export async function editContactDetails(
  db: Database,
  id: string,
  input: ContactDetailsInput,
): Promise<ContactDetails> {
  const row = isUuid(id) ? await repository.updateContactDetails(db, id, input) : undefined;
  if (!row) throw notFound(DETAILS_NOT_FOUND);
  return toContactDetails(row);
}
