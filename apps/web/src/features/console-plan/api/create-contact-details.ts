import { useMutation } from '@tanstack/react-query';
import type { ContactDetails, ContactDetailsInput } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { explainFailure } from './explain-failure.ts';

/** POST /api/details: saves the first contact details record; 409 when one exists already. */
export async function createContactDetails(input: ContactDetailsInput): Promise<ContactDetails> {
  try {
    return await apiFetch<ContactDetails>('/api/details', { method: 'POST', json: input });
  } catch (error) {
    throw explainFailure(error, 'Failed to create details');
  }
}

export function useCreateContactDetails() {
  return useMutation({ mutationFn: createContactDetails });
}
