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

type TwilioConfig = Extract<TextsConfig, { provider: 'twilio' }>;

/** What the SDK hands its HTTP client (twilio/lib/base/RequestClient's RequestOptions, the part used). */
interface SdkRequest {
  method: string;
  uri: string;
  username?: string;
  password?: string;
  headers?: Record<string, string>;
  data?: Record<string, unknown>;
}

/** The states of Twilio's Messages resource that mean it refused the text outright. */
const REFUSED = new Set(['failed', 'undelivered', 'canceled']);

/**
 * The official SDK's HTTP client replaced by one over fetch: it sends to SMS_API_BASE_URL instead of
 * api.twilio.com when set (a gateway, the tests), keeps the SDK's path, headers and form, and makes one
 * attempt (the SDK's own client retries 429s, which the text sender does with its backoff instead).
 */
function fetchClient(apiBaseUrl: string | undefined) {
  return {
    async request({ method, uri, username, password, headers = {}, data }: SdkRequest) {
      const target = new URL(uri);
      const url = apiBaseUrl ? `${apiBaseUrl}${target.pathname}${target.search}` : target.href;
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(data ?? {})) {
        for (const item of [value].flat()) if (item !== undefined) form.append(name, String(item));
      }
      const auth = Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64');
      let response: Response;
      try {
        response = await fetch(url, {
          method: method.toUpperCase(),
          headers: { ...headers, Authorization: `Basic ${auth}` },
          body: method.toLowerCase() === 'get' ? undefined : form,
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
      } catch (error) {
        throw networkError('Twilio', error);
      }
      return {
        statusCode: response.status,
        body: await response.text(),
        headers: Object.fromEntries(response.headers),
      };
    },
  };
}

/** Texts through Twilio's Messaging API with its official SDK, loaded only when Twilio is configured. */
export async function createTwilioProvider(config: TwilioConfig, publicUrl: string): Promise<TextProvider> {
  const { default: twilio } = await import('twilio');
  const client = twilio(config.accountSid, config.authToken, {
    httpClient: fetchClient(config.apiBaseUrl) as never,
  });
  const channels: Array<'sms' | 'whatsapp'> = config.whatsappFrom ? ['sms', 'whatsapp'] : ['sms'];
  return {
    name: 'twilio',
    channels,
    async send({ to, body, channel, idempotencyKey }: TextToSend): Promise<TextAccepted> {
      if (channel === 'whatsapp' && !config.whatsappFrom) {
        throw new TextSendError(false, 'no_whatsapp_sender', 'TWILIO_WHATSAPP_FROM is not set');
      }
      const sender =
        channel === 'whatsapp'
          ? { from: `whatsapp:${config.whatsappFrom}` }
          : config.from.startsWith('MG')
            ? { messagingServiceSid: config.from }
            : { from: config.from };
      try {
        const message = await client.messages.create({
          to: channel === 'whatsapp' ? `whatsapp:${to}` : to,
          body,
          ...sender,
          // The text's id rides on the receipt's address: a receipt finds its row even when the sender
          // stopped before it could store the SID (see text-sender.ts).
          statusCallback: `${publicUrl}/api/messages/twilio/status?text=${idempotencyKey}`,
        });
        const refused = REFUSED.has(message.status);
        return {
          providerId: message.sid,
          state: refused ? 'failed' : 'sent',
          ...(refused && { errorCode: String(message.errorCode ?? message.status) }),
        };
      } catch (error) {
        throw asSendError(error);
      }
    },
  };
}

/** The SDK's RestException (status, code, message) as retryable or final. */
function asSendError(error: unknown): TextSendError {
  if (error instanceof TextSendError) return error;
  const { status, code, message } = error as { status?: unknown; code?: unknown; message?: unknown };
  if (typeof status !== 'number') return networkError('Twilio', error);
  return new TextSendError(
    isRetryableStatus(status),
    String(code ?? `http_${status}`),
    `Twilio answered ${status}${typeof message === 'string' && message ? `: ${message}` : ''}`,
  );
}
