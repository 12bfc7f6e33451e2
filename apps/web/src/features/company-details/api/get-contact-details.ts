import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SavedContactDetails, savedContactDetailsSchema } from '@waybill/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/details: the saved contact details; only the first record counts (SPEC §3). */
export const contactDetailsQueryOptions = queryOptions({
  queryKey: ['details'],
  queryFn: ({ signal }) => apiFetch('/api/details', { signal, schema: z.array(savedContactDetailsSchema) }),
  select: (records): SavedContactDetails | null => records[0] ?? null,
});

/** The saved contact details, null when none are saved, undefined while loading. */
export function useContactDetails() {
  return useQuery(contactDetailsQueryOptions);
}
