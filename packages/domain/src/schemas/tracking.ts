import { z } from 'zod';
import { trackingCodeSchema } from './admin.ts';
import { PHONE_LAST4_FORMAT } from './messages.ts';

/** GET /api/track/{code}. */
export const trackParamsSchema = z.object({ code: trackingCodeSchema });

/** Wrong tries of one package, or from one address, in an hour before every try is refused (429). */
export const PACKAGE_CHECK_TRIES = 5;
/** How long a check lets its visitor manage the package. */
export const PACKAGE_CHECK_MINUTES = 30;
/** Who a check proved the visitor to be: the receiver's phone proves the recipient, the shipper's the sender. */
export const PACKAGE_CHECK_ROLES = ['recipient', 'shipper'] as const;
export type PackageCheckRole = (typeof PACKAGE_CHECK_ROLES)[number];

/** POST /api/track/{code}/verify: the last four digits of the receiver's or the shipper's phone. */
export const packageCheckInputSchema = z.object({
  phoneLast4: z
    .string({ error: PHONE_LAST4_FORMAT })
    .regex(/^[0-9]{4}$/, { error: PHONE_LAST4_FORMAT })
    .describe('Four digits: the end of the phone number of the receiver or of the shipper'),
});
export type PackageCheckInput = z.infer<typeof packageCheckInputSchema>;

/**
 * GET /api/track/{code}/check: whether this browser's cookie proves its visitor the package's recipient or
 * sender, and until when. The same answer for any code without one: it never says a package exists.
 */
export const packageCheckStateSchema = z
  .object({
    checked: z.boolean(),
    as: z.enum(PACKAGE_CHECK_ROLES).nullable(),
    until: z.iso.datetime().nullable(),
  })
  .meta({ id: 'PackageCheckState' });
export type PackageCheckState = z.infer<typeof packageCheckStateSchema>;

/** The last four digits of a phone number as it was typed (spaces, dashes and a leading + left out), or null. */
export function phoneLast4(phone: string): string | null {
  const digits = phone.replace(/[^0-9]/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}

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
