import { Checkbox, Group } from '@mantine/core';
import { LIMITS } from '@waybill/domain';
import { Controller } from 'react-hook-form';
import { NumberField } from '../../../components/number-field/number-field.tsx';
import { showsImageCount } from '../composer-values.ts';
import type { ComposerForm } from './composer-form.ts';

/** Include package images, and the image count (1–10) only while it is ticked. */
export function ImageOptions({ form }: { form: ComposerForm }) {
  const includeImages = form.watch('includeImages');
  return (
    <Group align="flex-end" gap="lg" wrap="wrap">
      <Checkbox
        label="Include package images"
        description="The images of the package with this tracking code travel with the e-mail."
        {...form.register('includeImages')}
      />
      {showsImageCount({ includeImages }) && (
        <Controller
          control={form.control}
          name="imageCount"
          render={({ field, fieldState }) => (
            <NumberField
              label="Image Count"
              w={140}
              min={LIMITS.emailImageCountMin}
              max={LIMITS.emailImageCountMax}
              step={1}
              wholeNumbers
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
    </Group>
  );
}
