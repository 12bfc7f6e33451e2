import { type PackageView, packageViewSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { usePackageMutation } from './use-package-mutation.ts';

/** POST /api/admin/accept: a Pending package becomes Order Placed. */
export function acceptPackage(trackingCode: string, idempotencyKey?: string): Promise<PackageView> {
  return apiFetch('/api/admin/accept', { json: { trackingCode }, idempotencyKey, schema: packageViewSchema });
}

export function useAcceptPackage() {
  return usePackageMutation(acceptPackage, { keyed: true });
}
