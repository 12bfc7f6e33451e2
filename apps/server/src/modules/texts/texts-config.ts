import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** The environment variables of text messages, checked with the rest of the configuration (config.ts). */
export const TEXTS_ENV = {
  SMS_PROVIDER: optional.pipe(
    z.enum(['twilio', 'africastalking'], { error: 'must be twilio or africastalking (unset: no texts)' }).optional(),
  ),
  SMS_API_BASE_URL: optional.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s):// URL such as https://api.sandbox.africastalking.com' })
      .optional(),
  ),
  SMS_OUTBOX_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(3000),
  TWILIO_ACCOUNT_SID: optional.pipe(
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, { error: 'must be an Account SID: AC and 32 hex digits' })
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_FROM: optional.pipe(
    z
      .string()
      .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, {
        error: 'must be a number in E.164 (+15551234567) or a Messaging Service SID (MG and 32 hex digits)',
      })
      .optional(),
  ),
  TWILIO_WHATSAPP_FROM: optional.pipe(
    z
      .string()
      .regex(/^(whatsapp:)?\+[1-9]\d{6,14}$/, { error: 'must be a WhatsApp number in E.164 (+15551234567)' })
      .optional(),
  ),
  AT_USERNAME: optional,
  AT_API_KEY: optional,
  AT_SENDER_ID: optional.pipe(
    z
      .string()
      .regex(/^([A-Za-z0-9 ]{1,11}|\d{3,15})$/, {
        error: 'must be an alphanumeric sender ID of at most 11 characters or a short code',
      })
      .optional(),
  ),
  AT_CALLBACK_SECRET: optional.pipe(z.string().min(16, { error: 'must be at least 16 characters' }).optional()),
};

const textsEnvSchema = z.object(TEXTS_ENV);
type TextsEnv = z.output<typeof textsEnvSchema>;

export type TextsConfig = {
  /** Replaces the provider's API address (its sandbox, a gateway, the tests). */
  apiBaseUrl: string | undefined;
  /** How long each process's text sender waits between two passes. */
  pollMs: number;
} & (
  | {
      provider: 'twilio';
      accountSid: string;
      authToken: string;
      /** A number in E.164, or a Messaging Service SID (MG…). */
      from: string;
      /** The WhatsApp sender in E.164, when WhatsApp is offered. */
      whatsappFrom: string | undefined;
    }
  | {
      provider: 'africastalking';
      username: string;
      apiKey: string;
      /** Unset: Africa's Talking's shared sender for the account's country. */
      senderId: string | undefined;
      /** Required in the `secret` query parameter of the inbound and delivery-report callbacks. */
      callbackSecret: string;
    }
);

const REQUIRED = {
  twilio: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
  africastalking: ['AT_USERNAME', 'AT_API_KEY', 'AT_CALLBACK_SECRET'],
} as const;

/** One problem naming every variable a chosen provider lacks (none without SMS_PROVIDER). */
export function textsProblems(e: TextsEnv): string[] {
  if (!e.SMS_PROVIDER) return [];
  const missing = REQUIRED[e.SMS_PROVIDER].filter((name) => !e[name]);
  if (missing.length === 0) return [];
  return [`${missing.join(', ')}: must be set with SMS_PROVIDER=${e.SMS_PROVIDER} (missing ${missing.length})`];
}

/** The text-message settings, or undefined without SMS_PROVIDER (no texts). Call after `textsProblems`. */
export function textsConfigOf(e: TextsEnv): TextsConfig | undefined {
  const common = { apiBaseUrl: e.SMS_API_BASE_URL?.replace(/(?<!\/)\/+$/, ''), pollMs: e.SMS_OUTBOX_POLL_MS };
  if (e.SMS_PROVIDER === 'twilio') {
    return {
      ...common,
      provider: 'twilio',
      accountSid: e.TWILIO_ACCOUNT_SID!,
      authToken: e.TWILIO_AUTH_TOKEN!,
      from: e.TWILIO_FROM!,
      whatsappFrom: e.TWILIO_WHATSAPP_FROM?.replace(/^whatsapp:/, ''),
    };
  }
  if (e.SMS_PROVIDER === 'africastalking') {
    return {
      ...common,
      provider: 'africastalking',
      username: e.AT_USERNAME!,
      apiKey: e.AT_API_KEY!,
      senderId: e.AT_SENDER_ID,
      callbackSecret: e.AT_CALLBACK_SECRET!,
    };
  }
  return undefined;
}
