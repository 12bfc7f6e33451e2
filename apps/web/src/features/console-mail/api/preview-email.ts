import { useMutation } from '@tanstack/react-query';
import type { EmailPayloadInput, RenderedEmail } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';

export function previewEmail(payload: EmailPayloadInput): Promise<RenderedEmail> {
  return apiFetch<RenderedEmail>('/api/admin/email-preview', { method: 'POST', json: payload });
}

/** Renders the composer's e-mail on the server (POST /api/admin/email-preview); nothing is sent. */
export function usePreviewEmail() {
  return useMutation({ mutationFn: previewEmail });
}
