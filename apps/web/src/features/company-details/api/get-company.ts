import { queryOptions, useQuery } from '@tanstack/react-query';
import { companySettingsSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/company. They change only with a redeploy, so they never go stale within a visit. */
export const companyQueryOptions = queryOptions({
  queryKey: ['company'],
  queryFn: ({ signal }) => apiFetch('/api/company', { signal, schema: companySettingsSchema }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCompany() {
  return useQuery(companyQueryOptions);
}
