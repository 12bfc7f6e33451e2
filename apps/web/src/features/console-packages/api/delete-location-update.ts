import { type LocationDelete, type PackageView, packageViewSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { usePackageMutation } from './use-package-mutation.ts';

/** DELETE /api/admin/location-update: the update is named by the exact timestamp the package showed. */
export function deleteLocationUpdate(input: LocationDelete, idempotencyKey?: string): Promise<PackageView> {
  return apiFetch('/api/admin/location-update', {
    method: 'DELETE',
    json: input,
    idempotencyKey,
    schema: packageViewSchema,
  });
}

export function useDeleteLocationUpdate() {
  return usePackageMutation(deleteLocationUpdate, { keyed: true });
}
