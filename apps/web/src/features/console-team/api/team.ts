import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AcceptInviteInput,
  type ChangePasswordInput,
  type InviteOperatorInput,
  type TeamMember,
  teamMemberSchema,
  teamMessageSchema,
  type UpdateOperatorInput,
} from '@waybill/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';

export const teamQueryOptions = queryOptions({
  queryKey: ['console-team'] as const,
  queryFn: ({ signal }) => apiFetch('/api/admin/operators', { signal, schema: z.array(teamMemberSchema) }),
});

/** GET /api/admin/operators: every member of the team (admins only). */
export function useTeam() {
  return useQuery(teamQueryOptions);
}

/** Every team change answers with the member as now stored; the list is fetched again to match. */
function useRefreshTeam() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamQueryOptions.queryKey });
}

/** POST /api/admin/operators: adds the member and e-mails them the invitation link. */
export function useInviteOperator() {
  const refresh = useRefreshTeam();
  return useWriteMutation({
    mutationFn: (input: InviteOperatorInput) =>
      apiFetch('/api/admin/operators', { json: input, schema: teamMemberSchema }),
    onSettled: refresh,
  });
}

/** PATCH /api/admin/operators/{id}: a new role, or deactivation / reactivation. */
export function useUpdateOperator() {
  const refresh = useRefreshTeam();
  return useWriteMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateOperatorInput }) =>
      apiFetch(`/api/admin/operators/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        json: change,
        schema: teamMemberSchema,
      }),
    onSettled: refresh,
  });
}

/** POST /api/admin/operators/{id}/reset-password: e-mails a new one-time link (the invitation again while invited). */
export function useSendPasswordLink() {
  return useWriteMutation({
    mutationFn: (member: Pick<TeamMember, 'id'>) =>
      apiFetch(`/api/admin/operators/${encodeURIComponent(member.id)}/reset-password`, {
        method: 'POST',
        schema: teamMessageSchema,
      }),
  });
}

/** POST /api/auth/accept-invite: sets the password of an invitation or reset link; it does not sign in. */
export function useAcceptInvite() {
  return useWriteMutation({
    mutationFn: (input: AcceptInviteInput) =>
      apiFetch('/api/auth/accept-invite', { json: input, schema: teamMessageSchema }),
  });
}

/** POST /api/auth/change-password: the signed-in operator's own password; their other sessions end. */
export function useChangePassword() {
  return useWriteMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiFetch('/api/auth/change-password', { json: input, schema: teamMessageSchema }),
  });
}
