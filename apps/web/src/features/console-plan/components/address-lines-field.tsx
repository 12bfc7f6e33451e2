import { ActionIcon, Button, Fieldset, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ContactDetailsInput } from '@waybill/domain';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { type ContactFormValues, MAX_ADDRESS_LINES } from '../contact-form-values.ts';

type ContactForm = UseFormReturn<ContactFormValues, unknown, ContactDetailsInput>;

/**
 * The address as a list of lines: add one, remove any, but at least one always stays (SPEC §5), so the
 * remove buttons are hidden while a single line is left.
 */
export function AddressLinesField({ form }: { form: ContactForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'address' });
  const errors = form.formState.errors.address;
  const removable = fields.length > 1;
  return (
    <Fieldset
      // Styled as the other fields' labels, so the group reads as one more field.
      legend={<Input.Label component="span">Address</Input.Label>}
      variant="unstyled"
      styles={{ legend: { padding: 0 } }}
    >
      <Text size="xs" c="dimmed">
        One line each: street, city, postcode, country. Blank lines are left out.
      </Text>
      <Stack gap="xs" mt="xs">
        {fields.map((field, index) => (
          <Group key={field.id} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              style={{ flex: 1 }}
              label={`Address line ${index + 1}`}
              maxLength={200}
              error={errors?.[index]?.line?.message}
              {...form.register(`address.${index}.line`)}
            />
            {removable ? (
              <ActionIcon
                variant="subtle"
                color="red"
                size="input-sm"
                mt={25}
                aria-label={`Remove address line ${index + 1}`}
                onClick={() => remove(index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            ) : null}
          </Group>
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          w="fit-content"
          disabled={fields.length >= MAX_ADDRESS_LINES}
          onClick={() => append({ line: '' }, { shouldFocus: true })}
        >
          Add address line
        </Button>
      </Stack>
    </Fieldset>
  );
}
