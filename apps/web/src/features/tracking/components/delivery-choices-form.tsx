import { Button, Group, NativeSelect, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  DELIVERY_DAY_CHOICES,
  type DeliveryPreferences,
  dayInWords,
  deliveryPreferencesInputSchema,
  INSTRUCTIONS_MAX,
  SAFE_PLACE_KINDS,
  SAFE_PLACE_LABELS,
  type SafePlaceKind,
} from '@waybill/domain';
import { type FormEvent, useState } from 'react';
import { ApiError, serverMessageOr } from '../../../lib/api-client.ts';
import { fieldErrorsOf } from '../../../lib/field-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { savePreferences } from '../api/manage-delivery.ts';

const SAVE_FAILED = 'Could not save your delivery choices. Please try again.';
export const CHOICES_SAVED = 'Your delivery choices are saved. The driver sees them on the day.';

interface DeliveryChoicesFormProps {
  code: string;
  saved: DeliveryPreferences;
  onSaved: (saved: DeliveryPreferences) => void;
  /** The check has run out (30 minutes) or belongs to another package: confirm again. */
  onCheckLost: () => void;
}

/** Instructions for the driver and a safe place, replaced whole on save (PUT /api/track/{code}/preferences). */
export function DeliveryChoicesForm({ code, saved, onSaved, onCheckLost }: DeliveryChoicesFormProps) {
  const [instructions, setInstructions] = useState(saved.instructions);
  const [kind, setKind] = useState<SafePlaceKind>(saved.safePlace.kind);
  const [neighbourName, setNeighbourName] = useState(
    saved.safePlace.kind === 'neighbour' ? saved.safePlace.neighbourName : '',
  );
  const [neighbourHouse, setNeighbourHouse] = useState(
    saved.safePlace.kind === 'neighbour' ? saved.safePlace.neighbourHouse : '',
  );
  const [deliveryDay, setDeliveryDay] = useState(saved.deliveryDay ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const send = useSingleFlight(async () => {
    const input = {
      instructions,
      safePlace: kind === 'neighbour' ? { kind, neighbourName, neighbourHouse } : { kind },
      deliveryDay: deliveryDay === '' ? null : deliveryDay,
    };
    const parsed = deliveryPreferencesInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      onSaved(await savePreferences(code, parsed.data));
      notifySuccess({ title: 'Delivery choices', message: CHOICES_SAVED });
    } catch (failure) {
      if (failure instanceof ApiError && (failure.status === 401 || failure.status === 403)) onCheckLost();
      else if (failure instanceof ApiError && Object.keys(failure.errors).length > 0) setErrors(failure.errors);
      else notifyError({ title: 'Delivery choices', message: serverMessageOr(failure, SAVE_FAILED) });
    } finally {
      setSending(false);
    }
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Delivery choices">
      <Stack gap="md">
        <Textarea
          label="Delivery instructions"
          description={`For the driver, never printed on the label: ${instructions.length} of ${INSTRUCTIONS_MAX} characters`}
          name="instructions"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={INSTRUCTIONS_MAX}
          value={instructions}
          error={errors.instructions}
          onChange={(event) => setInstructions(event.currentTarget.value)}
        />
        <Radio.Group
          label="Safe place"
          description="Where the driver may leave the package when nobody answers"
          name="safePlace"
          value={kind}
          onChange={(value) => setKind(value as SafePlaceKind)}
          error={errors.safePlace}
        >
          <Stack gap="xs" mt="xs">
            {SAFE_PLACE_KINDS.map((option) => (
              <Radio key={option} value={option} label={SAFE_PLACE_LABELS[option]} />
            ))}
          </Stack>
        </Radio.Group>
        {kind === 'neighbour' ? (
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Neighbour's name"
              name="neighbourName"
              maxLength={100}
              value={neighbourName}
              error={errors['safePlace.neighbourName']}
              onChange={(event) => setNeighbourName(event.currentTarget.value)}
              style={{ flex: '1 1 14rem' }}
            />
            <TextInput
              label="Their house number or name"
              name="neighbourHouse"
              maxLength={50}
              value={neighbourHouse}
              error={errors['safePlace.neighbourHouse']}
              onChange={(event) => setNeighbourHouse(event.currentTarget.value)}
              style={{ flex: '1 1 10rem' }}
            />
          </Group>
        ) : null}
        <DeliveryDayField saved={saved} value={deliveryDay} error={errors.deliveryDay} onChange={setDeliveryDay} />
        {saved.setBy ? (
          <Text size="sm" c="dimmed">
            Last changed by the {saved.setBy === 'recipient' ? 'recipient' : 'sender'}.
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={sending}>
            Save choices
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The estimated day, or one of the next working days after it (the days the server offers). */
function DeliveryDayField({
  saved,
  value,
  error,
  onChange,
}: {
  saved: DeliveryPreferences;
  value: string;
  error?: string;
  onChange: (day: string) => void;
}) {
  if (saved.deliveryDays.length === 0 && !saved.deliveryDay) {
    return (
      <Text size="sm" c="dimmed">
        Another delivery day can be chosen once the package has been accepted and given an estimated delivery.
      </Text>
    );
  }
  // A day chosen earlier stays on offer even once it is no longer among the next working days.
  const days =
    saved.deliveryDay && !saved.deliveryDays.includes(saved.deliveryDay)
      ? [saved.deliveryDay, ...saved.deliveryDays]
      : saved.deliveryDays;
  return (
    <NativeSelect
      label="Delivery day"
      description={`The estimated day, or one of the next ${DELIVERY_DAY_CHOICES} working days after it`}
      name="deliveryDay"
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[{ value: '', label: 'As estimated' }, ...days.map((day) => ({ value: day, label: dayInWords(day) }))]}
    />
  );
}
