import { type ContactDetailsInput, type SavedContactDetails, savedContactDetailsSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';
import { explainFailure } from './explain-failure.ts';

export interface ContactDetailsEdit {
  id: string;
  input: ContactDetailsInput;
}

/** PUT /api/details/{id}: replaces the saved contact details. */
export async function editContactDetails({ id, input }: ContactDetailsEdit): Promise<SavedContactDetails> {
  try {
    return await apiFetch(`/api/details/${encodeURIComponent(id)}`, {
      method: 'PUT',
      json: input,
      schema: savedContactDetailsSchema,
    });
  } catch (error) {
    throw explainFailure(error, 'Failed to update details');
  }
}

export function useEditContactDetails() {
  return useWriteMutation({ mutationFn: (edit: ContactDetailsEdit) => editContactDetails(edit) });
}
