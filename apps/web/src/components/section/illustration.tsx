import { Image } from '@mantine/core';

interface IllustrationProps {
  /** The drawing rendered 480 px wide (phones) and 960 px wide (desktop columns, 2x phones). */
  small: string;
  large: string;
  alt: string;
  /** How wide the image is shown, for the browser to pick a file. */
  sizes: string;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
}

/**
 * A page illustration in WebP at the size it is shown. Width and height give the 3:2 box before the
 * file arrives, so nothing below it moves.
 */
export function Illustration({ small, large, alt, sizes, eager }: IllustrationProps) {
  return (
    <Image
      src={large}
      srcSet={`${small} 480w, ${large} 960w`}
      sizes={sizes}
      width={960}
      height={640}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      radius="lg"
      w="100%"
      h="auto"
      style={{ aspectRatio: '3 / 2' }}
    />
  );
}
