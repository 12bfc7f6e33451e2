import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateWebhookEndpointInput,
  teamMessageSchema,
  type UpdateWebhookEndpointInput,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@waybill/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';

const ENDPOINTS_KEY = ['account-webhooks'] as const;
const endpointPath = (id: string) => `/api/account/webhooks/${encodeURIComponent(id)}`;

/** GET /api/account/webhooks (owners): the endpoints, never their secrets. */
export function useEndpoints() {
  return useQuery({
    queryKey: ENDPOINTS_KEY,
    queryFn: ({ signal }) => apiFetch('/api/account/webhooks', { signal, schema: z.array(webhookEndpointSchema) }),
  });
}

/** GET …/{id}/deliveries: the endpoint's newest deliveries, asked only while they are shown. */
export function useDeliveries(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...ENDPOINTS_KEY, id, 'deliveries'],
    queryFn: ({ signal }) =>
      apiFetch(`${endpointPath(id)}/deliveries`, { signal, schema: z.array(webhookDeliverySchema) }),
    enabled,
  });
}

/** POST /api/account/webhooks: the answer holds the signing secret, this once. */
export function useAddEndpoint() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (input: CreateWebhookEndpointInput) =>
      apiFetch('/api/account/webhooks', { json: input, schema: webhookEndpointWithSecretSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY }),
  });
}

/** PATCH …/{id}: turns an endpoint on or off (or changes it). */
export function useUpdateEndpoint() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: ({ id, ...change }: UpdateWebhookEndpointInput & { id: string }) =>
      apiFetch(endpointPath(id), { method: 'PATCH', json: change, schema: webhookEndpointSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY }),
  });
}

/** DELETE …/{id}: the endpoint and its deliveries. */
export function useDeleteEndpoint() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (id: string) => apiFetch(endpointPath(id), { method: 'DELETE', schema: teamMessageSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY }),
  });
}

/** POST …/{id}/rotate-secret: the new secret, this once; the old one signs beside it for a while. */
export function useRotateSecret() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (id: string) =>
      apiFetch(`${endpointPath(id)}/rotate-secret`, { method: 'POST', schema: webhookEndpointWithSecretSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY }),
  });
}

/** POST …/{id}/deliveries/{deliveryId}/resend. */
export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      apiFetch(`${endpointPath(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, {
        method: 'POST',
        schema: webhookDeliverySchema,
      }),
    onSuccess: (_data, { endpointId }) =>
      queryClient.invalidateQueries({ queryKey: [...ENDPOINTS_KEY, endpointId, 'deliveries'] }),
  });
}
