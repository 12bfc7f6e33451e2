import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TrackResult, trackResultSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/track/{code}: the public status of one package. */
export function fetchTrackResult(code: string, signal?: AbortSignal): Promise<TrackResult> {
  return apiFetch(`/api/track/${encodeURIComponent(code)}`, { signal, schema: trackResultSchema });
}

/**
 * `initial`: the answer the server rendered the page with (one code's page), so the page starts from
 * it instead of asking again; null when the server found no package (the page shows its message).
 */
export function trackResultQueryOptions(code: string, initial?: TrackResult | null) {
  return queryOptions({
    queryKey: ['tracking', code],
    queryFn: ({ signal }) => fetchTrackResult(code, signal),
    enabled: code !== '' && initial !== null,
    initialData: initial ?? undefined,
    // An unknown code stays unknown on a retry, and each failed fetch shows a toast: the customer
    // refreshes with the Track button rather than on every return to the tab.
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The tracking answer for a code; idle while the code is empty (or the server found none). */
export function useTrackResult(code: string, initial?: TrackResult | null) {
  return useQuery(trackResultQueryOptions(code, initial));
}
