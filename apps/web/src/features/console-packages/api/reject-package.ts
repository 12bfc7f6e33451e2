import { type PackageView, packageViewSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { usePackageMutation } from './use-package-mutation.ts';

/** POST /api/admin/reject: a Pending package becomes Rejected. */
export function rejectPackage(trackingCode: string, idempotencyKey?: string): Promise<PackageView> {
  return apiFetch('/api/admin/reject', { json: { trackingCode }, idempotencyKey, schema: packageViewSchema });
}

export function useRejectPackage() {
  return usePackageMutation(rejectPackage, { keyed: true });
}
