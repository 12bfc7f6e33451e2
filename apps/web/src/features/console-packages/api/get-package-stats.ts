import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { packageKeys } from './package-keys.ts';

/** How many packages there are, in total and per exact status text (custom ones included). */
export interface PackageStats {
  total: number;
  byStatus: Record<string, number>;
}

/** GET /api/admin/package-stats. */
export const packageStatsQueryOptions = queryOptions({
  queryKey: packageKeys.stats(),
  queryFn: ({ signal }) => apiFetch<PackageStats>('/api/admin/package-stats', { signal }),
  staleTime: 15_000,
  retry: false,
});

export function usePackageStats() {
  return useQuery(packageStatsQueryOptions);
}
