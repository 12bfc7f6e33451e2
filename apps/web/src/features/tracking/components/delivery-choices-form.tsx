import { Button, Group, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  type DeliveryPreferences,
  deliveryPreferencesInputSchema,
  INSTRUCTIONS_MAX,
  SAFE_PLACE_KINDS,
  SAFE_PLACE_LABELS,
  type SafePlaceKind,
} from '@waybill/domain';
import { type FormEvent, useState } from 'react';
import { ApiError, serverMessageOr } from '../../../lib/api-client.ts';
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const send = useSingleFlight(async () => {
    const input = {
      instructions,
      safePlace: kind === 'neighbour' ? { kind, neighbourName, neighbourHouse } : { kind },
    };
    const parsed = deliveryPreferencesInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
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
