import { useQueryClient } from '@tanstack/react-query';
import { accountApprovalSchema, accountDeclineSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';
import { inboxKeys } from './inbox-keys.ts';

export type AccountDecision = 'approve' | 'decline';

/**
 * POST /api/admin/inbox/{id}/approve or /decline: approving makes the business account and mails the
 * requester a link to set a password; declining only marks the request handled. Answers the message to show.
 */
export async function decideAccountRequest({ id, decision }: { id: string; decision: AccountDecision }) {
  const schema = decision === 'approve' ? accountApprovalSchema : accountDeclineSchema;
  const answer = await apiFetch(`/api/admin/inbox/${encodeURIComponent(id)}/${decision}`, { method: 'POST', schema });
  return answer.message;
}

export function useDecideAccountRequest() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (change: { id: string; decision: AccountDecision }) => decideAccountRequest(change),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    },
  });
}
