import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** Company settings supplied from outside (the server's COMPANY_* configuration). */
export interface CompanySettings {
  name: string;
  email: string;
  phone: string;
  address: string;
  hours: string;
}

/** GET /api/company. They change only with a redeploy, so they never go stale within a visit. */
export const companyQueryOptions = queryOptions({
  queryKey: ['company'],
  queryFn: ({ signal }) => apiFetch<CompanySettings>('/api/company', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCompany() {
  return useQuery(companyQueryOptions);
}
