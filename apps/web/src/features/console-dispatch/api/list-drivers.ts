import { queryOptions, useQuery } from '@tanstack/react-query';
import { runDriverSchema } from '@waybill/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { dispatchKeys } from './dispatch-keys.ts';

/** GET /api/admin/runs/drivers: the active drivers a run can be planned for, by name. */
export const driversQueryOptions = queryOptions({
  queryKey: dispatchKeys.drivers(),
  queryFn: ({ signal }) => apiFetch('/api/admin/runs/drivers', { schema: z.array(runDriverSchema), signal }),
  staleTime: 60_000,
  retry: false,
});

export function useDrivers() {
  return useQuery(driversQueryOptions);
}
