import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountMemberSchema, type InviteAccountMemberInput, teamMessageSchema } from '@waybill/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';

const MEMBERS_KEY = ['account-members'] as const;

/** GET /api/account/members: the people of the account. */
export function useMembers() {
  return useQuery({
    queryKey: MEMBERS_KEY,
    queryFn: ({ signal }) => apiFetch('/api/account/members', { signal, schema: z.array(accountMemberSchema) }),
  });
}

/** POST /api/account/members (owners): the colleague gets a link to set a password. */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (input: InviteAccountMemberInput) =>
      apiFetch('/api/account/members', { json: input, schema: accountMemberSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}

/** DELETE /api/account/members/{id} (owners; never the last owner). */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/account/members/${encodeURIComponent(id)}`, { method: 'DELETE', schema: teamMessageSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}
