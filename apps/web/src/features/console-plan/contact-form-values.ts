import { type ContactDetailsInput, contactDetailsInputSchema, type SavedContactDetails } from '@waybill/domain';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';

/** The server keeps at most this many lines (contactDetailsInputSchema in packages/domain). */
export const MAX_ADDRESS_LINES = 10;

/** Address lines are objects because react-hook-form's field arrays key their rows by object. */
export interface ContactFormValues {
  phone: string;
  email: string;
  watsapp: string;
  address: { line: string }[];
}

/** The saved details, or empty fields with the one address line the editor always keeps (SPEC §5). */
export function toContactFormValues(details: SavedContactDetails | null): ContactFormValues {
  const lines = details?.address.length ? details.address : [''];
  return {
    phone: details?.phone ?? '',
    email: details?.email ?? '',
    watsapp: details?.whatsapp ?? '',
    address: lines.map((line) => ({ line })),
  };
}

/**
 * Checks the form with the server's own schema (e-mail pattern, http(s) WhatsApp link, line lengths),
 * so the form refuses what the server would; blank address lines are dropped as the server drops them.
 */
export const contactFormResolver: Resolver<ContactFormValues, unknown, ContactDetailsInput> = async (values) => {
  const result = contactDetailsInputSchema.safeParse({
    phone: values.phone,
    email: values.email,
    watsapp: values.watsapp,
    address: values.address.map(({ line }) => line),
  });
  if (result.success) return { values: result.data, errors: {} };

  const errors: FieldErrors<ContactFormValues> = {};
  const addressErrors: { line: FieldError }[] = [];
  for (const issue of result.error.issues) {
    const [field, index] = issue.path;
    const error: FieldError = { type: issue.code, message: issue.message };
    if (field === 'address' && typeof index === 'number') addressErrors[index] ??= { line: error };
    else if (field === 'phone' || field === 'email' || field === 'watsapp') errors[field] ??= error;
  }
  if (addressErrors.length > 0) errors.address = addressErrors as FieldErrors<ContactFormValues>['address'];
  return { values: {}, errors };
};
