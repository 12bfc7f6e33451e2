import {
  type TextConfirmAnswer,
  type TextConfirmBody,
  type TextSubscribeBody,
  textConfirmAnswerSchema,
  textSubscribeAnswerSchema,
} from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';

const path = (code: string) => `/api/track/${encodeURIComponent(code)}/text-subscriptions`;

/** POST /api/track/{code}/text-subscriptions: a code is texted; the answer is the same whatever the number. */
export async function askForTextCode(code: string, body: TextSubscribeBody): Promise<string> {
  const answer = await apiFetch(path(code), { method: 'POST', json: body, schema: textSubscribeAnswerSchema });
  return answer.message;
}

/** POST /api/track/{code}/text-subscriptions/confirm: the number's texts start. */
export function confirmTextCode(code: string, body: TextConfirmBody): Promise<TextConfirmAnswer> {
  return apiFetch(`${path(code)}/confirm`, { method: 'POST', json: body, schema: textConfirmAnswerSchema });
}
