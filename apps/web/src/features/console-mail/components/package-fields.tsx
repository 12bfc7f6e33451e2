import { Fieldset, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { ComposerValues } from '../composer-values.ts';
import type { ComposerForm } from './composer-form.ts';

type PartyField =
  | 'shipperName'
  | 'shipperPhone'
  | 'shipperAddress'
  | 'shipperEmail'
  | 'receiverName'
  | 'receiverPhone'
  | 'receiverAddress'
  | 'receiverEmail';

interface FieldConfig {
  field: PartyField;
  label: string;
  type?: 'email' | 'tel';
}

const SHIPPER: FieldConfig[] = [
  { field: 'shipperName', label: 'Shipper Name' },
  { field: 'shipperPhone', label: 'Shipper Phone', type: 'tel' },
  { field: 'shipperAddress', label: 'Shipper Address' },
  { field: 'shipperEmail', label: 'Shipper Email', type: 'email' },
];

const RECEIVER: FieldConfig[] = [
  { field: 'receiverName', label: 'Receiver Name' },
  { field: 'receiverPhone', label: 'Receiver Phone', type: 'tel' },
  { field: 'receiverAddress', label: 'Receiver Address' },
  { field: 'receiverEmail', label: 'Receiver Email', type: 'email' },
];

function PartyFieldset({ legend, fields, form }: { legend: string; fields: FieldConfig[]; form: ComposerForm }) {
  const { errors } = form.formState;
  return (
    <Fieldset legend={legend}>
      {fields.map(({ field, label, type }) => (
        <TextInput
          key={field}
          mb="sm"
          label={label}
          type={type}
          // Someone else's details: the browser must not offer the operator's own.
          autoComplete="off"
          error={errors[field]?.message}
          {...form.register(field)}
        />
      ))}
    </Fieldset>
  );
}

/** The package summary of the Package Notification e-mail: both parties, description and tracking code. */
export function PackageFields({ form }: { form: ComposerForm }) {
  const { errors } = form.formState;
  const text = (field: keyof ComposerValues) => ({ error: errors[field]?.message, ...form.register(field) });
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PartyFieldset legend="Shipper" fields={SHIPPER} form={form} />
        <PartyFieldset legend="Receiver" fields={RECEIVER} form={form} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Textarea label="Package Description" autosize minRows={2} maxRows={6} {...text('packageDescription')} />
        <TextInput label="Tracking Code" autoComplete="off" {...text('trackingCode')} />
      </SimpleGrid>
    </>
  );
}
