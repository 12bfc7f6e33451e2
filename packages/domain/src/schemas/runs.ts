import { z } from 'zod';
import { TRACKING_CODE_MAX_INPUT, TRACKING_CODE_REQUIRED } from '../tracking-code.ts';
import { trackingCodeSchema } from './admin.ts';
import { DAY_INVALID, DRIVER_REQUIRED, RUN_CHANGE_REQUIRED, RUN_STOPS_REQUIRED, runTooManyStops } from './messages.ts';
import { pageQueryFields } from './paging.ts';

/** The most stops one run holds: a long day's round; more is a mistake or two runs. */
export const RUN_MAX_STOPS = 200;
/** The default page of the packages that can still go out on a day. */
export const UNASSIGNED_PAGE_SIZE = 50;

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not), between 1970 and 9999. */
export const daySchema = z
  .string({ error: DAY_INVALID })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DAY_INVALID, abort: true })
  .refine(
    (text) => {
      const [year, month, day] = text.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(year, month - 1, day));
      return year >= 1970 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    },
    { error: DAY_INVALID },
  )
  .describe('A calendar day, YYYY-MM-DD');

/** A driver a run can be planned for (GET /api/admin/runs/drivers): active, invited or signed in. */
export const runDriverSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'RunDriver' });
export type RunDriver = z.infer<typeof runDriverSchema>;

/** GET /api/admin/runs: the runs of one day. */
export const runsQuerySchema = z.object({ date: daySchema });

/** GET /api/admin/runs/unassigned: a page of the packages that can go out and are on no run that day. */
export const unassignedQuerySchema = z.object({
  date: daySchema,
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('Part of a tracking code, a name, an e-mail address or a phone number, any case'),
  ...pageQueryFields(UNASSIGNED_PAGE_SIZE),
});

const driverIdSchema = z
  .string({ error: DRIVER_REQUIRED })
  .trim()
  .min(1, { error: DRIVER_REQUIRED })
  .max(64, { error: DRIVER_REQUIRED });

/** POST /api/admin/runs: a new, empty run of a driver for a day. */
export const createRunSchema = z.object({ driverId: driverIdSchema, date: daySchema });
export type CreateRunInput = z.infer<typeof createRunSchema>;

/** PATCH /api/admin/runs/{id}: another driver, another day, or both. */
export const updateRunSchema = z
  .object({ driverId: driverIdSchema.optional(), date: daySchema.optional() })
  .refine((body) => body.driverId !== undefined || body.date !== undefined, { error: RUN_CHANGE_REQUIRED });
export type UpdateRunInput = z.infer<typeof updateRunSchema>;

/**
 * PUT /api/admin/runs/{id}/stops: the whole order, first stop first; an empty list clears the run. A
 * code named twice is refused at its second place.
 */
export const runStopsInputSchema = z.object({
  trackingCodes: z
    .array(z.unknown(), { error: RUN_STOPS_REQUIRED })
    .max(RUN_MAX_STOPS, { error: runTooManyStops(RUN_MAX_STOPS) })
    .meta({ items: { type: 'string', maxLength: TRACKING_CODE_MAX_INPUT } })
    .pipe(z.array(z.string({ error: TRACKING_CODE_REQUIRED }).max(TRACKING_CODE_MAX_INPUT).pipe(trackingCodeSchema)))
    .superRefine((codes, context) => {
      const seen = new Set<string>();
      codes.forEach((code, index) => {
        if (seen.has(code)) context.addIssue({ code: 'custom', path: [index], message: `${code} is named twice` });
        seen.add(code);
      });
    })
    .describe(`0 to ${RUN_MAX_STOPS} tracking codes, each once, in the order of the stops`),
});
export type RunStopsInput = z.input<typeof runStopsInputSchema>;

/** DELETE /api/admin/runs/{id}. */
export const deletedRunSchema = z.object({ message: z.string(), id: z.string() });
