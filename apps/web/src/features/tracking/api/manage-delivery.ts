import { useQuery } from '@tanstack/react-query';
import {
  type DeliveryPreferencesInput,
  deliveryPreferencesSchema,
  type PackageCheckInput,
  packageCheckStateSchema,
} from '@waybill/domain';
import { z } from 'zod';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

const trackPath = (code: string) => `/api/track/${encodeURIComponent(code)}`;

/**
 * POST /api/track/{code}/verify: the end of the receiver's or the shipper's phone. A match sets a
 * cookie the browser sends back to this package's routes only, for 30 minutes; a refusal throws.
 */
export async function checkPackage(code: string, input: PackageCheckInput): Promise<void> {
  await apiFetch(`${trackPath(code)}/verify`, { method: 'POST', json: input, schema: z.unknown() });
}

/** GET /api/track/{code}/preferences: the choices, or null while this visitor is not checked (401 or 403). */
export async function readPreferences(code: string) {
  try {
    return await apiFetch(`${trackPath(code)}/preferences`, { schema: deliveryPreferencesSchema });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** PUT /api/track/{code}/preferences: replaces the whole of them. */
export function savePreferences(code: string, input: DeliveryPreferencesInput) {
  return apiFetch(`${trackPath(code)}/preferences`, { method: 'PUT', json: input, schema: deliveryPreferencesSchema });
}

/** GET /api/track/{code}/check: whether this browser is checked for the package (never a refusal). */
export function readCheck(code: string) {
  return apiFetch(`${trackPath(code)}/check`, { schema: packageCheckStateSchema });
}

/** The check of this browser for a package, asked once the page is awake; refreshed after a check. */
export function usePackageCheck(code: string) {
  return useQuery({
    queryKey: ['track', code, 'check'],
    queryFn: () => readCheck(code),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
