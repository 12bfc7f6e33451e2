import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PackageView, packageViewSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { packageKeys } from './package-keys.ts';

/** GET /api/admin/packages/{trackingCode}: one package with its location updates. */
export function fetchPackage(trackingCode: string, signal?: AbortSignal): Promise<PackageView> {
  return apiFetch(`/api/admin/packages/${encodeURIComponent(trackingCode)}`, { signal, schema: packageViewSchema });
}

export function packageQueryOptions(trackingCode: string) {
  return queryOptions({
    queryKey: packageKeys.detail(trackingCode),
    queryFn: ({ signal }) => fetchPackage(trackingCode, signal),
    retry: false,
  });
}

/** The package the details dialog shows; `initial` (its list card) fills the dialog while it loads. */
export function usePackage(trackingCode: string, initial?: PackageView) {
  return useQuery({ ...packageQueryOptions(trackingCode), placeholderData: initial });
}
