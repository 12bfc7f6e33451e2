import { z } from 'zod';
import { PACKAGE_STATUSES } from '../statuses.ts';
import { DIMENSION_UNITS } from '../volume.ts';
import { trackingCodeSchema } from './admin.ts';
import { isoTimestamp } from './fields.ts';
import { LABEL_SIZE_MESSAGE, LABEL_SIZES } from './labels.ts';
import { packageDetailsSchema } from './package.ts';

// The web shops' API (/api/v1): its own names (readable, nested), its own errors (RFC 9457), its own
// OpenAPI document. Each field keeps the ship form's rule and message, taken from packageDetailsSchema.

const field = packageDetailsSchema.shape;

/** The most bytes a request body to /api/v1 may have. */
export const V1_BODY_LIMIT = 64 * 1024;
/** Requests a key may make a minute unless the server is configured otherwise. */
export const V1_DEFAULT_RATE_LIMIT = 600;
export const V1_PAGE_DEFAULT = 20;
export const V1_PAGE_MAX = 100;

/** `Content-Type` of every error /api/v1 answers. */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** An RFC 9457 problem: what went wrong, and for a refused request each field that failed. */
export const problemSchema = z
  .object({
    type: z.string().describe('A URI naming the kind of problem; about:blank when the status says it all'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    errors: z
      .array(
        z.object({
          field: z.string().describe('The path of the field, dot-separated (receiver.email)'),
          detail: z.string(),
        }),
      )
      .optional()
      .describe('Each field that failed, with what was wrong'),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof problemSchema>;

const dimensionsSchema = z.object({
  unit: z.enum(DIMENSION_UNITS, { error: 'Dimension unit is required' }),
  length: field.length,
  width: field.width,
  height: field.height,
});

/** POST /api/v1/shipments. The sender is the account (its company, contact e-mail and phone). */
export const v1ShipmentInputSchema = z
  .object({
    receiver: z.object({
      name: field.receiverName,
      email: field.receiverEmail,
      phone: field.receiverPhone,
      address: field.destination,
    }),
    pickupAddress: field.pickupLocation
      .optional()
      .describe("Where the courier collects it; the account's address if absent"),
    description: field.description,
    quantity: field.quantity,
    weightKg: field.weight,
    dimensions: dimensionsSchema,
  })
  .meta({ id: 'NewShipment' });
export type V1ShipmentInput = z.infer<typeof v1ShipmentInputSchema>;

/** One step of a shipment's journey. */
export const v1EventSchema = z.object({ at: z.iso.datetime(), location: z.string() }).meta({ id: 'ShipmentEvent' });

/** A shipment as /api/v1 answers it; `events` only on GET /api/v1/shipments/{code}. */
export const v1ShipmentSchema = z
  .object({
    trackingCode: z.string(),
    status: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    estimatedDelivery: z.iso.datetime().nullable(),
    sender: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
    pickupAddress: z.string(),
    receiver: z.object({ name: z.string(), email: z.string(), phone: z.string(), address: z.string() }),
    description: z.string(),
    quantity: z.number(),
    weightKg: z.number(),
    dimensions: z.object({ unit: z.string(), length: z.number(), width: z.number(), height: z.number() }),
    events: z.array(v1EventSchema).optional(),
  })
  .meta({ id: 'Shipment' });
export type V1Shipment = z.infer<typeof v1ShipmentSchema>;

/** GET /api/v1/shipments: newest first, a page after `cursor`, optionally one status and a creation window. */
export const v1ShipmentListQuerySchema = z.object({
  cursor: z.string().max(200, { error: 'cursor is not valid' }).optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${V1_PAGE_MAX}` })
    .int({ error: `limit must be a whole number from 1 to ${V1_PAGE_MAX}` })
    .min(1, { error: `limit must be a whole number from 1 to ${V1_PAGE_MAX}` })
    .max(V1_PAGE_MAX, { error: `limit must be a whole number from 1 to ${V1_PAGE_MAX}` })
    .default(V1_PAGE_DEFAULT),
  status: z.enum(PACKAGE_STATUSES, { error: 'Unknown status' }).optional(),
  createdFrom: isoTimestamp('createdFrom must be a date-time (ISO 8601)').optional(),
  createdTo: isoTimestamp('createdTo must be a date-time (ISO 8601)').optional(),
});
export type V1ShipmentListQuery = z.input<typeof v1ShipmentListQuerySchema>;

/** The answer of GET /api/v1/shipments. */
export const v1ShipmentListSchema = z
  .object({
    data: z.array(v1ShipmentSchema),
    nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last'),
  })
  .meta({ id: 'ShipmentList' });

/** `{code}` of /api/v1/shipments/{code}. */
export const v1ShipmentParamsSchema = z.object({ code: trackingCodeSchema });

/** GET /api/v1/shipments/{code}/label */
export const v1LabelQuerySchema = z.object({
  size: z.enum(LABEL_SIZES, { error: LABEL_SIZE_MESSAGE }).default('4x6'),
});
