import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/plans: the pricing plan; only the first plan counts (SPEC §3). */
export const planQueryOptions = queryOptions({
  queryKey: ['plans'],
  queryFn: ({ signal }) => apiFetch<Plan[]>('/api/plans', { signal }),
  select: (plans): Plan | null => plans[0] ?? null,
});

/** The saved plan, null when none is saved, undefined while loading. */
export function usePlan() {
  return useQuery(planQueryOptions);
}
