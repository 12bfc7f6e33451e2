import { useMutation } from '@tanstack/react-query';
import type { EmailPayloadInput } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';

/** The e-mail exactly as the server would send it. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function previewEmail(payload: EmailPayloadInput): Promise<RenderedEmail> {
  return apiFetch<RenderedEmail>('/api/admin/email-preview', { method: 'POST', json: payload });
}

/** Renders the composer's e-mail on the server (POST /api/admin/email-preview); nothing is sent. */
export function usePreviewEmail() {
  return useMutation({ mutationFn: previewEmail });
}
