/** What a provider is asked to send: one text to one number in E.164. */
export interface TextToSend {
  to: string;
  body: string;
  channel: 'sms' | 'whatsapp';
  /** The text's row id: never sent twice under one key (see text-sender.ts for how). */
  idempotencyKey: string;
}

/** The provider took the text: its id (receipts name it) and the state it reported. */
export interface TextAccepted {
  providerId: string;
  state: 'sent' | 'failed';
  /** The provider's code when it took the request but refused the text at once. */
  errorCode?: string;
}

/**
 * A text the provider did not take. `retryable`: the network, a 5xx or a 429: the same text may be
 * tried again later. Otherwise final (a 4xx: an invalid number, a blocked one), with the provider's code.
 */
export class TextSendError extends Error {
  constructor(
    readonly retryable: boolean,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TextSendError';
  }
}

export interface TextProvider {
  readonly name: 'twilio' | 'africastalking';
  /** The channels it can send on: WhatsApp only through Twilio with TWILIO_WHATSAPP_FROM. */
  readonly channels: ReadonlyArray<'sms' | 'whatsapp'>;
  send(text: TextToSend): Promise<TextAccepted>;
}

/** How long one call to a provider may take before it counts as a network failure (retried). */
export const PROVIDER_TIMEOUT_MS = 15_000;

/** An HTTP status's kind: 429 and 5xx may pass, other 4xx will not. */
export const isRetryableStatus = (status: number) => status === 429 || status >= 500;

/** A fetch that failed before any answer (refused, reset, timed out): always retryable. */
export function networkError(provider: string, error: unknown): TextSendError {
  const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
  return new TextSendError(true, 'network', `${provider} could not be reached${reason ? `: ${reason}` : ''}`);
}
