import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { ComposerForm } from './composer-form.ts';

/** Greeting, message and signature; the message is required on the simple tab (SPEC §5). */
export function MessageFields({ form, messageRequired }: { form: ComposerForm; messageRequired: boolean }) {
  const { errors } = form.formState;
  return (
    <>
      <TextInput
        label="Greeting"
        autoComplete="off"
        error={errors.customGreeting?.message}
        {...form.register('customGreeting')}
      />
      <Textarea
        label="Message"
        required={messageRequired}
        autosize
        minRows={4}
        maxRows={14}
        error={errors.customMessage?.message}
        {...form.register('customMessage')}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Textarea
          label="Signature"
          autosize
          minRows={2}
          maxRows={4}
          error={errors.customSignature?.message}
          {...form.register('customSignature')}
        />
      </SimpleGrid>
    </>
  );
}
