import { useMutation } from '@tanstack/react-query';
import { type EmailPayloadInput, type RenderedEmail, renderedEmailSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';

export function previewEmail(payload: EmailPayloadInput): Promise<RenderedEmail> {
  return apiFetch('/api/admin/email-preview', { method: 'POST', json: payload, schema: renderedEmailSchema });
}

/** Renders the composer's e-mail on the server (POST /api/admin/email-preview); nothing is sent. */
export function usePreviewEmail() {
  return useMutation({ mutationFn: previewEmail });
}
