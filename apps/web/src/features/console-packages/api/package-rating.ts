import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PackageRating, packageRatingAnswerSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { packageKeys } from './package-keys.ts';

/** GET /api/admin/packages/{code}/rating: the delivery's rating by its recipient or sender, or null. */
export async function fetchPackageRating(trackingCode: string, signal?: AbortSignal): Promise<PackageRating | null> {
  const answer = await apiFetch(`/api/admin/packages/${encodeURIComponent(trackingCode)}/rating`, {
    signal,
    schema: packageRatingAnswerSchema,
  });
  return answer.rating;
}

export function usePackageRating(trackingCode: string) {
  return useQuery(
    queryOptions({
      // Under packageKeys.all, so any change to the package refreshes it.
      queryKey: [...packageKeys.all, 'rating', trackingCode] as const,
      queryFn: ({ signal }) => fetchPackageRating(trackingCode, signal),
      retry: false,
    }),
  );
}
