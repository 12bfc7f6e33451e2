// What the driver app sends of its stops (events stored on the phone, sent in batches) and the
// delivery settings that decide their effects (docs/decisions/0043).
import { z } from 'zod';
import { HOLIDAYS_MAX } from '../delivery-days.ts';
import { trackingCodeSchema } from './admin.ts';
import { receivedBySchema } from './delivery-proof.ts';
import { MAX_DRIVER_EVENTS } from './driver-answers.ts';
import {
  DEPOT_LOCATION_REQUIRED,
  DRIVER_EVENT_ID_INVALID,
  DRIVER_EVENT_TIME_INVALID,
  DRIVER_EVENT_TYPE_UNKNOWN,
  driverEventsTooMany,
  FAILURE_REASON_TEXT,
  FAILURE_REASONS_COUNT,
  FAILURE_REASONS_REPEATED,
  HOLIDAYS_COUNT,
  HOLIDAYS_REPEATED,
  MAX_ATTEMPTS_RANGE,
  NOTE_CONTROL,
  noteTooLong,
  WORKING_DAY_INVALID,
  WORKING_DAYS_REQUIRED,
} from './messages.ts';
import { daySchema } from './runs.ts';

export const DRIVER_EVENT_TYPES = ['loaded', 'out_for_delivery', 'delivered', 'attempt_failed', 'note'] as const;
export type DriverEventType = (typeof DRIVER_EVENT_TYPES)[number];

export const DRIVER_NOTE_MAX = 500;
/** How far ahead of the server's clock a phone's clock may run. */
export const CLOCK_SKEW_MS = 2 * 60 * 1000;
/** The oldest event taken: a phone offline longer has a run that is long over. */
export const DRIVER_EVENT_MAX_AGE_DAYS = 7;

/** One event as it travels: loose, so that one bad event is refused alone (its own 400), not the batch. */
export const driverEventWireSchema = z.object({
  id: z.string().max(100).describe('A UUID the phone made for the event: the same id is applied once'),
  type: z.string().max(40).describe(DRIVER_EVENT_TYPES.join(', ')),
  trackingCode: z.string().max(100),
  at: z.string().max(40).describe('When it happened on the road: ISO date-time with its offset'),
  reason: z.string().max(200).optional().describe("attempt_failed: one of the admin's failure reasons"),
  note: z
    .string()
    .max(2000)
    .optional()
    .describe(
      `note (required) and attempt_failed (optional): the driver's text, trimmed, at most ${DRIVER_NOTE_MAX} characters; line breaks are kept, other control characters refused. Operators read it; the tracking page never shows it`,
    ),
  receivedBy: z.string().max(200).optional().describe('delivered: who received the package'),
});
export type DriverEventWire = z.infer<typeof driverEventWireSchema>;

/** POST /api/driver/events. More than 200 events refuse the whole batch. */
export const driverEventsInputSchema = z.object({
  events: z
    .array(driverEventWireSchema)
    .min(1)
    .max(MAX_DRIVER_EVENTS, { error: driverEventsTooMany(MAX_DRIVER_EVENTS) }),
});

/** C0 and C1 controls and DEL, but the line feed a textarea writes between lines. */
function hasControlOtherThanLineFeed(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** A driver's note, on a failed attempt or alone: trimmed, at most 500 characters, lines but no other controls. */
export const driverNoteSchema = z
  .string()
  .trim()
  .max(DRIVER_NOTE_MAX, { error: noteTooLong(DRIVER_NOTE_MAX) })
  .refine((text) => !hasControlOtherThanLineFeed(text), { error: NOTE_CONTROL });

/** One event as the server checks it, field by field. */
export const driverEventSchema = z.object({
  id: z.guid({ error: DRIVER_EVENT_ID_INVALID }),
  type: z.enum(DRIVER_EVENT_TYPES, { error: DRIVER_EVENT_TYPE_UNKNOWN }),
  trackingCode: trackingCodeSchema,
  at: z.iso.datetime({ offset: true, error: DRIVER_EVENT_TIME_INVALID }),
  reason: z.string().trim().max(100, { error: FAILURE_REASON_TEXT }).optional(),
  note: driverNoteSchema.optional(),
  receivedBy: receivedBySchema.optional(),
});
export type DriverEvent = z.infer<typeof driverEventSchema>;

export const driverEventParamsSchema = z.object({ id: z.string().max(100) });

/** The multipart form as the API description shows it (the handler reads the parts itself). */
export const driverEventPhotoFormSchema = z.object({
  photo: z.string().optional().describe('A delivery or a failed attempt: JPEG, PNG, WebP, AVIF or GIF, at most 10 MB'),
  signature: z.string().optional().describe('A delivery only: PNG, at most 512 KB'),
});

/** What the road told about a package, as operators read it: failed attempts and the driver's notes. */
export const ROAD_ENTRY_TYPES = ['attempt_failed', 'note'] as const;

export const roadEntrySchema = z
  .object({
    id: z.string().describe("The event's id"),
    type: z.enum(ROAD_ENTRY_TYPES),
    at: z.iso.datetime().describe('When it happened on the road'),
    driverName: z.string().describe('Who sent it'),
    reason: z.string().nullable().describe('A failed attempt: the reason picked from the list'),
    note: z.string().nullable().describe("The driver's note, if one was written"),
    photoUrl: z.string().nullable().describe("A failed attempt's photo, through the console's own route"),
    photoThumbnailUrl: z.string().nullable(),
  })
  .meta({ id: 'RoadEntry' });
export type RoadEntry = z.infer<typeof roadEntrySchema>;

/** GET /api/admin/packages/{trackingCode}/road: newest first. */
export const packageRoadSchema = z.object({ entries: z.array(roadEntrySchema) }).meta({ id: 'PackageRoad' });
export type PackageRoad = z.infer<typeof packageRoadSchema>;

export const ROAD_PHOTO_KINDS = ['photo', 'thumbnail'] as const;
export type RoadPhotoKind = (typeof ROAD_PHOTO_KINDS)[number];

export const roadPhotoParamsSchema = z.object({
  trackingCode: trackingCodeSchema,
  id: z.string().max(100),
  kind: z.enum(ROAD_PHOTO_KINDS, { error: 'Ask for photo or thumbnail' }),
});

export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_FAILURE_REASONS = [
  'Nobody at home',
  'Address not found',
  'Refused by the receiver',
  'No access to the building',
  'Business closed',
] as const;
/** The depot's location until an admin names it: the company's name and " depot". */
export const defaultDepotLocation = (companyName: string) => `${companyName} depot`;

/** PUT /api/admin/delivery-settings. */
export const deliverySettingsInputSchema = z.object({
  depotLocation: z.string({ error: DEPOT_LOCATION_REQUIRED }).trim().min(1, DEPOT_LOCATION_REQUIRED).max(200),
  maxAttempts: z
    .number({ error: MAX_ATTEMPTS_RANGE })
    .int(MAX_ATTEMPTS_RANGE)
    .min(1, MAX_ATTEMPTS_RANGE)
    .max(10, MAX_ATTEMPTS_RANGE),
  failureReasons: z
    .array(z.string({ error: FAILURE_REASON_TEXT }).trim().min(1, FAILURE_REASON_TEXT).max(100, FAILURE_REASON_TEXT), {
      error: FAILURE_REASONS_COUNT,
    })
    .min(1, FAILURE_REASONS_COUNT)
    .max(20, FAILURE_REASONS_COUNT)
    .refine((reasons) => new Set(reasons).size === reasons.length, { error: FAILURE_REASONS_REPEATED }),
  /** ISO weekdays (1 Monday … 7 Sunday) the company delivers on; absent keeps those saved. */
  workingDays: z
    .array(
      z
        .number({ error: WORKING_DAY_INVALID })
        .int(WORKING_DAY_INVALID)
        .min(1, WORKING_DAY_INVALID)
        .max(7, WORKING_DAY_INVALID),
      {
        error: WORKING_DAYS_REQUIRED,
      },
    )
    .min(1, WORKING_DAYS_REQUIRED)
    .refine((days) => new Set(days).size === days.length, { error: WORKING_DAY_INVALID })
    .transform((days) => [...days].sort((a, b) => a - b))
    .optional(),
  /** Days off, YYYY-MM-DD; absent keeps those saved. Days before today are dropped when saved. */
  holidays: z
    .array(daySchema, { error: HOLIDAYS_COUNT })
    .max(HOLIDAYS_MAX, HOLIDAYS_COUNT)
    .refine((days) => new Set(days).size === days.length, { error: HOLIDAYS_REPEATED })
    .transform((days) => [...days].sort())
    .optional(),
});
export type DeliverySettingsInput = z.input<typeof deliverySettingsInputSchema>;
