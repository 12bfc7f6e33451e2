import { randomUUID } from 'node:crypto';
import { notASupportedImage } from '@waybill/domain';
import type { Metadata } from 'sharp';
import { AppError } from '../../../errors.ts';
import type { ImageStorage } from '../../../storage/image-storage.ts';
import type { ReceivedFile } from '../submission/multipart-submission.ts';
import { loadSharp } from './sharp.ts';

/** Larger images are refused before decoding: a small file can expand to gigabytes of pixels. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const DISPLAY_MAX_PX = 1600;
export const THUMBNAIL_MAX_PX = 400;

const SUPPORTED = 'JPEG, PNG, WebP, AVIF or GIF';

export interface StoredImage {
  storageKey: string;
  thumbnailKey: string;
  width: number;
  height: number;
}

function unsupported(file: ReceivedFile): AppError {
  return new AppError(400, notASupportedImage(file.filename, SUPPORTED));
}

/** The format sharp reads from the bytes; the name and the declared type are not trusted. */
async function detectFormat(file: ReceivedFile): Promise<void> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // Reading the header decodes no pixels, so the size can be checked here with a clear message.
    metadata = await sharp(file.path, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported(file);
  }
  const isAvif = metadata.format === 'heif' && metadata.compression === 'av1';
  if (!['jpeg', 'png', 'webp', 'gif'].includes(metadata.format ?? '') && !isAvif) throw unsupported(file);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new AppError(
      400,
      `${file.filename} has too many pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`,
    );
  }
}

/**
 * Decodes and re-encodes an image as WebP at display and thumbnail size. `.rotate()` applies the
 * EXIF orientation; re-encoding drops EXIF, GPS and any bytes hidden after the image.
 */
async function renderImage(file: ReceivedFile) {
  const sharp = await loadSharp();
  const source = sharp(file.path, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const fit = (size: number) => ({ width: size, height: size, fit: 'inside' as const, withoutEnlargement: true });
  try {
    const [display, thumbnail] = await Promise.all([
      source.clone().resize(fit(DISPLAY_MAX_PX)).webp({ quality: 82 }).toBuffer({ resolveWithObject: true }),
      source.clone().resize(fit(THUMBNAIL_MAX_PX)).webp({ quality: 75 }).toBuffer(),
    ]);
    return { display, thumbnail };
  } catch {
    throw unsupported(file);
  }
}

/** The names of a package's images, which `/uploads/{file}` serves. */
const publicImageNames = (id: string) => ({ storageKey: `${id}.webp`, thumbnailKey: `${id}-thumb.webp` });

/**
 * Checks every file first, then renders and stores them under `naming`'s keys. On any failure the
 * images already stored are deleted, so a rejected submission leaves nothing behind.
 */
export async function storeImages(
  files: ReceivedFile[],
  storage: ImageStorage,
  naming: (id: string) => { storageKey: string; thumbnailKey: string } = publicImageNames,
): Promise<StoredImage[]> {
  for (const file of files) await detectFormat(file);
  const stored: StoredImage[] = [];
  try {
    for (const file of files) {
      const { display, thumbnail } = await renderImage(file);
      const id = randomUUID();
      const image = {
        ...naming(id),
        width: display.info.width,
        height: display.info.height,
      };
      await storage.put(image.storageKey, display.data, 'image/webp');
      stored.push(image);
      await storage.put(image.thumbnailKey, thumbnail, 'image/webp');
    }
    return stored;
  } catch (error) {
    await deleteStoredImages(stored, storage);
    throw error;
  }
}

export async function deleteStoredImages(images: StoredImage[], storage: ImageStorage): Promise<void> {
  await Promise.allSettled(
    images.flatMap((image) => [storage.delete(image.storageKey), storage.delete(image.thumbnailKey)]),
  );
}
