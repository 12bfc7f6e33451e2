// Shrinking a proof photo on the phone: decoded upright (EXIF orientation applied), scaled by the browser's
// image decoder where it can (createImageBitmap with a resize, off the main thread), and encoded by an
// OffscreenCanvas where there is one, a page canvas otherwise.
import { PHONE_PHOTO_MAX_PX, PHONE_PHOTO_QUALITY } from '@waybill/domain';
import { type PhotoFacts, planPhonePhoto, preferOriginal } from './phone-photo-plan.ts';

type Drawable = ImageBitmap | HTMLCanvasElement | HTMLVideoElement;

/** A canvas's pixels as WebP, or as JPEG where the browser writes only PNG for WebP (Safari). */
async function encode(canvas: OffscreenCanvas | HTMLCanvasElement, quality: number): Promise<Blob | null> {
  const toBlob = (type: string): Promise<Blob | null> =>
    'convertToBlob' in canvas
      ? canvas.convertToBlob({ type, quality })
      : new Promise((resolve) => canvas.toBlob(resolve, type, quality));
  const webp = await toBlob('image/webp');
  if (webp?.type === 'image/webp') return webp;
  return toBlob('image/jpeg');
}

/** Draws the source at width × height and encodes it; null when the browser has no 2D canvas. */
export async function encodePhoto(
  source: Drawable,
  width: number,
  height: number,
  quality = PHONE_PHOTO_QUALITY,
): Promise<Blob | null> {
  const canvas =
    typeof OffscreenCanvas === 'function'
      ? new OffscreenCanvas(width, height)
      : Object.assign(document.createElement('canvas'), { width, height });
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  return encode(canvas, quality);
}

/** A bitmap scaled by the decoder; a browser without the resize options gives it back at full size. */
async function resized(bitmap: ImageBitmap, width: number, height: number): Promise<ImageBitmap | null> {
  try {
    const scaled = await createImageBitmap(bitmap, { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' });
    return scaled;
  } catch {
    return null;
  }
}

/**
 * The photo as the phone should keep and send it: at most PHONE_PHOTO_MAX_PX on its long edge, WebP (or
 * JPEG), upright. A photo already small and light is kept as it is; one the browser cannot decode (not an
 * image at all) too, so the server refuses it with its own message as before.
 */
export async function shrinkPhoto(photo: Blob, maxPx = PHONE_PHOTO_MAX_PX): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return photo;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  } catch {
    return photo;
  }
  const facts: PhotoFacts = { width: bitmap.width, height: bitmap.height, type: photo.type, bytes: photo.size };
  try {
    const plan = planPhonePhoto(facts, maxPx);
    if (plan.keep) return photo;
    const scaled =
      plan.width === bitmap.width && plan.height === bitmap.height
        ? null
        : await resized(bitmap, plan.width, plan.height);
    const encoded = await encodePhoto(scaled ?? bitmap, plan.width, plan.height);
    scaled?.close();
    if (!encoded || preferOriginal(facts, encoded.size, maxPx)) return photo;
    return encoded;
  } catch {
    return photo;
  } finally {
    bitmap.close();
  }
}
