// What the phone does with a proof photo before it waits in the outbox: the pure part (sizes and the
// keep-as-is rule), apart from the browser's decoding and encoding so it can be tested anywhere.
import { PHONE_PHOTO_KEEP_BYTES, PHONE_PHOTO_MAX_PX } from '@waybill/domain';

/** What is known of a photo once decoded: its upright size, its type and its length in bytes. */
export interface PhotoFacts {
  width: number;
  height: number;
  type: string;
  bytes: number;
}

/** Keep the photo's own bytes, or draw it again at this size. */
export type PhotoPlan = { keep: true } | { keep: false; width: number; height: number };

/** The types a phone photo may stay in: what every browser shows and the server reads cheaply. */
const KEEPABLE_TYPES = new Set(['image/jpeg', 'image/webp']);

/** The size of width × height scaled to fit maxPx on its long edge, never enlarged, at least 1 × 1. */
export function fitWithin(width: number, height: number, maxPx: number): { width: number; height: number } {
  const scale = Math.min(1, maxPx / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether the photo is already what the phone would send: small enough, light enough, JPEG or WebP. */
export function canSendAsIs(photo: PhotoFacts, maxPx = PHONE_PHOTO_MAX_PX): boolean {
  return (
    Math.max(photo.width, photo.height) <= maxPx &&
    KEEPABLE_TYPES.has(photo.type) &&
    photo.bytes <= PHONE_PHOTO_KEEP_BYTES
  );
}

/** What to do with a decoded photo: keep it, or re-encode it at the size that fits. */
export function planPhonePhoto(photo: PhotoFacts, maxPx = PHONE_PHOTO_MAX_PX): PhotoPlan {
  if (canSendAsIs(photo, maxPx)) return { keep: true };
  return { keep: false, ...fitWithin(photo.width, photo.height, maxPx) };
}

/**
 * After re-encoding: a JPEG or WebP that already fitted is kept when the new bytes are no lighter (a
 * second lossy pass that saves nothing only loses detail).
 */
export function preferOriginal(photo: PhotoFacts, encodedBytes: number, maxPx = PHONE_PHOTO_MAX_PX): boolean {
  return Math.max(photo.width, photo.height) <= maxPx && KEEPABLE_TYPES.has(photo.type) && encodedBytes >= photo.bytes;
}
