import type { LabelSize } from '@waybill/domain';
import { apiBlob } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';

export interface LabelsInput {
  trackingCodes: string[];
  size: LabelSize;
}

/** POST /api/admin/labels: one PDF with a label for each code, in the order given. */
export function printLabels(input: LabelsInput, idempotencyKey?: string): Promise<Blob> {
  return apiBlob('/api/admin/labels', { json: input, idempotencyKey, type: 'application/pdf' });
}

/** Hands a file to the browser as a download under `filename`. */
export function saveFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes by the next task; the object URL would otherwise live with the page.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function usePrintLabels() {
  return useWriteMutation({ mutationFn: printLabels });
}
