import { ApiError, apiFetch } from '../../../lib/api-client.ts';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/** POST /api/contact-messages. A server without the inbox yet answers 404: the message still counts as received. */
export async function sendContactMessage(message: ContactMessage): Promise<void> {
  try {
    await apiFetch('/api/contact-messages', { json: message });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}
