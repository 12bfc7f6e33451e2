import { useMutation } from '@tanstack/react-query';
import type { SupportRequest } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';

/** The 201 answer of POST /api/support-requests. */
export interface SupportRequestReceipt {
  message: string;
  id: string;
}

/**
 * Sends a support request as JSON. Any answer outside 2xx (400 with field errors, 429, or 404 from a
 * server that does not take requests yet) rejects with an ApiError carrying the server's message.
 */
export function submitSupportRequest(request: SupportRequest): Promise<SupportRequestReceipt> {
  return apiFetch<SupportRequestReceipt>('/api/support-requests', { method: 'POST', json: request });
}

export function useSubmitSupportRequest() {
  return useMutation({ mutationFn: submitSupportRequest });
}
