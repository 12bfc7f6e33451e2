// Proof-of-delivery images as the driver app stores them: photos shrunk to PHONE_PHOTO_MAX_PX, WebP at
// PHONE_PHOTO_QUALITY (the app shrinks what the camera gives before it waits in the outbox), made from
// 1,600 × 1,200 JPEGs of 200–400 KB like a phone's photo of a doorstep, and 600 × 200 px PNG signatures.
// Made with sharp once and kept in the system's temporary folder.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PHONE_PHOTO_MAX_PX, PHONE_PHOTO_QUALITY } from '@waybill/domain';
import sharp from 'sharp';

const FOLDER = path.join(tmpdir(), 'waybill-bench-road-photos-v1');
const WIDTH = 1600;
const HEIGHT = 1200;
/** What the app keeps of a 1,600 × 1,200 photo: PHONE_PHOTO_MAX_PX on the long edge, WebP at PHONE_PHOTO_QUALITY. */
const PHONE_WIDTH = PHONE_PHOTO_MAX_PX;
const PHONE_HEIGHT = Math.round((HEIGHT * PHONE_PHOTO_MAX_PX) / WIDTH);
const PHONE_QUALITY = Math.round(PHONE_PHOTO_QUALITY * 100);

/** A small, fast generator of the same bytes for the same seed. */
function random(seed: number): () => number {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
}

/**
 * Broad colour fields (a 40 × 30 random image enlarged smoothly) under a grain that varies with the
 * seed: the grain is what makes a phone's JPEG large, and it sets these between about 220 and 380 KB.
 */
async function makePhoto(seed: number): Promise<Buffer> {
  const next = random(seed);
  const small = Buffer.alloc(40 * 30 * 3);
  for (let index = 0; index < small.length; index++) small[index] = Math.floor(next() * 256);
  const pixels = await sharp(small, { raw: { width: 40, height: 30, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = 10 + (seed % 7) * 3;
  for (let index = 0; index < pixels.length; index++) {
    const value = pixels[index]! + (next() - 0.5) * grain;
    pixels[index] = Math.max(0, Math.min(255, value));
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A signature: one stroke on a transparent pad, as the app's signature pad exports it. */
function makeSignature(seed: number): Promise<Buffer> {
  const points = Array.from({ length: 24 }, (_, step) => {
    const x = 40 + step * 22;
    const y = 100 + Math.sin(step / 2 + seed) * 45;
    return `${x},${y.toFixed(1)}`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><polyline points="${points.join(' ')}" fill="none" stroke="#111" stroke-width="3"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function kept(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(FOLDER, name);
  try {
    return await readFile(file);
  } catch {
    const bytes = await make();
    await mkdir(FOLDER, { recursive: true });
    await writeFile(file, bytes);
    return bytes;
  }
}

/** How the photos are sized: as the app stores them, or as it stored them before (1,280 × 960 WebP at 70). */
export type PhotoSize = 'phone' | 'before';

/** The photos' size and quality, in words and in sharp's terms. */
export const PHOTO_SIZES: Record<PhotoSize, { words: string; width: number; height: number; quality: number }> = {
  phone: {
    words: `${PHONE_WIDTH} × ${PHONE_HEIGHT} WebP ${PHONE_QUALITY}`,
    width: PHONE_WIDTH,
    height: PHONE_HEIGHT,
    quality: PHONE_QUALITY,
  },
  before: { words: '1280 × 960 WebP 70', width: 1280, height: 960, quality: 70 },
};

/** `count` photos and signatures, made the first time and read from the temporary folder after. */
export async function proofImages(count: number, size: PhotoSize): Promise<{ photo: Buffer; signature: Buffer }[]> {
  const images: { photo: Buffer; signature: Buffer }[] = [];
  for (let index = 1; index <= count; index++) {
    const photo = await kept(`photo-${index}.jpg`, () => makePhoto(index));
    const { width, height, quality } = PHOTO_SIZES[size];
    images.push({
      photo: await kept(`photo-${index}-${width}-q${quality}.webp`, () =>
        sharp(photo).resize(width, height).webp({ quality }).toBuffer(),
      ),
      signature: await kept(`signature-${index}.png`, () => makeSignature(index)),
    });
  }
  return images;
}
