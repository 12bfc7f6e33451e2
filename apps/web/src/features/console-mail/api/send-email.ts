import { useQueryClient } from '@tanstack/react-query';
import { type EmailPayloadInput, type SentEmail, sentEmailSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';
import { mailKeys } from './mail-keys.ts';

/** POST /api/send-email; the key makes a repeat of one Send Email click send one e-mail. */
export function sendEmail(payload: EmailPayloadInput, idempotencyKey?: string): Promise<SentEmail> {
  // Images are converted and the mail server may be slow to answer: give it more than the default.
  return apiFetch('/api/send-email', {
    method: 'POST',
    json: payload,
    timeoutMs: 90_000,
    idempotencyKey,
    schema: sentEmailSchema,
  });
}

/** Sends the composer's e-mail; the mail log shows it (or its failure) afterwards either way. */
export function useSendEmail() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: sendEmail,
    retryLostAnswers: true,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...mailKeys.all, 'log'] }),
  });
}
