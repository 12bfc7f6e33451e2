// The answers the driver app reads (its run, the delivery settings, its events' results) and the size
// of its batches: this module needs zod alone, none of the console's schemas, so the driver app loads
// only these when its first answer comes (docs/decisions/0056).
import { z } from 'zod';

/** Events in one POST /api/driver/events. */
export const MAX_DRIVER_EVENTS = 200;

/** A package as a run shows it: enough for the driver to find the door and call the receiver. */
export const runPackageSchema = z
  .object({
    trackingCode: z.string(),
    status: z.string(),
    destination: z.string(),
    receiverName: z.string(),
    receiverPhone: z.string(),
  })
  .meta({ id: 'RunPackage' });
export type RunPackage = z.infer<typeof runPackageSchema>;

/** One stop of a run: its package and its place in the order, from 1. */
export const runStopSchema = runPackageSchema
  .extend({
    position: z.number().int().min(1),
    attempt: z
      .object({ at: z.iso.datetime(), reason: z.string() })
      .nullable()
      .describe("The stop's latest failed delivery attempt on the run's day, or null"),
    // Added later, so optional: an answer without them has nothing to say.
    instructions: z
      .string()
      .optional()
      .describe("The recipient's or sender's delivery instructions, set on the tracking page; empty when none"),
    safePlaceWords: z
      .string()
      .nullable()
      .optional()
      .describe('Where the package may be left, as the driver reads it ("Leave at the front door"); null for none'),
  })
  .meta({ id: 'RunStop' });
export type RunStop = z.infer<typeof runStopSchema>;

/** One driver's ordered stops for one day. */
export const runSchema = z
  .object({
    id: z.string(),
    driverId: z.string(),
    driverName: z.string(),
    date: z.string().describe('The day of the run, YYYY-MM-DD'),
    stops: z.array(runStopSchema),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Run' });
export type Run = z.infer<typeof runSchema>;

/** GET /api/driver/run: the signed-in driver's run of today (the server's day), or none. */
export const driverRunSchema = z
  .object({
    date: z.string().describe("Today on the server's clock, YYYY-MM-DD"),
    run: runSchema.nullable().describe('Null when no run is planned for the driver today'),
  })
  .meta({ id: 'DriverRun' });
export type DriverRun = z.infer<typeof driverRunSchema>;

export const DRIVER_EVENT_OUTCOMES = ['applied', 'duplicate', 'refused'] as const;

export const driverEventResultSchema = z
  .object({
    id: z.string(),
    status: z.enum(DRIVER_EVENT_OUTCOMES).describe('duplicate: seen before; the first answer follows'),
    code: z.number().int().optional().describe('For a refusal: 400, 403, 404 or 409, as an HTTP status'),
    message: z.string().optional().describe('Why it was refused, to show the driver'),
    package: z.object({ trackingCode: z.string(), status: z.string() }).optional(),
  })
  .meta({ id: 'DriverEventResult' });
export type DriverEventResult = z.infer<typeof driverEventResultSchema>;

export const driverEventsAnswerSchema = z.object({ results: z.array(driverEventResultSchema) });
export type DriverEventsAnswer = z.infer<typeof driverEventsAnswerSchema>;

/**
 * PUT /api/driver/events/{id}/photo: for a delivered event, the images now on the proof of its package;
 * for a failed attempt, its photo (signature always false).
 */
export const driverEventPhotoSchema = z.object({
  id: z.string(),
  trackingCode: z.string(),
  photo: z.boolean(),
  signature: z.boolean(),
});
export type DriverEventPhoto = z.infer<typeof driverEventPhotoSchema>;

/** GET /api/driver/settings. */
export const deliverySettingsSchema = z
  .object({
    depotLocation: z.string().describe('The location update of a package loaded or out for delivery'),
    maxAttempts: z.number().describe('Failed attempts after which the package is Returning to sender'),
    failureReasons: z.array(z.string()).describe('The reasons a driver picks from for a failed attempt'),
    workingDays: z.array(z.number().int()).describe('ISO weekdays delivered on, 1 Monday … 7 Sunday'),
    holidays: z.array(z.string()).describe('Days off from today on, YYYY-MM-DD, in order'),
  })
  .meta({ id: 'DeliverySettings' });
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;
