import { z } from 'zod';
import { trackingCodeSchema } from './admin.ts';
import { requiredText } from './fields.ts';

export const RECEIVED_BY_MAX = 100;
export const RECEIVED_BY_REQUIRED = 'Enter who received the package';
export const RECEIVED_BY_CONTROL = 'Received by cannot contain control characters';
/** A drawn signature is a few KB of PNG; this leaves room for a large screen and a shaky hand. */
export const SIGNATURE_MAX_BYTES = 512 * 1024;

/**
 * The driver app shrinks a proof photo on the phone before it waits in the outbox: at most 960 px on its
 * long edge, re-encoded as WebP (JPEG where the browser cannot write WebP) at this quality. Why 960 and
 * 0.5: a proof shows a parcel at a door, its house number and who took it, which stay legible at 960 ×
 * 720; and a photo of ~35–50 KB instead of 3–5 MB is what lets a day's 40 deliveries leave a phone on
 * slow 4G (750 Kbps up) in about 20 s: at 1280 px and 0.7 they were ~70–100 KB and took 34 s.
 */
export const PHONE_PHOTO_MAX_PX = 960;
/** The WebP (or JPEG) quality, 0–1, the phone encodes a shrunk proof photo at. */
export const PHONE_PHOTO_QUALITY = 0.5;
/** A JPEG or WebP within PHONE_PHOTO_MAX_PX and at most this size is sent as it is: re-encoding would gain little. */
export const PHONE_PHOTO_KEEP_BYTES = 64 * 1024;

/** The form fields of a proof of delivery, and the names its files travel under. */
export const DELIVERY_PROOF_FILES = { photo: 'photo', signature: 'signature' } as const;

/** C0 and C1 controls and DEL: a name never holds them, and a mail header or a page must not either. */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** Who took the package, as they said their name: trimmed, 1–100 characters, no control characters. */
export const receivedBySchema = requiredText(RECEIVED_BY_REQUIRED, RECEIVED_BY_MAX).refine(
  (text) => !hasControlCharacter(text),
  { error: RECEIVED_BY_CONTROL },
);

/** The text fields of POST /api/admin/proof-of-delivery. */
export const deliveryProofFieldsSchema = z.object({
  trackingCode: trackingCodeSchema,
  receivedBy: receivedBySchema,
});
export type DeliveryProofFields = z.infer<typeof deliveryProofFieldsSchema>;

/** The multipart form as the API description shows it (the handler reads the parts itself). */
export const deliveryProofFormSchema = z.object({
  trackingCode: z.string(),
  receivedBy: z.string().max(RECEIVED_BY_MAX),
  photo: z
    .file()
    .optional()
    .describe('A photo of the hand-over: JPEG, PNG, WebP, AVIF or GIF (decided from the bytes), at most 10 MB'),
  signature: z.file().optional().describe('The signature drawn on the screen: a PNG of at most 512 KB'),
});

/** Which proof image an operator asks for. */
export const PROOF_IMAGE_KINDS = ['photo', 'thumbnail', 'signature'] as const;
export type ProofImageKind = (typeof PROOF_IMAGE_KINDS)[number];

export const proofImageParamsSchema = z.object({
  trackingCode: trackingCodeSchema,
  kind: z.enum(PROOF_IMAGE_KINDS, { error: 'Ask for photo, thumbnail or signature' }),
});

/**
 * A package's proof of delivery as operators see it. The images are addresses of the console's own
 * route (a session is needed), never of /uploads; null when none was taken.
 */
export const deliveryProofSchema = z
  .object({
    trackingCode: z.string(),
    receivedBy: z.string(),
    deliveredAt: z.iso.datetime(),
    photoUrl: z.string().nullable(),
    photoThumbnailUrl: z.string().nullable(),
    signatureUrl: z.string().nullable(),
  })
  .meta({ id: 'DeliveryProof' });
export type DeliveryProof = z.infer<typeof deliveryProofSchema>;
