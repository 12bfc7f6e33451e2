import { useQueryClient } from '@tanstack/react-query';
import { type InboxItem, type InboxState, inboxItemSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';
import { inboxKeys } from './inbox-keys.ts';

/** PATCH /api/admin/inbox/{id}: marks an item handled, or new again. */
export function setInboxItemState({ id, state }: { id: string; state: InboxState }): Promise<InboxItem> {
  return apiFetch(`/api/admin/inbox/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: { state },
    schema: inboxItemSchema,
  });
}

export function useSetInboxItemState() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (change: { id: string; state: InboxState }) => setInboxItemState(change),
    // Not awaited: the caller's toast must not wait for the refetch.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    },
  });
}
