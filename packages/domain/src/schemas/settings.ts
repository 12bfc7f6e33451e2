import { z } from 'zod';
import { EMAIL_PATTERN, INVALID_EMAIL, numberAtLeast, optionalText, requiredText } from './fields.ts';
import { contactWire } from './wire-names.ts';

// Dollars and cents: a third decimal is refused rather than rounded away.
const price = (tier: number) =>
  numberAtLeast(0, `Price ${tier} must be at least 0`, {
    max: 1_000_000,
    maxDecimals: 2,
    decimalsMessage: `Price ${tier} must have at most 2 decimals`,
  });

/** One three-tier pricing plan (SPEC §3). */
export const planInputSchema = z.object({
  name1: requiredText('Plan 1 name is required', 100),
  name2: requiredText('Plan 2 name is required', 100),
  name3: requiredText('Plan 3 name is required', 100),
  price1: price(1),
  price2: price(2),
  price3: price(3),
  description1: optionalText(1000),
  description2: optionalText(1000),
  description3: optionalText(1000),
});
export type PlanInput = z.infer<typeof planInputSchema>;

/** A saved plan as the API answers it. */
export const planSchema = z
  .object({
    _id: z.string(),
    name1: z.string(),
    name2: z.string(),
    name3: z.string(),
    price1: z.number(),
    price2: z.number(),
    price3: z.number(),
    description1: z.string(),
    description2: z.string(),
    description3: z.string(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planSchema>;

/** True for an http(s) link, the only kind a WhatsApp link may be: it becomes an href on every page. */
export function isWhatsappLink(value: string): boolean {
  return /^https?:\/\/\S+$/i.test(value);
}

/** The wa.me chat link of a phone number (its digits, country code first), or '' when it has none. */
export function whatsappLinkForPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits === '' ? '' : `https://wa.me/${digits}`;
}

const whatsappLink = optionalText(500).refine((value) => value === '' || isWhatsappLink(value), {
  error: 'WhatsApp link must start with https://',
});

/** Contact details of the company (SPEC §3) under the code's names, as the console's editor holds them. */
const contactDetailsFieldsShape = {
  phone: optionalText(40),
  email: optionalText(254).refine((value) => value === '' || EMAIL_PATTERN.test(value), { error: INVALID_EMAIL }),
  whatsapp: whatsappLink,
  address: z
    .array(z.string({ error: 'Address lines must be text' }).trim().max(200), {
      error: 'Address must be a list of lines',
    })
    .max(10, { error: 'At most 10 address lines' })
    .optional()
    .default([''])
    .transform((lines) => {
      const kept = lines.filter((line) => line !== '');
      return kept.length > 0 ? kept : [];
    }),
};
export const contactDetailsFieldsSchema = z.object(contactDetailsFieldsShape);
export type ContactDetailsFields = z.infer<typeof contactDetailsFieldsSchema>;

/** The contact details as SPEC §3's routes take them: `watsapp` is spelt as clients expect. */
export const contactDetailsInputSchema = z.object(contactWire.toWire(contactDetailsFieldsShape));
export type ContactDetailsInput = z.infer<typeof contactDetailsInputSchema>;

/** Saved contact details as the API answers them (SPEC §3: `watsapp`). */
export const contactDetailsSchema = z
  .object(
    contactWire.toWire({
      _id: z.string(),
      phone: z.string(),
      email: z.string(),
      whatsapp: z.string(),
      address: z.array(z.string()).describe('Address lines'),
    }),
  )
  .meta({ id: 'ContactDetails' });
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

/** Saved contact details under the code's names (the site's pages, the console's editor). */
export const savedContactDetailsSchema = contactDetailsSchema.transform((answer) => contactWire.fromWire(answer));
export type SavedContactDetails = z.output<typeof savedContactDetailsSchema>;

/**
 * Company settings supplied from outside (the server's COMPANY_* configuration, GET /api/company).
 * `whatsapp` is the chat link the site uses until an operator saves one in the contact details.
 */
export const companySettingsSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  hours: z.string(),
  whatsapp: z.string(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;
