import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { DIMENSION_UNITS } from '../volume.ts';
import { attentionReasonSchema } from './attention.ts';
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
import { PACKAGE_SUBMITTED, PHONE_REQUIRED } from './messages.ts';
import { receiverWire } from './wire-names.ts';

/** The most characters each text field of a submission holds (after trimming). */
const TEXT_FIELD_MAX = {
  name: TEXT_MAX,
  email: EMAIL_MAX,
  phone: 40,
  pickupLocation: 500,
  receiverName: TEXT_MAX,
  receiverEmail: EMAIL_MAX,
  receiverPhone: 40,
  destination: 500,
  description: LONG_TEXT_MAX,
} as const;

/** The fields of a package submission with the SPEC §5 messages, under the code's names. */
const packageDetailsShape = {
  name: requiredText('Name is required', TEXT_FIELD_MAX.name),
  email: requiredEmail('Email is required'),
  phone: requiredText(PHONE_REQUIRED, TEXT_FIELD_MAX.phone),
  pickupLocation: requiredText('Pickup location is required', TEXT_FIELD_MAX.pickupLocation),
  receiverName: requiredText("Receiver's name is required", TEXT_FIELD_MAX.receiverName),
  receiverEmail: requiredEmail("Receiver's email is required"),
  receiverPhone: requiredText("Receiver's phone number is required", TEXT_FIELD_MAX.receiverPhone),
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
};

/** A package's details as the ship form and the services hold them. */
export const packageDetailsSchema = z.object(packageDetailsShape);
export type PackageDetails = z.infer<typeof packageDetailsSchema>;

/** The same fields under SPEC §7's names, as POST /api/submit-package takes them (`rname`, …). */
export const packageFormInputSchema = z.object(receiverWire.toWire(packageDetailsShape));
export type PackageFormInput = z.infer<typeof packageFormInputSchema>;
/** What a submission's form holds before validation (numbers may be blank). @internal Used by the tests' factories. */
export type PackageFormValues = z.input<typeof packageFormInputSchema>;

/** Every field of a submission's form, under its SPEC §7 name, in the form's order. */
export const PACKAGE_TEXT_FIELDS = Object.keys(packageFormInputSchema.shape) as (keyof PackageFormInput)[];

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
export const PACKAGE_FIELD_LIMITS: Record<keyof PackageDetails, FieldLimit> = {
  name: textField(TEXT_FIELD_MAX.name),
  email: textField(TEXT_FIELD_MAX.email),
  phone: textField(TEXT_FIELD_MAX.phone),
  pickupLocation: textField(TEXT_FIELD_MAX.pickupLocation),
  receiverName: textField(TEXT_FIELD_MAX.receiverName),
  receiverEmail: textField(TEXT_FIELD_MAX.receiverEmail),
  receiverPhone: textField(TEXT_FIELD_MAX.receiverPhone),
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

/**
 * POST /api/submit-package as a multipart form: every field above as text under its SPEC §7 name, and
 * up to five `packageImages` files. The server reads the form part by part (each field held to its own
 * size as it arrives) and checks the fields with `packageFormInputSchema`; this schema describes the form.
 */
export const packageFormSchema = z.object({
  ...(Object.fromEntries(
    Object.entries(PACKAGE_FIELD_LIMITS).map(([field, { maxLength }]) => [
      receiverWire.wireName(field),
      z.string().max(maxLength),
    ]),
  ) as Record<keyof PackageFormInput, z.ZodString>),
  packageImages: z
    .array(z.file())
    .max(LIMITS.maxImages)
    .optional()
    .describe('Repeated file part: JPEG, PNG, WebP, AVIF or GIF (decided from the bytes), each at most 10 MB'),
});

/** The 201 answer of POST /api/submit-package. */
export const submittedPackageSchema = z.object({
  message: z.literal(PACKAGE_SUBMITTED),
  trackingCode: z.string(),
  status: z.string(),
  packageImages: z.array(z.string()).describe('Display-size image URLs'),
  textUpdates: z
    .enum(['sms', 'whatsapp'])
    .optional()
    .describe("Present only when the shipper's texts will come: the channel they go by"),
});
export type SubmittedPackage = z.infer<typeof submittedPackageSchema>;

/** A date-time as every answer writes it: UTC with milliseconds, as Date#toISOString does. */
const timestamp = () => z.iso.datetime();

/** A location update as the console sees it. */
export const locationUpdateViewSchema = z
  .object({ _id: z.string(), location: z.string(), timestamp: timestamp() })
  .meta({ id: 'LocationUpdate' });
export type LocationUpdateView = z.infer<typeof locationUpdateViewSchema>;

/** The ship form's fields as an answer repeats them, under the code's names. */
export const shipFormAnswerShape = {
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  pickupLocation: z.string(),
  receiverName: z.string(),
  receiverEmail: z.string(),
  receiverPhone: z.string(),
  destination: z.string(),
  description: z.string(),
  quantity: z.number(),
  weight: z.number(),
  dimensionUnit: z.enum(DIMENSION_UNITS),
  length: z.number(),
  width: z.number(),
  height: z.number(),
};

/** A package as the console reads it, under the code's names. */
const packageViewShape = {
  _id: z.string(),
  trackingCode: z.string(),
  status: z.string(),
  ...shipFormAnswerShape,
  packageImages: z.array(z.string()).describe('Display-size image URLs'),
  packageThumbnails: z.array(z.string()).describe('Thumbnail URLs, in the order of packageImages'),
  locationUpdates: z.array(locationUpdateViewSchema),
  estimatedDelivery: timestamp().nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  subscribers: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Addresses that confirmed e-mail updates (their number, never who); only in the details answer'),
  attention: z
    .array(attentionReasonSchema)
    .optional()
    .describe('Why the package needs attention; only in the list asked for attention=1'),
};

/** A package as the console API answers it (SPEC §3 field names: `rname`, `remail`, `rphone`). */
export const packageAnswerSchema = z.object(receiverWire.toWire(packageViewShape)).meta({ id: 'Package' });
export type PackageAnswer = z.infer<typeof packageAnswerSchema>;

/** The console API's package read into the code's names (what the console's screens hold). */
export const packageViewSchema = packageAnswerSchema.transform((answer) => receiverWire.fromWire(answer));
export type PackageView = z.output<typeof packageViewSchema>;
