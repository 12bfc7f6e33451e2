import type { BrowserContext } from 'playwright-core';
import { callApi, signInAsOperator } from './api.ts';

export interface SavedContactDetails {
  _id: string;
  phone: string;
  email: string;
  watsapp: string;
  address: string[];
}

/**
 * Saves the company's contact details as the operator would: PUT over the record when one exists
 * (the e2e database is shared by every spec file of a run), else POST. Returns what the server stored.
 */
export async function saveContactDetails(
  context: BrowserContext,
  details: Omit<SavedContactDetails, '_id'>,
): Promise<SavedContactDetails> {
  await signInAsOperator(context);
  const existing = (await callApi<SavedContactDetails[]>(context, 'GET', '/api/details')).body[0];
  const { status, body } = existing
    ? await callApi<SavedContactDetails>(context, 'PUT', `/api/details/${existing._id}`, details)
    : await callApi<SavedContactDetails>(context, 'POST', '/api/details', details);
  if (status !== 200 && status !== 201) throw new Error(`Saving contact details failed with ${status}`);
  return body;
}
