import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AttentionSettings, type AttentionSettingsInput, attentionSettingsSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';
import { packageKeys } from './package-keys.ts';

const PATH = '/api/admin/attention-settings';
// Under the package keys: a package change refetches it with the list, which is cheap (one row).
const attentionKey = [...packageKeys.all, 'attention-settings'] as const;

export const attentionSettingsQueryOptions = queryOptions({
  queryKey: attentionKey,
  queryFn: ({ signal }) => apiFetch(PATH, { signal, schema: attentionSettingsSchema }),
  staleTime: 60_000,
  retry: false,
});

/** The hours of the "Needs attention" rules in force. */
export function useAttentionSettings(enabled = true) {
  return useQuery({ ...attentionSettingsQueryOptions, enabled });
}

export function updateAttentionSettings(settings: AttentionSettingsInput): Promise<AttentionSettings> {
  return apiFetch(PATH, { method: 'PUT', json: settings, schema: attentionSettingsSchema });
}

/** Saves the hours (admins); the list and its reasons are fetched again under the new rules. */
export function useUpdateAttentionSettings() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (settings: AttentionSettingsInput) => updateAttentionSettings(settings),
    onSuccess: async (saved) => {
      queryClient.setQueryData(attentionKey, saved);
      await queryClient.invalidateQueries({ queryKey: packageKeys.all });
    },
  });
}
