import { randomUUID } from 'node:crypto';
import { SIGNATURE_NOT_A_PNG, SIGNATURE_TOO_MANY_PIXELS } from '@waybill/domain';
import { AppError } from '../../../errors.ts';
import type { ImageStorage } from '../../../storage/image-storage.ts';
import { deleteStoredImages, storeImages } from '../images/image-processing.ts';
import { loadSharp } from '../images/sharp.ts';
import type { ReceivedFile } from '../submission/multipart-submission.ts';

/**
 * Proof images are named with a second dot (`{uuid}.proof.webp`, `{uuid}.signature.png`), which the
 * name check of `/uploads/{file}` never serves: a proof is reachable only through the operators'
 * route, so a leaked or forwarded address shows nobody a receiver's face or signature.
 */
const proofPhotoNames = (id: string) => ({ storageKey: `${id}.proof.webp`, thumbnailKey: `${id}-thumb.proof.webp` });

/** Every name a proof's image may have, and its half-written twin on the local disk (for the sweep). */
export const PROOF_FILE =
  /^\.?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-thumb\.proof\.webp|\.proof\.webp|\.signature\.png)(?:\.partial)?$/;

/** A drawn signature has no need for more pixels than a large screen holds. */
const SIGNATURE_MAX_PIXELS = 4096 * 4096;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface StoredProofImages {
  photoKey: string | null;
  photoThumbnailKey: string | null;
  signatureKey: string | null;
}

export const proofImageKeys = (images: StoredProofImages) =>
  [images.photoKey, images.photoThumbnailKey, images.signatureKey].filter((key) => key !== null);

/**
 * Removes the files of a proof that a committed change replaced or ended. False when one could not be
 * removed: the crash-leftover sweep at the next start removes it, as nothing names it any more.
 */
export async function removeFormerProofFiles(keys: string[], storage: ImageStorage): Promise<boolean> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  return results.every((result) => result.status === 'fulfilled');
}

/**
 * Checks that a signature is a PNG by its bytes and its header, then re-encodes it on white (no
 * metadata, no transparency that a dark page or a mail client would show as black on black).
 */
async function renderSignature(bytes: Buffer): Promise<Buffer> {
  if (!bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) throw new AppError(400, SIGNATURE_NOT_A_PNG);
  const sharp = await loadSharp();
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (metadata.format !== 'png') throw new AppError(400, SIGNATURE_NOT_A_PNG);
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > SIGNATURE_MAX_PIXELS) {
      throw new AppError(400, SIGNATURE_TOO_MANY_PIXELS);
    }
    return await sharp(bytes, { limitInputPixels: SIGNATURE_MAX_PIXELS })
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, SIGNATURE_NOT_A_PNG);
  }
}

/**
 * Stores a proof's photo through the submission pipeline (WebP, orientation applied, metadata dropped,
 * display size and thumbnail) and its signature as a clean PNG. Everything is checked before anything
 * is written, and whatever was written is removed again on a failure.
 */
export async function storeProofImages(
  files: { photo?: ReceivedFile; signature?: { bytes: Buffer } },
  storage: ImageStorage,
): Promise<StoredProofImages> {
  const signature = files.signature ? await renderSignature(files.signature.bytes) : undefined;
  const [photo] = files.photo ? await storeImages([files.photo], storage, proofPhotoNames) : [];
  const stored: StoredProofImages = {
    photoKey: photo?.storageKey ?? null,
    photoThumbnailKey: photo?.thumbnailKey ?? null,
    signatureKey: null,
  };
  if (!signature) return stored;
  const signatureKey = `${randomUUID()}.signature.png`;
  try {
    await storage.put(signatureKey, signature, 'image/png');
  } catch (error) {
    await removeProofImages(stored, storage);
    throw error;
  }
  return { ...stored, signatureKey };
}

export async function removeProofImages(images: StoredProofImages, storage: ImageStorage): Promise<void> {
  if (images.photoKey && images.photoThumbnailKey) {
    await deleteStoredImages(
      [{ storageKey: images.photoKey, thumbnailKey: images.photoThumbnailKey, width: 0, height: 0 }],
      storage,
    );
  }
  if (images.signatureKey) await storage.delete(images.signatureKey).catch(() => undefined);
}
