import { LIMITS } from '@waybill/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface PickedImage {
  id: number;
  file: File;
  /** Object URL of the preview; revoked when the image is removed or the form is cleared. */
  url: string;
}

export const TOO_MANY_IMAGES = `You can add at most ${LIMITS.maxImages} images. Remove one to add another.`;

/**
 * The images chosen on the ship form with their preview URLs. Object URLs are created in event
 * handlers (never during render, which also runs at prerender time) and revoked as images leave.
 */
export function usePickedImages() {
  const [images, setImages] = useState<PickedImage[]>([]);
  const nextId = useRef(1);
  const latest = useRef(images);

  useEffect(() => () => revokeAll(latest.current), []);

  /** Adds files up to the limit; returns the refusal message when some did not fit. */
  const addImages = useCallback((files: readonly File[]): string | null => {
    const room = LIMITS.maxImages - latest.current.length;
    const accepted = files.slice(0, Math.max(room, 0)).map((file) => ({
      id: nextId.current++,
      file,
      url: URL.createObjectURL(file),
    }));
    if (accepted.length > 0) {
      latest.current = [...latest.current, ...accepted];
      setImages(latest.current);
    }
    return accepted.length < files.length ? TOO_MANY_IMAGES : null;
  }, []);

  const removeImage = useCallback((id: number) => {
    const removed = latest.current.find((image) => image.id === id);
    if (!removed) return;
    URL.revokeObjectURL(removed.url);
    latest.current = latest.current.filter((image) => image.id !== id);
    setImages(latest.current);
  }, []);

  const clearImages = useCallback(() => {
    revokeAll(latest.current);
    latest.current = [];
    setImages([]);
  }, []);

  return { images, addImages, removeImage, clearImages };
}

function revokeAll(images: readonly PickedImage[]): void {
  for (const image of images) URL.revokeObjectURL(image.url);
}
