import type { ImageStorage } from '../../storage/image-storage.ts';
import { THUMBNAIL_MAX_PX } from '../packages/images/image-processing.ts';
import { loadSharp } from '../packages/images/sharp.ts';
import type { PackageImageRow } from '../packages/package-reads.service.ts';
import type { InlineAttachment } from './mailer.ts';
import type { EmailImage } from './templates/index.ts';

/**
 * Largest thumbnail embedded as it is in a preview; a bigger one is re-encoded smaller first. The
 * pipeline's thumbnails (≤ 400 px WebP) weigh 10–60 KB, so this bounds the answer, not everyday use.
 */
export const MAX_PREVIEW_IMAGE_BYTES = 256 * 1024;

/** A thumbnail as WebP bytes within MAX_PREVIEW_IMAGE_BYTES. */
async function boundedThumbnail(bytes: Buffer): Promise<Buffer> {
  if (bytes.length <= MAX_PREVIEW_IMAGE_BYTES) return bytes;
  const sharp = await loadSharp();
  const smaller = await sharp(bytes)
    .resize({ width: THUMBNAIL_MAX_PX, height: THUMBNAIL_MAX_PX, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 50 })
    .toBuffer();
  if (smaller.length > MAX_PREVIEW_IMAGE_BYTES) throw new Error('the thumbnail stays too large to embed');
  return smaller;
}

/**
 * How the images appear in the composer's preview: each package image's thumbnail as a `data:` URI.
 * The preview is a sandboxed frame with an opaque origin, which `/uploads` (Cross-Origin-Resource-Policy
 * same-origin) rightly refuses, and a browser cannot resolve `cid:`. The display file is read too, so an
 * image the send would leave out (its file is missing) is left out of the preview as well.
 */
export async function previewImages(
  storage: ImageStorage,
  images: PackageImageRow[],
  log?: ImageLog,
): Promise<EmailImage[]> {
  const embedded = await Promise.all(
    images.map(async (image) => {
      try {
        const [, thumbnail] = await Promise.all([
          storage.read(image.storageKey),
          storage.read(image.thumbnailKey).then(boundedThumbnail),
        ]);
        return `data:image/webp;base64,${thumbnail.toString('base64')}`;
      } catch (error) {
        log?.warn(
          { imageId: image.id, storageKey: image.storageKey, reason: (error as Error).message },
          'package image left out of the e-mail preview: its file cannot be read',
        );
        return undefined;
      }
    }),
  );
  return embedded.filter((src) => src !== undefined).map((src, index) => ({ src, alt: `Package image ${index + 1}` }));
}

/** Where a skipped image is reported (the request's logger). */
export interface ImageLog {
  warn(details: object, message: string): void;
}

/** An image ready to travel: its row and its bytes as JPEG. */
export interface PreparedImage {
  image: PackageImageRow;
  jpeg: Buffer;
}

/**
 * Reads and converts each image. Stored images are WebP, which several desktop mail clients do not
 * display; JPEG shows everywhere. An image whose file is missing or unreadable is left out and logged:
 * the operator's message still goes, and the preview (built from the same list) shows the same images.
 */
export async function prepareImages(
  storage: ImageStorage,
  images: PackageImageRow[],
  log?: ImageLog,
): Promise<PreparedImage[]> {
  const prepared = await Promise.all(
    images.map(async (image) => {
      try {
        const sharp = await loadSharp();
        const jpeg = await sharp(await storage.read(image.storageKey))
          .jpeg({ quality: 82 })
          .toBuffer();
        return { image, jpeg };
      } catch (error) {
        log?.warn(
          { imageId: image.id, storageKey: image.storageKey, reason: (error as Error).message },
          'package image left out of the e-mail: its file cannot be read',
        );
        return undefined;
      }
    }),
  );
  return prepared.filter((entry) => entry !== undefined);
}

/** The prepared images as inline attachments and their `cid:` references. */
export function attachImages(prepared: PreparedImage[]): { attachments: InlineAttachment[]; references: EmailImage[] } {
  const attachments = prepared.map(({ image, jpeg }, index) => ({
    filename: `package-image-${index + 1}.jpg`,
    content: jpeg,
    contentType: 'image/jpeg',
    cid: `package-image-${index + 1}-${image.id}@waybill`,
  }));
  return {
    attachments,
    references: attachments.map((attachment, index) => ({
      src: `cid:${attachment.cid}`,
      alt: `Package image ${index + 1}`,
    })),
  };
}
