import { z } from 'zod';
import { optionalText } from './fields.ts';

/** What an account's webhook endpoint may subscribe to: the shipment events it is told of. */
export const WEBHOOK_EVENT_TYPES = [
  'shipment.created',
  'shipment.accepted',
  'shipment.rejected',
  'shipment.status_changed',
  'shipment.location_added',
  'shipment.delivery_attempted',
  'shipment.delivered',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Every secret starts so (as the Standard Webhooks spec writes them): 24 random bytes in base64 follow. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** After a rotation the old secret signs beside the new one this long, so a receiver can switch without a gap. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
/** Endpoints an account may have at once. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 50;

export const WEBHOOK_URL_INVALID = 'URL must be an http or https address';
export const WEBHOOK_URL_CREDENTIALS = 'URL must not hold a user name or password';
export const WEBHOOK_URL_HTTPS = 'URL must be an https address';
export const WEBHOOK_URL_PRIVATE = 'URL must point to an address on the internet, not a private or local one';
export const WEBHOOK_URL_UNKNOWN_HOST = 'The URL’s host name could not be found';
export const WEBHOOK_EVENTS_REQUIRED = 'Choose at least one event';
export const WEBHOOK_TOO_MANY = `An account can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints`;
export const WEBHOOK_DELIVERY_NOT_PENDING = 'This delivery is already waiting to be sent';

/** The shape of an endpoint's URL; where it may point (https in production, no private address) the server checks. */
export const webhookUrlSchema = z
  .string({ error: WEBHOOK_URL_INVALID })
  .trim()
  .max(WEBHOOK_URL_MAX, { error: `URL must be at most ${WEBHOOK_URL_MAX} characters` })
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), { error: WEBHOOK_URL_INVALID })
  .refine(
    (value) => {
      const url = new URL(value);
      return url.username === '' && url.password === '';
    },
    { error: WEBHOOK_URL_CREDENTIALS },
  );

const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Events must be among ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .min(1, { error: WEBHOOK_EVENTS_REQUIRED })
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

/** POST /api/account/webhooks. */
export const createWebhookEndpointSchema = z.object({
  url: webhookUrlSchema,
  description: optionalText(WEBHOOK_DESCRIPTION_MAX),
  events: webhookEventsSchema,
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointSchema>;

/** PATCH /api/account/webhooks/{id}: what is given changes; `enabled: true` turns a disabled endpoint back on. */
export const updateWebhookEndpointSchema = z.object({
  url: webhookUrlSchema.optional(),
  description: optionalText(WEBHOOK_DESCRIPTION_MAX).optional(),
  events: webhookEventsSchema.optional(),
  enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
});
export type UpdateWebhookEndpointInput = z.input<typeof updateWebhookEndpointSchema>;

/** An endpoint as lists show it: never its secret. */
export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    /** Why it was turned off: its calls failed for a day. */
    disabledReason: z.string().nullable(),
    /** While an old secret still signs beside the new one, when it stops. */
    previousSecretExpiresAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer of a create or a secret rotation: the only time the secret is shown. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({ secret: z.string().describe('The signing secret (whsec_…): shown this once') })
  .meta({ id: 'WebhookEndpointWithSecret' });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** One call (and its retries) of an endpoint for one event. */
export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    messageId: z.string().describe('The webhook-id header: the same for every attempt and a resend'),
    eventType: z.enum(WEBHOOK_EVENT_TYPES),
    trackingCode: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    /** The HTTP status of the last answer; null when none came (a timeout, a refused address). */
    responseStatus: z.number().int().nullable(),
    /** Why the last attempt failed, if it did. */
    lastError: z.string().nullable(),
    lastAttemptAt: z.iso.datetime().nullable(),
    nextAttemptAt: z.iso.datetime().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET /api/account/webhooks/{id}/deliveries: the newest first. */
export const webhookDeliveriesQuerySchema = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: 'Status must be pending, succeeded or failed' }).optional(),
});

/** `{id}` and `{deliveryId}` of the delivery routes. */
export const webhookDeliveryParamsSchema = z.object({ id: z.string(), deliveryId: z.string() });

/** What a receiver gets: the body of every call (the Standard Webhooks shape). */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: { trackingCode: string } & Record<string, unknown>;
}
