import { type ContactDetailsInput, type SavedContactDetails, TOAST_MS } from '@waybill/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useCreateContactDetails } from '../api/create-contact-details.ts';
import { useEditContactDetails } from '../api/edit-contact-details.ts';

export interface SaveContactDetailsOptions {
  /** The saved record (update mode), or null (create mode: none saved yet). */
  details: SavedContactDetails | null;
  /** Refreshes every view of the details (home, contact page, WhatsApp button); awaited before closing. */
  onSaved: () => Promise<unknown>;
  /** Field messages of a 400 answer, to show beside their inputs. */
  onFieldErrors?: (errors: Record<string, string>) => void;
}

/** Creates the contact details or updates the saved record, with the SPEC §8 toasts and durations. */
export function useSaveContactDetails({ details, onSaved, onFieldErrors }: SaveContactDetailsOptions) {
  const create = useCreateContactDetails();
  const edit = useEditContactDetails();
  const updating = details !== null;

  // A second click while the first save runs does nothing (no second request, no second toast).
  const saveContactDetails = useSingleFlight(async (input: ContactDetailsInput): Promise<boolean> => {
    try {
      if (details) await edit.mutateAsync({ id: details._id, input });
      else await create.mutateAsync(input);
    } catch (error) {
      notifyError({
        title: updating ? 'Error updating details' : 'Error creating details',
        message: error instanceof Error ? error.message : String(error),
        autoClose: TOAST_MS.error,
      });
      if (error instanceof ApiError) onFieldErrors?.(error.errors);
      return false;
    }
    await onSaved();
    notifySuccess({
      title: updating ? 'Details updated successfully' : 'Details created successfully',
      message: 'The website now shows these contact details.',
      autoClose: TOAST_MS.contactDetailsSuccess,
    });
    return true;
  });

  /** True while the save request is in flight (a second submit meanwhile is dropped). */
  const saving = create.isPending || edit.isPending;
  return { saveContactDetails, updating, saving };
}
