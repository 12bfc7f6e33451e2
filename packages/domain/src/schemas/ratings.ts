// Rating the delivery (docs/decisions/0051): after Delivered, 1–5 stars and an optional comment, once a
// package, for RATING_DAYS days, by its recipient or sender; read by the operators per week and driver.
import { z } from 'zod';
import { addDays, isoWeekday } from '../delivery-days.ts';
import { DELIVERED_STATUS } from '../statuses.ts';
import { COMMENT_CONTROL, FEEDBACK_WEEK_MONDAY, STARS_RANGE } from './messages.ts';
import { customerTextSchema } from './preferences.ts';
import { daySchema } from './runs.ts';

/** How long after its delivery a package can be rated, in days (and its e-mail's rating links last). */
export const RATING_DAYS = 14;
export const RATING_COMMENT_MAX = 500;
export const RATING_BY = ['recipient', 'shipper'] as const;
/** How the rater proved who they are: the phone check on the tracking page, or the delivery e-mail's link. */
export const RATING_HOW = ['check', 'link'] as const;

/** 1 to 5, a whole number given as a number: 0, 6, 4.5 and "5" are all refused with one message. */
const starsSchema = z
  .number({ error: STARS_RANGE })
  .int({ error: STARS_RANGE })
  .min(1, { error: STARS_RANGE })
  .max(5, { error: STARS_RANGE });

/** POST /api/track/{code}/rating. `token`: the delivery e-mail's link's, read by the page from the address's fragment. */
export const ratingInputSchema = z.object({
  stars: starsSchema,
  comment: customerTextSchema(RATING_COMMENT_MAX, COMMENT_CONTROL).default(''),
  token: z.string().max(100).optional().describe('The token of the delivery e-mail’s rating link (its #rate= part)'),
});
export type RatingInput = z.input<typeof ratingInputSchema>;

/** A rating as its rater sees it. */
export const ratingSchema = z
  .object({ stars: z.number().int(), comment: z.string(), ratedAt: z.iso.datetime() })
  .meta({ id: 'Rating' });
export type Rating = z.infer<typeof ratingSchema>;

/** GET /api/track/{code}/rating: whether the form is offered, what was given, until when it can be. */
export const ratingStatusSchema = z
  .object({
    canRate: z.boolean(),
    rating: ratingSchema.nullable(),
    /** The end of the rating window; null while the package is not delivered. */
    until: z.iso.datetime().nullable(),
  })
  .meta({ id: 'RatingStatus' });
export type RatingStatus = z.infer<typeof ratingStatusSchema>;

/** A rating as the operators see it. */
export const packageRatingSchema = ratingSchema
  .extend({
    by: z.enum(RATING_BY),
    how: z.enum(RATING_HOW),
    /** Who delivered it on a run; null when it was delivered without one. */
    driverName: z.string().nullable(),
  })
  .meta({ id: 'PackageRating' });
export type PackageRating = z.infer<typeof packageRatingSchema>;

/** GET /api/admin/packages/{code}/rating. */
export const packageRatingAnswerSchema = z.object({ rating: packageRatingSchema.nullable() });

export const feedbackQuerySchema = z.object({
  week: daySchema
    .refine((day) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1, { error: FEEDBACK_WEEK_MONDAY })
    .optional()
    .describe('The Monday that starts the week (YYYY-MM-DD); this week by default'),
});

/** A driver's, or "Not on a run"'s (driverId null), share of a week's ratings. */
export const feedbackDriverSchema = z.object({
  driverId: z.string().nullable(),
  name: z.string(),
  count: z.number().int(),
  average: z.number(),
});

/** GET /api/admin/feedback: a week's ratings, the lowest (1–2 stars) first, then the newest. */
export const feedbackWeekSchema = z
  .object({
    week: z.string().describe('The Monday, YYYY-MM-DD'),
    previousWeek: z.string(),
    nextWeek: z.string(),
    count: z.number().int(),
    /** The mean of the week's stars, to one decimal; null without a rating. */
    average: z.number().nullable(),
    drivers: z.array(feedbackDriverSchema),
    ratings: z.array(packageRatingSchema.extend({ trackingCode: z.string() })),
  })
  .meta({ id: 'FeedbackWeek' });
export type FeedbackWeek = z.infer<typeof feedbackWeekSchema>;

/** The name of the drivers' row of packages delivered without a run. */
export const NOT_ON_A_RUN = 'Not on a run';
/** How the console says a number of stars. */
export const starsWords = (stars: number) => `${stars} of 5 stars`;

/** The end of a delivery's rating window. */
export function ratingUntil(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + RATING_DAYS * 24 * 60 * 60 * 1000);
}

/** Whether a package in `status`, delivered at `deliveredAt`, can be rated at `now`. */
export function canRate(status: string, deliveredAt: Date | null, now: Date): boolean {
  return status === DELIVERED_STATUS && deliveredAt !== null && now < ratingUntil(deliveredAt);
}

/** The Monday (YYYY-MM-DD) of the week of a calendar day. */
export function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}
