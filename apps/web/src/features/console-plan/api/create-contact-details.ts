import { type ContactDetailsInput, type SavedContactDetails, savedContactDetailsSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';
import { explainFailure } from './explain-failure.ts';

/** POST /api/details: saves the first contact details record; 409 when one exists already. */
export async function createContactDetails(
  input: ContactDetailsInput,
  idempotencyKey?: string,
): Promise<SavedContactDetails> {
  try {
    return await apiFetch('/api/details', {
      method: 'POST',
      json: input,
      idempotencyKey,
      schema: savedContactDetailsSchema,
    });
  } catch (error) {
    throw explainFailure(error, 'Failed to create details');
  }
}

export function useCreateContactDetails() {
  return useWriteMutation({ mutationFn: createContactDetails, retryLostAnswers: true });
}
