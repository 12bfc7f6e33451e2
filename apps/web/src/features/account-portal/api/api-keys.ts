import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeySchema, createdApiKeySchema } from '@waybill/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';

const KEYS_KEY = ['account-api-keys'] as const;

/** GET /api/account/api-keys (owners): every key with its last use, never the key itself. */
export function useApiKeys() {
  return useQuery({
    queryKey: KEYS_KEY,
    queryFn: ({ signal }) => apiFetch('/api/account/api-keys', { signal, schema: z.array(apiKeySchema) }),
  });
}

/** POST /api/account/api-keys: the answer holds the whole key, this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (name: string) => apiFetch('/api/account/api-keys', { json: { name }, schema: createdApiKeySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS_KEY }),
  });
}

/** DELETE /api/account/api-keys/{id}: the key stops working at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/account/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE', schema: apiKeySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS_KEY }),
  });
}
