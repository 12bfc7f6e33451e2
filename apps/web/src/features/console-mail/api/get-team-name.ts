import { useQuery } from '@tanstack/react-query';
import { companySettingsSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * The company name of GET /api/company, for the signature's team name. Same query key and body as the
 * public pages' company query, so a visit fetches it once.
 */
export function useTeamName() {
  return useQuery({
    queryKey: ['company'],
    queryFn: ({ signal }) => apiFetch('/api/company', { signal, schema: companySettingsSchema }),
    staleTime: Number.POSITIVE_INFINITY,
    select: (company) => company.name,
  });
}
