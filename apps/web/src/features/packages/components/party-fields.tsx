import { Fieldset, SimpleGrid, TextInput } from '@mantine/core';
import type { ShipForm } from '../ship-form-values.ts';

type TextField = 'name' | 'email' | 'phone' | 'pickupLocation' | 'rname' | 'remail' | 'rphone' | 'destination';

interface FieldConfig {
  field: TextField;
  label: string;
  type?: 'email' | 'tel';
  autoComplete?: string;
}

const SHIPPER_FIELDS: FieldConfig[] = [
  { field: 'name', label: 'Name', autoComplete: 'name' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { field: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { field: 'pickupLocation', label: 'Pickup Location', autoComplete: 'street-address' },
];

// The receiver is someone else: the browser must not fill in the shipper's own details here.
const RECEIVER_FIELDS: FieldConfig[] = [
  { field: 'rname', label: "Receiver's Name", autoComplete: 'off' },
  { field: 'remail', label: "Receiver's Email", type: 'email', autoComplete: 'off' },
  { field: 'rphone', label: "Receiver's Phone", type: 'tel', autoComplete: 'off' },
  { field: 'destination', label: 'Destination', autoComplete: 'off' },
];

interface PartyFieldsProps {
  form: ShipForm;
}

/** Shipper and receiver side by side from the `sm` breakpoint, stacked below it. */
export function PartyFields({ form }: PartyFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <PartyFieldset legend="Shipper" fields={SHIPPER_FIELDS} form={form} />
      <PartyFieldset legend="Receiver" fields={RECEIVER_FIELDS} form={form} />
    </SimpleGrid>
  );
}

function PartyFieldset({ legend, fields, form }: PartyFieldsProps & { legend: string; fields: FieldConfig[] }) {
  const { errors } = form.formState;
  return (
    <Fieldset legend={legend}>
      {fields.map(({ field, label, type, autoComplete }) => (
        <TextInput
          key={field}
          mb="sm"
          label={label}
          type={type}
          autoComplete={autoComplete}
          required
          error={errors[field]?.message}
          {...form.register(field)}
        />
      ))}
    </Fieldset>
  );
}
