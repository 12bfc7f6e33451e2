import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  ACCOUNT_COUNTRIES,
  type AccountRequest,
  ALL_FIELDS_REQUIRED,
  accountRequestSchema,
  TOAST_MS,
} from '@waybill/domain';
import { useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { notifyError } from '../../../lib/notify.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { submitAccountRequest } from '../api/submit-account-request.ts';

interface AccountRequestValues {
  name: string;
  email: string;
  phone: string;
  address: string;
  company: string;
  city: string;
  country: string;
  password: string;
}

const EMPTY_REQUEST: AccountRequestValues = {
  name: '',
  email: '',
  phone: '',
  address: '',
  company: '',
  city: '',
  country: '',
  password: '',
};

// The form holds a blank country before one is chosen; the schema narrows it to the listed countries.
const resolver = zodResolver(accountRequestSchema) as unknown as Resolver<
  AccountRequestValues,
  unknown,
  AccountRequest
>;

/** A blank field only turns red (the toast says why); any other problem is spelt out under the field. */
function fieldError(message: string | undefined): string | boolean | undefined {
  return message === ALL_FIELDS_REQUIRED ? true : message;
}

/** Request an Account: eight fields, all required; calls `onSubmitted` once the request is received. */
export function AccountRequestForm({ onSubmitted }: { onSubmitted: () => void }) {
  const form = useForm<AccountRequestValues, unknown, AccountRequest>({ resolver, defaultValues: EMPTY_REQUEST });
  const { errors } = form.formState;
  const [submitting, setSubmitting] = useState(false);

  // Enter pressed twice or a double click sends one request.
  const send = useSingleFlight(async (request: AccountRequest) => {
    setSubmitting(true);
    try {
      await submitAccountRequest(request);
      onSubmitted();
    } catch (error) {
      notifyError({
        title: 'Error submitting request',
        message: error instanceof Error ? error.message : String(error),
        autoClose: TOAST_MS.error,
      });
      setSubmitting(false);
    }
  });

  function reportInvalid(invalid: FieldErrors<AccountRequestValues>) {
    if (!Object.values(invalid).some((error) => error?.message === ALL_FIELDS_REQUIRED)) return;
    notifyError({
      title: 'Error',
      message: ALL_FIELDS_REQUIRED,
      autoClose: TOAST_MS.validation,
    });
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(send, reportInvalid)}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextInput
          label="Name"
          required
          autoComplete="name"
          error={fieldError(errors.name?.message)}
          {...form.register('name')}
        />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          error={fieldError(errors.email?.message)}
          {...form.register('email')}
        />
        <TextInput
          label="Phone"
          type="tel"
          required
          autoComplete="tel"
          error={fieldError(errors.phone?.message)}
          {...form.register('phone')}
        />
        <TextInput
          label="Company"
          required
          autoComplete="organization"
          error={fieldError(errors.company?.message)}
          {...form.register('company')}
        />
        <TextInput
          label="Address"
          required
          autoComplete="street-address"
          error={fieldError(errors.address?.message)}
          {...form.register('address')}
        />
        <TextInput
          label="City"
          required
          autoComplete="address-level2"
          error={fieldError(errors.city?.message)}
          {...form.register('city')}
        />
        <Controller
          control={form.control}
          name="country"
          render={({ field }) => (
            <Select
              label="Country"
              placeholder="Choose a country"
              required
              data={[...ACCOUNT_COUNTRIES]}
              allowDeselect={false}
              name={field.name}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldError(errors.country?.message)}
            />
          )}
        />
        <PasswordInput
          label="Password"
          required
          autoComplete="new-password"
          error={fieldError(errors.password?.message)}
          {...form.register('password')}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="xl">
        <Button type="submit" size="md" loading={submitting}>
          Submit Request
        </Button>
      </Group>
    </form>
  );
}
