import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { ContactDetailsInput, SavedContactDetails } from '@waybill/domain';
import { useForm } from 'react-hook-form';
import { type ContactFormValues, contactFormResolver, toContactFormValues } from '../contact-form-values.ts';
import { useSaveContactDetails } from '../hooks/use-save-contact-details.ts';
import { AddressLinesField } from './address-lines-field.tsx';

export interface ContactDetailsFormProps {
  /** The saved record (update mode), or null (create mode). */
  details: SavedContactDetails | null;
  onSaved: () => Promise<unknown>;
  /** Called after a successful save: the modal closes (SPEC §8). */
  onDone: () => void;
  onCancel: () => void;
}

const TOP_FIELDS = ['phone', 'email', 'watsapp'] as const;

/** Phone, e-mail, WhatsApp link and address lines, saved with POST /api/details or PUT /api/details/{id}. */
export function ContactDetailsForm({ details, onSaved, onDone, onCancel }: ContactDetailsFormProps) {
  const form = useForm<ContactFormValues, unknown, ContactDetailsInput>({
    resolver: contactFormResolver,
    defaultValues: toContactFormValues(details),
  });
  const { saveContactDetails, updating, saving } = useSaveContactDetails({
    details,
    onSaved,
    onFieldErrors: (errors) => {
      for (const field of TOP_FIELDS) {
        if (errors[field]) form.setError(field, { type: 'server', message: errors[field] });
      }
    },
  });
  const { errors } = form.formState;
  const busy = form.formState.isSubmitting || saving;

  async function submit(input: ContactDetailsInput) {
    if (await saveContactDetails(input)) onDone();
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      aria-label={updating ? 'Edit contact details' : 'Add contact details'}
    >
      <Stack gap="md">
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="tel"
          maxLength={40}
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={254}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextInput
          label="WhatsApp link"
          type="url"
          placeholder="https://wa.me/15550100"
          description="Opens the chat from the floating WhatsApp button on every page."
          maxLength={500}
          error={errors.watsapp?.message}
          {...form.register('watsapp')}
        />
        <AddressLinesField form={form} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {updating ? 'Update Details' : 'Save Details'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
