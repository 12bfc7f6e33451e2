import type { AccountRequest } from '@waybill/domain';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

/**
 * POST /api/account-requests. A server without the inbox answers 404; the request is then taken as
 * received, as the product promised before the inbox existed (SPEC §4: submit leads to the thank-you page).
 * Deliberately not a TanStack mutation: its cache would keep the password after the request.
 */
export async function submitAccountRequest(request: AccountRequest): Promise<void> {
  try {
    await apiFetch<unknown>('/api/account-requests', { method: 'POST', json: request });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}
