import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { packageCheckInputSchema } from '@waybill/domain';
import { type FormEvent, useState } from 'react';
import { ApiError, serverMessageOr } from '../../../lib/api-client.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { checkPackage } from '../api/manage-delivery.ts';

const CHECK_FAILED = 'Could not check the digits. Please try again.';

interface PackageCheckFormProps {
  code: string;
  /** What the check lets the visitor do, ending the sentence "Are you the sender or the recipient? Confirm it …". */
  purpose: string;
  /** Said above the form, e.g. that an earlier check has run out. */
  note?: string;
  onChecked: () => void;
}

/**
 * The sender or the recipient proves who they are with the last four digits of their phone number
 * (POST /api/track/{code}/verify); the answer is the same for every wrong try, and a sixth in an hour
 * is refused with the server's own words.
 */
export function PackageCheckForm({ code, purpose, note, onChecked }: PackageCheckFormProps) {
  const [digits, setDigits] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  const send = useSingleFlight(async () => {
    const parsed = packageCheckInputSchema.safeParse({ phoneLast4: digits.trim() });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      await checkPackage(code, parsed.data);
      setDigits('');
      onChecked();
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status !== 0 ? serverMessageOr(failure, CHECK_FAILED) : CHECK_FAILED,
      );
    } finally {
      setSending(false);
    }
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Confirm who you are">
      <Stack gap="sm">
        {note ? (
          <Text size="sm" c="orange.9" role="status">
            {note}
          </Text>
        ) : null}
        <Text size="sm">
          Are you the sender or the recipient? Confirm it with the last four digits of your phone number {purpose}.
        </Text>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Last four digits of your phone number"
            name="phoneLast4"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={digits}
            error={error}
            onChange={(event) => setDigits(event.currentTarget.value)}
            style={{ flex: '0 1 16rem' }}
          />
          <Button type="submit" variant="light" loading={sending} mt={{ base: 0, xs: 25 }}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
