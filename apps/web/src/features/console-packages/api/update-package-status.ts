import { type ShipmentView, type StatusUpdate, shipmentViewSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { usePackageMutation } from './use-package-mutation.ts';

/** POST /api/admin/update-status: a listed status or the operator's own text. */
export function updatePackageStatus(update: StatusUpdate): Promise<ShipmentView> {
  return apiFetch('/api/admin/update-status', { json: update, schema: shipmentViewSchema });
}

export function useUpdatePackageStatus() {
  return usePackageMutation(updatePackageStatus);
}
