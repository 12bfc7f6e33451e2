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
  })
  .meta({ id: 'DeliveryPreferences' });
export type DeliveryPreferences = z.infer<typeof deliveryPreferencesSchema>;

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

/** Once a package is out for delivery, or its journey is over, how it is delivered no longer changes. */
const PREFERENCES_CLOSED = new Set(['Out for Delivery', 'Delivered', 'Returning to sender', 'Rejected']);

/** Whether the recipient or the sender may still change how the package is delivered. */
export function canChangePreferences(status: string): boolean {
  return !PREFERENCES_CLOSED.has(status);
}
