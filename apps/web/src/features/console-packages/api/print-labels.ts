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

export function usePrintLabels() {
  return useWriteMutation({ mutationFn: printLabels });
}
