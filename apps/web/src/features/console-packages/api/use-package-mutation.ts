import { type MutationFunction, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShipmentView } from '@waybill/domain';
import { packageKeys } from './package-keys.ts';

/**
 * A console action on one package. The answer (the changed package) goes straight into the details
 * cache, then list, counts and details refetch, so every card and dialog shows the new state without a
 * reload.
 */
export function usePackageMutation<TVariables>(mutationFn: MutationFunction<ShipmentView, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (changed) => {
      queryClient.setQueryData(packageKeys.detail(changed.trackingCode), changed);
    },
    // Not awaited: the caller's toast must not wait for the refetch (which may unmount the card).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: packageKeys.all });
    },
  });
}
