import { subscribeAnswerSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * POST /api/track/{code}/subscriptions: asks for the package's updates at `email`. The answer is the
 * same whatever the address's state (it never tells whether it is subscribed); a refusal throws.
 */
export async function subscribeToUpdates(code: string, email: string): Promise<string> {
  const answer = await apiFetch(`/api/track/${encodeURIComponent(code)}/subscriptions`, {
    method: 'POST',
    json: { email },
    schema: subscribeAnswerSchema,
  });
  return answer.message;
}
