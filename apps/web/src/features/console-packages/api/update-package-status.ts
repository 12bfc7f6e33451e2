import { type PackageView, packageViewSchema, type StatusUpdate } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { usePackageMutation } from './use-package-mutation.ts';

/** POST /api/admin/update-status: a listed status or the operator's own text. */
export function updatePackageStatus(update: StatusUpdate): Promise<PackageView> {
  return apiFetch('/api/admin/update-status', { json: update, schema: packageViewSchema });
}

export function useUpdatePackageStatus() {
  return usePackageMutation(updatePackageStatus);
}
