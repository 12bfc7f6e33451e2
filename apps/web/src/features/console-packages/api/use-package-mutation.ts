import { useQueryClient } from '@tanstack/react-query';
import type { PackageView } from '@waybill/domain';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';
import { packageKeys } from './package-keys.ts';

/**
 * A console action on one package. The answer (the changed package) goes straight into the details
 * cache, then list, counts and details refetch, so every card and dialog shows the new state without a
 * reload. `keyed`: the route honours Idempotency-Key, so a lost answer is retried with the same key.
 */
export function usePackageMutation<TVariables>(
  mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<PackageView>,
  { keyed = false } = {},
) {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn,
    retryLostAnswers: keyed,
    onSuccess: (changed) => {
      queryClient.setQueryData(packageKeys.detail(changed.trackingCode), changed);
    },
    // Not awaited: the caller's toast must not wait for the refetch (which may unmount the card).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: packageKeys.all });
    },
  });
}
