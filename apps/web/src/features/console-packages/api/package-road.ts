import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PackageRoad, packageRoadSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { packageKeys } from './package-keys.ts';

/** GET /api/admin/packages/{code}/road: the failed attempts and the driver's notes, newest first. */
export function fetchPackageRoad(trackingCode: string, signal?: AbortSignal): Promise<PackageRoad> {
  return apiFetch(`/api/admin/packages/${encodeURIComponent(trackingCode)}/road`, {
    signal,
    schema: packageRoadSchema,
  });
}

export function packageRoadQueryOptions(trackingCode: string) {
  return queryOptions({
    // Under packageKeys.all, so any change to the package refreshes it.
    queryKey: [...packageKeys.all, 'road', trackingCode] as const,
    queryFn: ({ signal }) => fetchPackageRoad(trackingCode, signal),
    retry: false,
  });
}

export function usePackageRoad(trackingCode: string) {
  return useQuery(packageRoadQueryOptions(trackingCode));
}
