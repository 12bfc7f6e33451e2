import { z } from 'zod';
import { DIMENSION_UNITS } from '../volume.ts';
import {
  EMAIL_MAX,
  LONG_TEXT_MAX,
  NUMBER_TEXT_MAX,
  NUMBER_TEXT_TOO_LONG,
  numberAtLeast,
  requiredEmail,
  requiredText,
  TEXT_MAX,
  tooLongMessage,
} from './fields.ts';

/** The most characters each text field of a submission holds (after trimming). */
const TEXT_FIELD_MAX = {
  name: TEXT_MAX,
  email: EMAIL_MAX,
  phone: 40,
  pickupLocation: 500,
  rname: TEXT_MAX,
  remail: EMAIL_MAX,
  rphone: 40,
  destination: 500,
  description: LONG_TEXT_MAX,
} as const;

/** The text fields of a package submission with the SPEC §5 messages (server and ship form). */
export const shipmentInputSchema = z.object({
  name: requiredText('Name is required', TEXT_FIELD_MAX.name),
  email: requiredEmail('Email is required'),
  phone: requiredText('Phone number is required', TEXT_FIELD_MAX.phone),
  pickupLocation: requiredText('Pickup location is required', TEXT_FIELD_MAX.pickupLocation),
  rname: requiredText("Receiver's name is required", TEXT_FIELD_MAX.rname),
  remail: requiredEmail("Receiver's email is required"),
  rphone: requiredText("Receiver's phone number is required", TEXT_FIELD_MAX.rphone),
  destination: requiredText('Destination is required', TEXT_FIELD_MAX.destination),
  description: requiredText('Package description is required', TEXT_FIELD_MAX.description),
  quantity: numberAtLeast(1, 'Minimum quantity is 1', { int: true, max: 100000 }),
  weight: numberAtLeast(0.1, 'Minimum weight is 0.1kg', { max: 100000 }),
  // Trimmed like every other field, so "cm " from a hand-written client still reads as cm.
  dimensionUnit: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.enum(DIMENSION_UNITS, { error: 'Dimension unit is required' }),
  ),
  length: numberAtLeast(1, 'Minimum length is 1', { max: 100000 }),
  width: numberAtLeast(1, 'Minimum width is 1', { max: 100000 }),
  height: numberAtLeast(1, 'Minimum height is 1', { max: 100000 }),
});

export type ShipmentInput = z.infer<typeof shipmentInputSchema>;
/** What the ship form holds before validation (numbers may be blank). @internal Used by the tests' factories. */
export type ShipmentFormValues = z.input<typeof shipmentInputSchema>;

export const SHIPMENT_TEXT_FIELDS = Object.keys(shipmentInputSchema.shape) as (keyof ShipmentInput)[];

interface FieldLimit {
  maxLength: number;
  tooLong: string;
}
const textField = (maxLength: number): FieldLimit => ({ maxLength, tooLong: tooLongMessage(maxLength) });
const numberField: FieldLimit = { maxLength: NUMBER_TEXT_MAX, tooLong: NUMBER_TEXT_TOO_LONG };

/**
 * How long each field of a submission may be, in characters, and what a longer one is told: what the
 * schema above refuses, so a server reading a form field by field can refuse it before keeping it
 * (with the message the schema would give).
 */
export const SHIPMENT_FIELD_LIMITS: Record<keyof ShipmentInput, FieldLimit> = {
  name: textField(TEXT_FIELD_MAX.name),
  email: textField(TEXT_FIELD_MAX.email),
  phone: textField(TEXT_FIELD_MAX.phone),
  pickupLocation: textField(TEXT_FIELD_MAX.pickupLocation),
  rname: textField(TEXT_FIELD_MAX.rname),
  remail: textField(TEXT_FIELD_MAX.remail),
  rphone: textField(TEXT_FIELD_MAX.rphone),
  destination: textField(TEXT_FIELD_MAX.destination),
  description: textField(TEXT_FIELD_MAX.description),
  quantity: numberField,
  weight: numberField,
  length: numberField,
  width: numberField,
  height: numberField,
  // "cm" or "in": the bound only leaves room for spaces around it.
  dimensionUnit: { maxLength: 16, tooLong: 'Dimension unit is required' },
};
