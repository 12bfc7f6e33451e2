import { Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { countOf, type DeliverySettings, type DeliverySettingsInput, TOAST_MS } from '@waybill/domain';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateDeliverySettings } from '../api/delivery-settings.ts';
import {
  DELIVERY_SETTINGS_BOUNDS,
  type DeliverySettingsFormValues,
  deliverySettingsResolver,
  placeDeliverySettingsErrors,
  toDeliverySettingsFormValues,
} from '../delivery-settings-values.ts';
import { HolidaysField, WorkingDaysField } from './delivery-days-fields.tsx';
import { FailureReasonsField } from './failure-reasons-field.tsx';

export interface DeliverySettingsFormProps {
  settings: DeliverySettings;
  /** After a save: the dialog closes. */
  onDone: () => void;
  onCancel: () => void;
}

/** "Central depot, Accra · 3 attempts before returning · 5 failure reasons". */
export function describeDeliverySettings(settings: DeliverySettings): string {
  return [
    settings.depotLocation,
    `${countOf(settings.maxAttempts, 'attempt', 'attempts')} before returning`,
    countOf(settings.failureReasons.length, 'failure reason', 'failure reasons'),
  ].join(' · ');
}

/** The admin's editor of the delivery settings, checked with the server's schema, saved with PUT. */
export function DeliverySettingsForm({ settings, onDone, onCancel }: DeliverySettingsFormProps) {
  const form = useForm<DeliverySettingsFormValues, unknown, DeliverySettingsInput>({
    resolver: deliverySettingsResolver,
    defaultValues: toDeliverySettingsFormValues(settings),
  });
  const update = useUpdateDeliverySettings();
  const { errors } = form.formState;
  const busy = form.formState.isSubmitting || update.isPending;

  async function submit(input: DeliverySettingsInput) {
    let saved: DeliverySettings;
    try {
      saved = await update.mutateAsync(input);
    } catch (error) {
      // A 401 sends the operator to sign in (the console frame), with no toast of its own.
      if (error instanceof ApiError && error.status === 401) return;
      notifyError({
        title: 'Error saving the delivery settings',
        message: error instanceof Error ? error.message : String(error),
        autoClose: TOAST_MS.error,
      });
      if (error instanceof ApiError) {
        const reasons = input.failureReasons;
        for (const { name, message } of placeDeliverySettingsErrors(Object.entries(error.errors), reasons)) {
          form.setError(name, { type: 'server', message });
        }
      }
      return;
    }
    notifySuccess({
      title: 'Delivery settings saved',
      message: describeDeliverySettings(saved),
      autoClose: TOAST_MS.contactDetailsSuccess,
    });
    onDone();
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} aria-label="Edit delivery settings">
      <Stack gap="md">
        <TextInput
          label="Depot location"
          description="Named in the “Out for Delivery” update when a driver loads a package."
          maxLength={DELIVERY_SETTINGS_BOUNDS.depotLocationLength}
          error={errors.depotLocation?.message}
          {...form.register('depotLocation')}
        />
        <Controller
          control={form.control}
          name="maxAttempts"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Failed attempts before returning"
              description={`After this many failed attempts the package goes to “Returning to sender”. ${DELIVERY_SETTINGS_BOUNDS.minAttempts} to ${DELIVERY_SETTINGS_BOUNDS.maxAttempts}.`}
              min={DELIVERY_SETTINGS_BOUNDS.minAttempts}
              max={DELIVERY_SETTINGS_BOUNDS.maxAttempts}
              allowDecimal={false}
              allowNegative={false}
              // The schema's message says what is wrong; a value changed on blur would be saved unseen.
              clampBehavior="none"
              inputMode="numeric"
              // A number of one or two digits: the box stays narrow, its label and description do not.
              styles={{ wrapper: { maxWidth: '12rem' } }}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <FailureReasonsField form={form} />
        <WorkingDaysField form={form} />
        <HolidaysField form={form} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
