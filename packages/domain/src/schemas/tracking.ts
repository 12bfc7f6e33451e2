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
  })
  .meta({ id: 'TrackResult' });
export type TrackResult = z.infer<typeof trackResultSchema>;
