import { type AccountRequest, receivedSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * POST /api/account-requests: the request reaches the console's inbox; a refusal throws an ApiError
 * with the server's message. Deliberately not a TanStack mutation: its cache would keep the password
 * after the request.
 */
export async function submitAccountRequest(request: AccountRequest): Promise<void> {
  await apiFetch('/api/account-requests', { method: 'POST', json: request, schema: receivedSchema });
}
