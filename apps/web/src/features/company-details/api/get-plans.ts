import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Plan, planSchema } from '@waybill/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/plans: the pricing plan; only the first plan counts (SPEC §3). */
export const planQueryOptions = queryOptions({
  queryKey: ['plans'],
  queryFn: ({ signal }) => apiFetch('/api/plans', { signal, schema: z.array(planSchema) }),
  select: (plans): Plan | null => plans[0] ?? null,
});

/** The saved plan, null when none is saved, undefined while loading. */
export function usePlan() {
  return useQuery(planQueryOptions);
}
