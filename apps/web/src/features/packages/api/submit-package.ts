import {
  PACKAGE_TEXT_FIELDS,
  type PackageFormInput,
  type SubmittedPackage,
  submittedPackageSchema,
  type TextChannel,
} from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';

export interface PackageSubmission {
  values: PackageFormInput;
  images: readonly File[];
  /** "Text me updates" ticked: the channel (sent only then). */
  textUpdates?: TextChannel | undefined;
}

/** Every text field under its SPEC §7 name (and `textUpdates` when asked for), then each image as a repeated `packageImages` part. */
export function buildPackageFormData({ values, images, textUpdates }: PackageSubmission): FormData {
  const form = new FormData();
  for (const field of PACKAGE_TEXT_FIELDS) form.append(field, String(values[field]));
  if (textUpdates) form.append('textUpdates', textUpdates);
  for (const image of images) form.append('packageImages', image, image.name);
  return form;
}

/**
 * Sends a package with its images; resolves with the tracking code the server assigned. The key makes
 * a repeat of the same confirmation (a double click, a retry after a lost answer) store one package.
 */
export function submitPackage(submission: PackageSubmission, idempotencyKey?: string): Promise<SubmittedPackage> {
  // Uploads of five large photos on a slow line take longer than the client's default timeout.
  return apiFetch('/api/submit-package', {
    method: 'POST',
    body: buildPackageFormData(submission),
    timeoutMs: 120_000,
    idempotencyKey,
    schema: submittedPackageSchema,
  });
}

export function useSubmitPackage() {
  return useWriteMutation({ mutationFn: submitPackage, retryLostAnswers: true });
}
