import { Alert, Anchor, Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMessageCheck } from '@tabler/icons-react';
import {
  ACCOUNT_COUNTRIES,
  TEXT_CODE_LENGTH,
  type TextSubscribeBody,
  textConfirmBodySchema,
  textSubscribeBodySchema,
} from '@waybill/domain';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, serverMessageOr } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { askForTextCode, confirmTextCode } from '../api/text-updates.ts';

const FAILED = 'Could not ask for text updates. Please try again.';
const CALLING_CODES: Record<(typeof ACCOUNT_COUNTRIES)[number], string> = {
  Nigeria: '+234',
  Ghana: '+233',
  Kenya: '+254',
  'United States': '+1',
  'United Kingdom': '+44',
};
const COUNTRY_OPTIONS = [
  { value: '', label: 'Typed with its + code' },
  ...ACCOUNT_COUNTRIES.map((country) => ({ value: country, label: `${country} (${CALLING_CODES[country]})` })),
];

type Step = { kind: 'number' } | { kind: 'code'; sent: string } | { kind: 'done'; message: string };

/**
 * "Get text updates" under a package's tracking result, offered only when the server can send texts:
 * a number (with its country, or typed with its + code) gets a 6-digit code by text, and entering it
 * starts the package's texts. What the page says after asking is true whatever the number's state.
 */
export function TextUpdatesForm({ code }: { code: string }) {
  const [step, setStep] = useState<Step>({ kind: 'number' });
  const [phone, setPhone] = useState('');
  const [country, setCountry] = useState('');
  const [digits, setDigits] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const number = (): TextSubscribeBody => ({
    phone,
    ...(country !== '' && { country: country as TextSubscribeBody['country'] }),
  });

  async function call(task: () => Promise<void>) {
    setBusy(true);
    try {
      await task();
    } catch (error) {
      if (error instanceof ApiError && (error.errors.phone || error.errors.code)) {
        setErrors({ phone: error.errors.phone, code: error.errors.code });
      } else if (error instanceof ApiError && error.status === 410) {
        setErrors({ code: serverMessageOr(error, FAILED) });
      } else {
        notifyError({ title: 'Text updates', message: serverMessageOr(error, FAILED) });
      }
    } finally {
      setBusy(false);
    }
  }

  const askCode = useSingleFlight(async () => {
    const parsed = textSubscribeBodySchema.safeParse(number());
    if (!parsed.success) {
      setErrors({ phone: parsed.error.issues[0]?.message });
      return;
    }
    setErrors({});
    await call(async () => {
      const sent = await askForTextCode(code, parsed.data);
      setDigits('');
      setStep({ kind: 'code', sent });
    });
  });

  const confirm = useSingleFlight(async () => {
    const parsed = textConfirmBodySchema.safeParse({ ...number(), code: digits });
    if (!parsed.success) {
      setErrors({ code: parsed.error.issues[0]?.message });
      return;
    }
    setErrors({});
    await call(async () => {
      const answer = await confirmTextCode(code, parsed.data);
      setStep({ kind: 'done', message: answer.message });
    });
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void (step.kind === 'code' ? confirm() : askCode());
  }

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Get text updates
        </Title>
        <Text size="sm" c="dimmed">
          A text when this package is out for delivery, if a delivery attempt fails, when it is delivered and if it
          returns to its sender. We first text a 6-digit code to confirm the number; reply STOP to any text to stop.
        </Text>
        {step.kind === 'done' ? (
          <Alert
            color="teal"
            icon={<IconMessageCheck size={18} aria-hidden />}
            role="status"
            data-testid="texts-confirmed"
          >
            {step.message}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate aria-labelledby={titleId}>
            <Stack gap="sm">
              <Group align="flex-start" gap="sm" wrap="wrap">
                <NativeSelect
                  label="Country"
                  data={COUNTRY_OPTIONS}
                  value={country}
                  disabled={step.kind === 'code'}
                  onChange={(event) => setCountry(event.currentTarget.value)}
                  style={{ flex: '1 1 12rem', minWidth: 0 }}
                />
                <TextInput
                  label="Mobile number"
                  name="phone"
                  type="tel"
                  autoComplete="tel"
                  maxLength={40}
                  value={phone}
                  readOnly={step.kind === 'code'}
                  error={errors.phone}
                  onChange={(event) => setPhone(event.currentTarget.value)}
                  style={{ flex: '1 1 12rem', minWidth: 0 }}
                />
              </Group>
              {step.kind === 'code' ? (
                <>
                  <Text size="sm" role="status" data-testid="text-code-sent">
                    {step.sent}
                  </Text>
                  <Group align="flex-start" gap="sm" wrap="wrap">
                    <TextInput
                      label="6-digit code"
                      name="code"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={TEXT_CODE_LENGTH}
                      value={digits}
                      error={errors.code}
                      onChange={(event) => setDigits(event.currentTarget.value)}
                      style={{ flex: '1 1 10rem', minWidth: 0 }}
                    />
                    <Button type="submit" loading={busy} mt={{ base: 0, xs: 25 }}>
                      Confirm
                    </Button>
                  </Group>
                  <Group gap="md">
                    <Anchor component="button" type="button" size="sm" onClick={() => void askCode()}>
                      Send a new code
                    </Anchor>
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => {
                        setErrors({});
                        setStep({ kind: 'number' });
                      }}
                    >
                      Use another number
                    </Anchor>
                  </Group>
                </>
              ) : (
                <Group justify="flex-start">
                  <Button type="submit" loading={busy}>
                    Text me a code
                  </Button>
                </Group>
              )}
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
