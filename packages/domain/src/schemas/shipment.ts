import { z } from 'zod';
import { DIMENSION_UNITS } from '../volume.ts';
import { LONG_TEXT_MAX, numberAtLeast, requiredEmail, requiredText } from './fields.ts';

/** The text fields of a package submission with the SPEC §5 messages (server and ship form). */
export const shipmentInputSchema = z.object({
  name: requiredText('Name is required'),
  email: requiredEmail('Email is required'),
  phone: requiredText('Phone number is required', 40),
  pickupLocation: requiredText('Pickup location is required', 500),
  rname: requiredText("Receiver's name is required"),
  remail: requiredEmail("Receiver's email is required"),
  rphone: requiredText("Receiver's phone number is required", 40),
  destination: requiredText('Destination is required', 500),
  description: requiredText('Package description is required', LONG_TEXT_MAX),
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
/** What the ship form holds before validation (numbers may be blank). */
export type ShipmentFormValues = z.input<typeof shipmentInputSchema>;

export const SHIPMENT_TEXT_FIELDS = Object.keys(shipmentInputSchema.shape) as (keyof ShipmentInput)[];
