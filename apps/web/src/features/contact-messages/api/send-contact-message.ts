import { type ContactMessage, receivedSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/contact-messages: the message reaches the console's inbox; a refusal throws an ApiError. */
export async function sendContactMessage(message: ContactMessage, idempotencyKey?: string): Promise<void> {
  await apiFetch('/api/contact-messages', { json: message, idempotencyKey, schema: receivedSchema });
}
