import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  type AccountSession,
  type AccountShipInput,
  accountShipInputSchema,
  DIMENSION_UNITS,
  type DimensionUnit,
  LIMITS,
  PACKAGE_DEFAULTS,
} from '@waybill/domain';
import { useState } from 'react';
import { Controller, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { NumberField } from '../../../components/number-field/number-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useShipForAccount } from '../api/shipments.ts';
import { SHIP_FAILED, SHIPPED_TITLE } from '../messages.ts';

/** What the form holds while it is filled in: number fields may be blank or hold text as typed. */
interface AccountShipValues {
  pickupLocation: string;
  receiverName: string;
  receiverEmail: string;
  receiverPhone: string;
  destination: string;
  description: string;
  quantity: number | string;
  weight: number | string;
  dimensionUnit: DimensionUnit;
  length: number | string;
  width: number | string;
  height: number | string;
}
type NumberName = 'quantity' | 'weight' | 'length' | 'width' | 'height';

// The schema's number fields accept text too, so its input type is wider than the form's.
const resolver = zodResolver(accountShipInputSchema) as unknown as Resolver<
  AccountShipValues,
  unknown,
  AccountShipInput
>;

const RECEIVER_FIELDS = [
  { field: 'receiverName', label: "Receiver's Name", type: 'text' },
  { field: 'receiverEmail', label: "Receiver's Email", type: 'email' },
  { field: 'receiverPhone', label: "Receiver's Phone", type: 'tel' },
  { field: 'destination', label: 'Destination', type: 'text' },
] as const;

const NUMBER_FIELDS: { field: NumberName; label: string; min: number; step: number; whole?: boolean }[] = [
  { field: 'quantity', label: 'Quantity', min: LIMITS.quantityMin, step: 1, whole: true },
  { field: 'weight', label: 'Weight (kg)', min: LIMITS.weightMin, step: LIMITS.weightStep },
  { field: 'length', label: 'Length', min: LIMITS.dimensionMin, step: 1 },
  { field: 'width', label: 'Width', min: LIMITS.dimensionMin, step: 1 },
  { field: 'height', label: 'Height', min: LIMITS.dimensionMin, step: 1 },
];

/** The account's address as the pickup it starts from. */
export function accountPickup(account: AccountSession['account']): string {
  return [account.address, account.city].filter((part) => part.trim() !== '').join(', ');
}

function blankValues(account: AccountSession['account']): AccountShipValues {
  return {
    pickupLocation: accountPickup(account),
    receiverName: '',
    receiverEmail: '',
    receiverPhone: '',
    destination: '',
    description: '',
    ...PACKAGE_DEFAULTS,
  };
}

/**
 * The ship form's fields for the account: the sender is the account (its company and contact, shown,
 * not typed), the pickup starts at its address. Creates a Pending package and shows its code.
 */
export function AccountShipForm({ account }: { account: AccountSession['account'] }) {
  const form = useForm<AccountShipValues, unknown, AccountShipInput>({ resolver, defaultValues: blankValues(account) });
  const { errors } = form.formState;
  const ship = useShipForAccount();
  const [shipped, setShipped] = useState<string[]>([]);

  const submit = form.handleSubmit((values) =>
    ship.mutate(values, {
      onSuccess: ({ trackingCode }) => {
        notifySuccess({ title: SHIPPED_TITLE, message: `Tracking code: ${trackingCode}` });
        setShipped((earlier) => [trackingCode, ...earlier]);
        form.reset(blankValues(account));
        window.scrollTo({ top: 0 });
      },
      onError: (error) => {
        notifyError({ title: SHIP_FAILED, message: error.message });
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.errors)) {
            if (field in form.getValues()) form.setError(field as keyof AccountShipValues, { type: 'server', message });
          }
        }
      },
    }),
  );

  return (
    <Stack gap="lg">
      {shipped.map((code) => (
        <Alert key={code} color="green" variant="light" title={SHIPPED_TITLE} role="status">
          <Text size="sm">
            Tracking code{' '}
            <Anchor component={Link} to={`/shipments/${code}`} ff="monospace" fw={700}>
              {code}
            </Anchor>
            . It is Pending until we accept it; its label can then be downloaded from its page.
          </Text>
        </Alert>
      ))}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Fieldset legend="Sender">
              <Text size="sm" fw={600}>
                {account.company}
              </Text>
              <Text size="sm" c="dimmed" mb="sm" style={{ overflowWrap: 'anywhere' }}>
                {account.contactName} · {account.contactEmail} · {account.contactPhone}
              </Text>
              <TextInput
                label="Pickup Location"
                description="Your account's address unless you change it."
                autoComplete="street-address"
                required
                error={errors.pickupLocation?.message}
                {...form.register('pickupLocation')}
              />
            </Fieldset>
            <Fieldset legend="Receiver">
              {RECEIVER_FIELDS.map(({ field, label, type }) => (
                <TextInput
                  key={field}
                  mb="sm"
                  label={label}
                  type={type}
                  autoComplete="off"
                  required
                  error={errors[field]?.message}
                  {...form.register(field)}
                />
              ))}
            </Fieldset>
          </SimpleGrid>
          <Fieldset legend="Package details">
            <Textarea
              label="Description"
              required
              rows={3}
              mb="sm"
              error={errors.description?.message}
              {...form.register('description')}
            />
            <SimpleGrid cols={{ base: 2, sm: 3 }} mb="sm">
              {NUMBER_FIELDS.slice(0, 2).map((config) => (
                <AmountField key={config.field} form={form} {...config} />
              ))}
              <NativeSelect
                label="Dimension unit"
                required
                data={[...DIMENSION_UNITS]}
                error={errors.dimensionUnit?.message}
                {...form.register('dimensionUnit')}
              />
            </SimpleGrid>
            <SimpleGrid cols={3}>
              {NUMBER_FIELDS.slice(2).map((config) => (
                <AmountField key={config.field} form={form} {...config} />
              ))}
            </SimpleGrid>
          </Fieldset>
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={ship.isPending}>
              Create package
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function AmountField({
  form,
  field,
  label,
  min,
  step,
  whole,
}: (typeof NUMBER_FIELDS)[number] & { form: UseFormReturn<AccountShipValues, unknown, AccountShipInput> }) {
  return (
    <Controller<AccountShipValues, NumberName, AccountShipInput>
      control={form.control}
      name={field}
      render={({ field: input, fieldState }) => (
        <NumberField
          label={label}
          required
          min={min}
          step={step}
          wholeNumbers={whole}
          name={input.name}
          value={input.value}
          onChange={input.onChange}
          onBlur={input.onBlur}
          ref={input.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
