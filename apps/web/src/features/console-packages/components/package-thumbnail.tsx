import { Center, Image } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';

interface PackageThumbnailProps {
  /** The 400-px thumbnail of the first image, if the package has one. */
  src: string | undefined;
  alt: string;
  height: number;
}

/** The first image of a package, cropped to the card; a package icon when there is none. */
export function PackageThumbnail({ src, alt, height }: PackageThumbnailProps) {
  if (!src) {
    return (
      <Center h={height} bg="var(--mantine-color-default-hover)" c="dimmed" aria-hidden>
        <IconPackage size={48} stroke={1.2} />
      </Center>
    );
  }
  // Width and height reserve the space before the image arrives; lazy keeps off-screen cards free.
  return (
    <Image src={src} alt={alt} width={400} height={height} h={height} fit="cover" loading="lazy" decoding="async" />
  );
}
