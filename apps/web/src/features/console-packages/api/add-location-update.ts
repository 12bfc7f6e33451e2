import { type LocationUpdateInput, type PackageView, packageViewSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { usePackageMutation } from './use-package-mutation.ts';

/** POST /api/admin/location-update: appends a location stamped with the server's time. */
export function addLocationUpdate(input: LocationUpdateInput, idempotencyKey?: string): Promise<PackageView> {
  return apiFetch('/api/admin/location-update', { json: input, idempotencyKey, schema: packageViewSchema });
}

export function useAddLocationUpdate() {
  return usePackageMutation(addLocationUpdate, { keyed: true });
}
