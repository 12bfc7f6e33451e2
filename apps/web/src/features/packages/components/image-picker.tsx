import { CloseButton, Group, Image, Input, Paper, SimpleGrid, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhoto } from '@tabler/icons-react';
import { LIMITS } from '@waybill/domain';
import type { PickedImage } from '../hooks/use-picked-images.ts';

/** The image types the server accepts (it checks the bytes again). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'];

const MAX_MEGABYTES = LIMITS.maxImageBytes / (1024 * 1024);
const PICKER_LABEL = `Package images (Max ${LIMITS.maxImages})`;
const PICKER_INPUT_ID = 'package-images';
const PICKER_HINT_ID = 'package-images-hint';
const PICKER_ERROR_ID = 'package-images-error';

interface ImagePickerProps {
  images: readonly PickedImage[];
  error: string | null;
  onAdd: (files: File[]) => void;
  onReject: (message: string) => void;
  onRemove: (id: number) => void;
}

/** Drop zone or file picker for up to five images, with a preview and a remove button for each. */
export function ImagePicker({ images, error, onAdd, onReject, onRemove }: ImagePickerProps) {
  return (
    <Input.Wrapper
      id={PICKER_INPUT_ID}
      label={PICKER_LABEL}
      description={`JPEG, PNG, WebP, AVIF or GIF, up to ${MAX_MEGABYTES} MB each. Optional.`}
      error={error}
      // The wrapper does not reach the dropzone's hidden input, so the input takes its id and hint ids here.
      descriptionProps={{ id: PICKER_HINT_ID }}
      errorProps={{ id: PICKER_ERROR_ID, role: 'alert' }}
    >
      <Dropzone
        mt="xs"
        accept={ACCEPTED_IMAGE_TYPES}
        maxSize={LIMITS.maxImageBytes}
        onDrop={onAdd}
        onReject={(rejections) => onReject(describeRejections(rejections))}
        inputProps={{
          id: PICKER_INPUT_ID,
          'aria-describedby': error ? `${PICKER_HINT_ID} ${PICKER_ERROR_ID}` : PICKER_HINT_ID,
        }}
      >
        <Group justify="center" gap="sm" mih={80} style={{ pointerEvents: 'none' }}>
          <IconPhoto size={32} stroke={1.5} aria-hidden />
          <Text size="sm">Drag images here or click to choose files</Text>
        </Group>
      </Dropzone>
      {images.length > 0 && (
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} mt="sm">
          {images.map((image, index) => (
            <Paper key={image.id} withBorder radius="md" pos="relative" style={{ overflow: 'hidden' }}>
              <Image src={image.url} alt={`Image ${index + 1}: ${image.file.name}`} h={100} fit="cover" />
              <CloseButton
                pos="absolute"
                top={4}
                right={4}
                variant="filled"
                size="sm"
                aria-label={`Remove image ${index + 1}`}
                onClick={() => onRemove(image.id)}
              />
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Input.Wrapper>
  );
}

/** One sentence per refused file: wrong type or too large. */
export function describeRejections(rejections: readonly FileRejection[]): string {
  return rejections
    .map(({ file, errors }) =>
      errors.some((error) => error.code === 'file-too-large')
        ? `${file.name} is larger than ${MAX_MEGABYTES} MB.`
        : `${file.name} is not a supported image (JPEG, PNG, WebP, AVIF or GIF).`,
    )
    .join(' ');
}
