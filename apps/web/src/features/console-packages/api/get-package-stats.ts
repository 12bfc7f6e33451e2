import { queryOptions, useQuery } from '@tanstack/react-query';
import { packageStatsSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { packageKeys } from './package-keys.ts';

/** GET /api/admin/package-stats. */
export const packageStatsQueryOptions = queryOptions({
  queryKey: packageKeys.stats(),
  queryFn: ({ signal }) => apiFetch('/api/admin/package-stats', { signal, schema: packageStatsSchema }),
  staleTime: 15_000,
  retry: false,
});

export function usePackageStats() {
  return useQuery(packageStatsQueryOptions);
}
