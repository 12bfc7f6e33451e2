import { queryOptions, useQuery } from '@tanstack/react-query';
import { runSchema } from '@waybill/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { dispatchKeys } from './dispatch-keys.ts';

/** GET /api/admin/runs?date: every run of the day with its stops, in one request. */
export function runsQueryOptions(date: string) {
  return queryOptions({
    queryKey: dispatchKeys.runs(date),
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/runs?${new URLSearchParams({ date })}`, { schema: z.array(runSchema), signal }),
    staleTime: 10_000,
    retry: false,
  });
}

export function useRuns(date: string) {
  return useQuery(runsQueryOptions(date));
}
