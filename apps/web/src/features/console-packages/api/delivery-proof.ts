import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DeliveryProof, deliveryProofSchema, type PackageView, packageViewSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { packageKeys } from './package-keys.ts';
import { usePackageMutation } from './use-package-mutation.ts';

export interface DeliveryProofInput {
  trackingCode: string;
  receivedBy: string;
  photo?: Blob;
  signature?: Blob;
}

/** POST /api/admin/proof-of-delivery: sets the package Delivered with who received it and the images. */
export function recordDeliveryProof(input: DeliveryProofInput, idempotencyKey?: string): Promise<PackageView> {
  const body = new FormData();
  body.append('trackingCode', input.trackingCode);
  body.append('receivedBy', input.receivedBy);
  if (input.photo) body.append('photo', input.photo, 'photo.jpg');
  if (input.signature) body.append('signature', input.signature, 'signature.png');
  return apiFetch('/api/admin/proof-of-delivery', {
    method: 'POST',
    body,
    idempotencyKey,
    schema: packageViewSchema,
    timeoutMs: 120_000,
  });
}

export function useRecordDeliveryProof() {
  return usePackageMutation(recordDeliveryProof, { keyed: true });
}

/** GET /api/admin/packages/{code}/proof: the proof, or null when the package has none. */
export function fetchDeliveryProof(trackingCode: string, signal?: AbortSignal): Promise<DeliveryProof | null> {
  return apiFetch(`/api/admin/packages/${encodeURIComponent(trackingCode)}/proof`, {
    signal,
    schema: deliveryProofSchema.nullable(),
  });
}

export function deliveryProofQueryOptions(trackingCode: string) {
  return queryOptions({
    // Under packageKeys.all, so recording a proof (or any change) refreshes it.
    queryKey: [...packageKeys.all, 'proof', trackingCode] as const,
    queryFn: ({ signal }) => fetchDeliveryProof(trackingCode, signal),
    retry: false,
  });
}

export function useDeliveryProof(trackingCode: string, enabled = true) {
  return useQuery({ ...deliveryProofQueryOptions(trackingCode), enabled });
}
