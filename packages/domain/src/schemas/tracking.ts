import { z } from 'zod';
import { trackingCodeSchema } from './admin.ts';

/** GET /api/track/{code}. */
export const trackParamsSchema = z.object({ code: trackingCodeSchema });

/**
 * The public tracking answer: status, estimated delivery and places, no names, e-mails, phones or
 * addresses. Strict: an answer carrying anything more is refused, not passed on.
 */
export const trackResultSchema = z
  .strictObject({
    trackingNumber: z.string(),
    trackingCode: z.string(),
    status: z.string(),
    estimatedDelivery: z.iso.datetime().nullable(),
    locationUpdates: z.array(z.strictObject({ location: z.string(), timestamp: z.iso.datetime() })),
    late: z
      .boolean()
      .describe(
        'Past its estimated delivery and not Delivered or Rejected (isRunningLate): show no date that has passed',
      ),
    /**
     * While the package is Delivered with a proof: when, and the receiver's initials only ("K. M."),
     * computed on the server; the name, photo and signature stay with operators and the shipper.
     */
    delivery: z.strictObject({ deliveredAt: z.iso.datetime(), receivedBy: z.string() }).nullable(),
    // Added later, so optional: a client reads answers without them as "nothing to say".
    attempt: z
      .strictObject({ at: z.iso.datetime(), reason: z.string(), returning: z.boolean() })
      .nullable()
      .optional()
      .describe(
        'The latest failed delivery attempt while the package is not Delivered: when it happened on the road, the reason the driver chose, and whether the package is now being returned to its sender; else null',
      ),
    stopsAway: z
      .number()
      .int()
      .min(0)
      .nullable()
      .optional()
      .describe(
        "While the package is Out for Delivery on today's run and not yet attempted today: how many stops before it on the run the courier has still to deliver or attempt (0: it is next); else null. Never the driver, their position or the other stops",
      ),
  })
  .meta({ id: 'TrackResult' });
export type TrackResult = z.infer<typeof trackResultSchema>;
