// How the recipient or the sender wants a package delivered (GET/PUT /api/track/{code}/preferences),
// set once checked on the tracking page (docs/decisions/0049), shown to the driver and the operators.
import { z } from 'zod';
import {
  INSTRUCTIONS_CONTROL,
  NEIGHBOUR_HOUSE_REQUIRED,
  NEIGHBOUR_NAME_REQUIRED,
  SAFE_PLACE_UNKNOWN,
  textTooLong,
} from './messages.ts';
import { daySchema } from './runs.ts';

export const INSTRUCTIONS_MAX = 300;
export const SAFE_PLACE_KINDS = ['none', 'front_door', 'back_door', 'reception', 'neighbour'] as const;
export type SafePlaceKind = (typeof SAFE_PLACE_KINDS)[number];

/** Line breaks are kept; every other control character is refused. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds.
const CONTROL = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const neighbourText = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, textTooLong(max));

export const safePlaceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal(['none', 'front_door', 'back_door', 'reception']) }),
    z.object({
      kind: z.literal('neighbour'),
      neighbourName: neighbourText(NEIGHBOUR_NAME_REQUIRED, 100),
      neighbourHouse: neighbourText(NEIGHBOUR_HOUSE_REQUIRED, 50),
    }),
  ],
  { error: SAFE_PLACE_UNKNOWN },
);
export type SafePlace = z.infer<typeof safePlaceSchema>;

/**
 * A customer's free text for people to read (instructions, a rating's comment): at most `max`
 * characters, line breaks kept and every other control character refused (`controlMessage`), trimmed.
 */
export const customerTextSchema = (max: number, controlMessage: string) =>
  z
    .string()
    .max(max, textTooLong(max))
    .refine((text) => !CONTROL.test(text), controlMessage)
    .transform((text) => text.trim());

/** PUT /api/track/{code}/preferences: the whole of them, replacing what was set. */
export const deliveryPreferencesInputSchema = z.object({
  instructions: customerTextSchema(INSTRUCTIONS_MAX, INSTRUCTIONS_CONTROL).default(''),
  safePlace: safePlaceSchema.default({ kind: 'none' }),
  /**
   * Another delivery day, one of `deliveryDays` (record 50); null or absent: the estimated delivery as
   * it was before any day was chosen. Part of the whole, like the rest.
   */
  deliveryDay: daySchema.nullable().default(null),
});
export type DeliveryPreferencesInput = z.input<typeof deliveryPreferencesInputSchema>;

export const deliveryPreferencesSchema = z
  .object({
    instructions: z.string(),
    safePlace: safePlaceSchema,
    /** How the driver app and the console say the safe place; null for none. */
    safePlaceWords: z.string().nullable(),
    /** Who set them last, and when; null while never set. */
    setBy: z.enum(['recipient', 'shipper']).nullable(),
    setAt: z.iso.datetime().nullable(),
    /** The day chosen instead of the estimated delivery, YYYY-MM-DD; null while none is. */
    deliveryDay: z.string().nullable(),
    /** The days that may be chosen now, YYYY-MM-DD, in order; none before the package is accepted. */
    deliveryDays: z.array(z.string()),
  })
  .meta({ id: 'DeliveryPreferences' });
export type DeliveryPreferences = z.infer<typeof deliveryPreferencesSchema>;

/** How the tracking page offers each safe place. */
export const SAFE_PLACE_LABELS: Record<SafePlaceKind, string> = {
  none: 'No safe place: hand it to someone',
  front_door: 'Front door',
  back_door: 'Back door',
  reception: 'Reception',
  neighbour: 'A neighbour',
};

/** The safe place as the driver reads it on the stop; null for none. */
export function safePlaceWords(place: SafePlace): string | null {
  switch (place.kind) {
    case 'none':
      return null;
    case 'front_door':
      return 'Leave at the front door';
    case 'back_door':
      return 'Leave at the back door';
    case 'reception':
      return 'Leave at reception';
    case 'neighbour':
      return `Leave with a neighbour: ${place.neighbourName}, ${place.neighbourHouse}`;
  }
}

/** The safe place of a stored row (its kind, and a neighbour's name and house when it is one). */
export function storedSafePlace(row: {
  safePlace: string;
  neighbourName: string | null;
  neighbourHouse: string | null;
}): SafePlace {
  return (
    row.safePlace === 'neighbour'
      ? { kind: 'neighbour', neighbourName: row.neighbourName ?? '', neighbourHouse: row.neighbourHouse ?? '' }
      : { kind: row.safePlace }
  ) as SafePlace;
}

/** Once a package is out for delivery, or its journey is over, how it is delivered no longer changes. */
const PREFERENCES_CLOSED = new Set(['Out for Delivery', 'Delivered', 'Returning to sender', 'Rejected']);

/** Whether the recipient or the sender may still change how the package is delivered. */
export function canChangePreferences(status: string): boolean {
  return !PREFERENCES_CLOSED.has(status);
}
