import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type TrackResult, trackResultSchema } from '@waybill/domain';
import { useEffect } from 'react';
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

/** How often the page asks again while the courier is on the way (a 304 while nothing changed). */
export const ROAD_REFRESH_MS = 60_000;

/**
 * While `counting` (the package is out on today's run and the answer counts the stops before it), asks
 * for the code's answer again every minute the page is in view, so "Your courier is N stops away"
 * follows the driver's reports. A refresh that fails is silent and the next one tries again: the answer
 * shown is neither cleared nor covered by an error toast, as an explicit Track would be.
 */
export function useRoadRefresh(code: string, counting: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!counting || code === '') return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      fetchTrackResult(code).then(
        (fresh) => queryClient.setQueryData(trackResultQueryOptions(code).queryKey, fresh),
        () => {},
      );
    }, ROAD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [code, counting, queryClient]);
}
