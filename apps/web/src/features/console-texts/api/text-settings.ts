import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type TextSettings, type TextSettingsInput, textSettingsSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';
import { textKeys } from './text-keys.ts';

const PATH = '/api/admin/text-settings';

/** GET /api/admin/text-settings: quiet hours, the switches, and whether a provider sends them. */
export function useTextSettings() {
  return useQuery({
    queryKey: textKeys.settings(),
    queryFn: ({ signal }) => apiFetch(PATH, { signal, schema: textSettingsSchema }),
    retry: false,
  });
}

/** PUT /api/admin/text-settings (admins); the answer replaces the cached settings. */
export function useUpdateTextSettings() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (settings: TextSettingsInput): Promise<TextSettings> =>
      apiFetch(PATH, { method: 'PUT', json: settings, schema: textSettingsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(textKeys.settings(), saved),
  });
}
