import { receivedSchema, type SupportRequest } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';

/**
 * Sends a support request as JSON. Any answer outside 2xx (400 with field errors, 429, or 404 from a
 * server that does not take requests yet) rejects with an ApiError carrying the server's message.
 */
export function submitSupportRequest(request: SupportRequest, idempotencyKey?: string) {
  return apiFetch('/api/support-requests', { method: 'POST', json: request, idempotencyKey, schema: receivedSchema });
}

export function useSubmitSupportRequest() {
  return useWriteMutation({ mutationFn: submitSupportRequest, retryLostAnswers: true });
}
