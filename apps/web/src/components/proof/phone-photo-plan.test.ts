import { PHONE_PHOTO_KEEP_BYTES, PHONE_PHOTO_MAX_PX } from '@waybill/domain';
import { describe, expect, it } from 'vitest';
import { canSendAsIs, fitWithin, planPhonePhoto, preferOriginal } from './phone-photo-plan.ts';

const camera = { width: 4000, height: 3000, type: 'image/jpeg', bytes: 4_200_000 };

describe('the size a phone photo travels at', () => {
  it('scales a camera photo to 960 px on its long edge, keeping its shape', () => {
    expect(PHONE_PHOTO_MAX_PX).toBe(960);
    expect(fitWithin(4000, 3000, PHONE_PHOTO_MAX_PX)).toEqual({ width: 960, height: 720 });
    expect(fitWithin(3000, 4000, PHONE_PHOTO_MAX_PX)).toEqual({ width: 720, height: 960 });
    expect(fitWithin(1600, 1200, PHONE_PHOTO_MAX_PX)).toEqual({ width: 960, height: 720 });
    expect(fitWithin(4032, 1816, PHONE_PHOTO_MAX_PX)).toEqual({ width: 960, height: 432 });
  });

  it('never enlarges a small photo, and never rounds a side to nothing', () => {
    expect(fitWithin(640, 480, PHONE_PHOTO_MAX_PX)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(960, 960, PHONE_PHOTO_MAX_PX)).toEqual({ width: 960, height: 960 });
    expect(fitWithin(20000, 10, PHONE_PHOTO_MAX_PX)).toEqual({ width: 960, height: 1 });
  });
});

describe('which photos are kept as they are', () => {
  it('keeps a small, light JPEG or WebP', () => {
    const small = { width: 960, height: 720, type: 'image/jpeg', bytes: PHONE_PHOTO_KEEP_BYTES };
    expect(canSendAsIs(small)).toBe(true);
    expect(planPhonePhoto({ ...small, type: 'image/webp' })).toEqual({ keep: true });
  });

  it('re-encodes one too large, too heavy, or of another type', () => {
    expect(planPhonePhoto(camera)).toEqual({ keep: false, width: 960, height: 720 });
    expect(planPhonePhoto({ width: 961, height: 10, type: 'image/webp', bytes: 1000 })).toEqual({
      keep: false,
      width: 960,
      height: 10,
    });
    // Within the size but heavy: re-encoded at its own size.
    expect(planPhonePhoto({ width: 900, height: 675, type: 'image/jpeg', bytes: PHONE_PHOTO_KEEP_BYTES + 1 })).toEqual({
      keep: false,
      width: 900,
      height: 675,
    });
    // A PNG, an AVIF, or a file the phone did not type: re-encoded however light.
    for (const type of ['image/png', 'image/avif', 'image/heic', '']) {
      expect(planPhonePhoto({ width: 1, height: 1, type, bytes: 70 })).toEqual({ keep: false, width: 1, height: 1 });
    }
  });

  it('keeps a JPEG or WebP that fitted when re-encoding saves nothing', () => {
    const fitted = { width: 900, height: 675, type: 'image/jpeg', bytes: 300_000 };
    expect(preferOriginal(fitted, 300_000)).toBe(true);
    expect(preferOriginal(fitted, 120_000)).toBe(false);
    // A camera photo is always sent shrunk, and a PNG is never kept for being small.
    expect(preferOriginal(camera, 5_000_000)).toBe(false);
    expect(preferOriginal({ ...fitted, type: 'image/png' }, 400_000)).toBe(false);
  });
});
