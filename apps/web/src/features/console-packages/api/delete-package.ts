import { useQueryClient } from '@tanstack/react-query';
import { type DeletedPackage, deletedPackageSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';
import { packageKeys } from './package-keys.ts';

/** DELETE /api/admin/packages/{trackingCode}: the package, its images and location updates go for good. */
export function deletePackage(trackingCode: string, idempotencyKey?: string): Promise<DeletedPackage> {
  return apiFetch(`/api/admin/packages/${encodeURIComponent(trackingCode)}`, {
    method: 'DELETE',
    idempotencyKey,
    schema: deletedPackageSchema,
  });
}

export function useDeletePackage() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: deletePackage,
    retryLostAnswers: true,
    // Not awaited: the caller's toast must not wait for the refetch. The deleted package's own details
    // are left alone: refetching them would only answer 404 while its dialog closes.
    onSettled: (_answer, _error, trackingCode) => {
      void queryClient.invalidateQueries({
        queryKey: packageKeys.all,
        predicate: (query) => query.queryKey.join('/') !== packageKeys.detail(trackingCode).join('/'),
      });
    },
  });
}
