import type { Page } from 'playwright-core';

/** A complete package as a visitor types it into the ship form, by field label. */
export const PACKAGE: Readonly<Record<string, string>> = {
  Name: 'Ada Obi',
  Email: 'ada@example.com',
  Phone: '+234 801 000 0000',
  'Pickup Location': '12 Marina, Lagos',
  "Receiver's Name": 'Kofi Mensah',
  "Receiver's Email": 'kofi@example.com',
  "Receiver's Phone": '+233 20 000 0000',
  Destination: '4 Oxford Street, Accra',
  Description: 'Two hardback textbooks',
};

/**
 * The ship form's text field by its exact accessible name ("Name" is also part of "Receiver's Name");
 * the name leaves out the required asterisk, which is hidden from assistive technology.
 */
export const shipFormField = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** Types PACKAGE, with `overrides` by label, into the ship form's text fields. */
export async function fillPackage(page: Page, overrides: Record<string, string> = {}): Promise<void> {
  for (const [label, value] of Object.entries({ ...PACKAGE, ...overrides })) {
    await shipFormField(page, label).fill(value);
  }
}
