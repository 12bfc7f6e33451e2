import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * The schemas of the driver's answers, imported at their first use: zod and they are not part of the
 * app's first script, whose evaluation is the longest task of its load (docs/decisions/0056).
 */
export const driverAnswers = () => import('@waybill/domain/driver-answers');

export const driverRunKey = ['driver', 'run'] as const;

/**
 * GET /api/driver/run: today's run of the signed-in driver. Offline, the service worker answers with
 * the last one it saw; the run is read again when the connection returns and after each sync.
 */
export const driverRunQuery = queryOptions({
  queryKey: driverRunKey,
  queryFn: ({ signal }) =>
    apiFetch('/api/driver/run', {
      signal,
      schema: driverAnswers().then((module) => module.driverRunSchema),
    }),
  staleTime: 60_000,
  refetchOnReconnect: true,
});

export function useDriverRun() {
  return useQuery(driverRunQuery);
}

/** GET /api/driver/settings: the failure reasons a driver picks from. */
export function useDriverSettings() {
  return useQuery({
    queryKey: ['driver', 'settings'],
    queryFn: ({ signal }) =>
      apiFetch('/api/driver/settings', {
        signal,
        schema: driverAnswers().then((module) => module.deliverySettingsSchema),
      }),
    staleTime: 10 * 60_000,
  });
}
