import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanySettings } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/company. They change only with a redeploy, so they never go stale within a visit. */
export const companyQueryOptions = queryOptions({
  queryKey: ['company'],
  queryFn: ({ signal }) => apiFetch<CompanySettings>('/api/company', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCompany() {
  return useQuery(companyQueryOptions);
}
