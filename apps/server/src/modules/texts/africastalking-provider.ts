import {
  isRetryableStatus,
  networkError,
  PROVIDER_TIMEOUT_MS,
  type TextAccepted,
  type TextProvider,
  TextSendError,
  type TextToSend,
} from './text-provider.ts';
import type { TextsConfig } from './texts-config.ts';

type AfricasTalkingConfig = Extract<TextsConfig, { provider: 'africastalking' }>;

export const AFRICAS_TALKING_API = 'https://api.africastalking.com';
/** The sandbox app's username is always `sandbox`, and its API has its own host. */
export const AFRICAS_TALKING_SANDBOX_API = 'https://api.sandbox.africastalking.com';

/** A recipient's line in the answer to POST /version1/messaging. */
interface Recipient {
  status?: string;
  statusCode?: number;
  messageId?: string;
  number?: string;
  cost?: string;
}

/**
 * Recipient status codes: 100 Processed, 101 Sent, 102 Queued went; 405 InsufficientBalance and 5xx
 * (500 InternalServerError, 501 GatewayError, 502 RejectedByGateway) may pass later; the rest (403
 * InvalidPhoneNumber, 406 UserInBlacklist, 409 DoNotDisturbRejection…) will not.
 */
const ACCEPTED_CODES = new Set([100, 101, 102]);
const RETRYABLE_CODES = new Set([405, 500, 501, 502]);

/**
 * Texts through Africa's Talking's documented REST API. Its SDK (`africastalking`, lib/common.js) builds
 * every address from fixed hosts (api.africastalking.com, or api.sandbox.africastalking.com), so
 * SMS_API_BASE_URL could not point it at a gateway or the tests: this small client does the one call.
 */
export function createAfricasTalkingProvider(config: AfricasTalkingConfig): TextProvider {
  const api = config.username === 'sandbox' ? AFRICAS_TALKING_SANDBOX_API : AFRICAS_TALKING_API;
  const url = `${config.apiBaseUrl ?? api}/version1/messaging`;
  return {
    name: 'africastalking',
    channels: ['sms'],
    async send({ to, body, channel }: TextToSend): Promise<TextAccepted> {
      if (channel !== 'sms') throw new TextSendError(false, 'no_whatsapp', "Africa's Talking sends SMS only");
      const form = new URLSearchParams({ username: config.username, to, message: body });
      if (config.senderId) form.set('from', config.senderId);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { apiKey: config.apiKey, Accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
      } catch (error) {
        throw networkError("Africa's Talking", error);
      }
      const text = await response.text();
      if (!response.ok) {
        throw new TextSendError(
          isRetryableStatus(response.status),
          `http_${response.status}`,
          `Africa's Talking answered ${response.status}: ${text.slice(0, 200)}`,
        );
      }
      let recipient: Recipient | undefined;
      try {
        recipient = (JSON.parse(text) as { SMSMessageData?: { Recipients?: Recipient[] } }).SMSMessageData
          ?.Recipients?.[0];
      } catch {
        recipient = undefined;
      }
      if (!recipient || typeof recipient.statusCode !== 'number') {
        throw new TextSendError(true, 'bad_answer', `Africa's Talking answered ${response.status} without a recipient`);
      }
      if (ACCEPTED_CODES.has(recipient.statusCode) && recipient.messageId) {
        return { providerId: recipient.messageId, state: 'sent' };
      }
      throw new TextSendError(
        RETRYABLE_CODES.has(recipient.statusCode),
        `${recipient.statusCode} ${recipient.status ?? ''}`.trim(),
        `Africa's Talking did not send the text: ${recipient.status ?? recipient.statusCode}`,
      );
    },
  };
}
